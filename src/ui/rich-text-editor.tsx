import { useEffect, useId, useMemo, useRef } from 'react';
import { EditorContent, generateHTML, generateJSON, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { RICH_TEXT_HEADING_LEVELS } from '../domain/rich-text-allowlist.js';
import { FieldMessage } from './form-field.js';

type ToolbarButton = { label: string; title: string; run: (editor: Editor) => void; active: (editor: Editor) => boolean };

// The headings the server keeps (src/domain/rich-text-allowlist.ts): the page title is the only h1.
const HEADING_LEVELS = RICH_TEXT_HEADING_LEVELS;

const EXTENSIONS = [StarterKit.configure({ heading: { levels: [...HEADING_LEVELS] } })];

// The starter kit keeps an empty paragraph after a closing list or heading (so the caret can get
// below it), added the first time the editor gets the focus: it is not part of the text.
const withoutTrailingParagraphs = (html: string) => html.replace(/(<p><\/p>)+$/, '');
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : withoutTrailingParagraphs(editor.getHTML()));
/** Stored HTML as this editor writes it (stored text may differ in form only: `<li>` without `<p>`...). */
const asEditorWrites = (html: string) => (html.trim() === '' ? '' : withoutTrailingParagraphs(generateHTML(generateJSON(html, EXTENSIONS), EXTENSIONS)));

const TOOLBAR: ToolbarButton[] = [
  { label: 'B', title: 'Bold (Ctrl+B)', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { label: 'I', title: 'Italic (Ctrl+I)', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  ...HEADING_LEVELS.map((level) => ({
    label: `H${level}`,
    title: `Heading ${level}`,
    run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
    active: (e: Editor) => e.isActive('heading', { level }),
  })),
  { label: '• List', title: 'Bulleted list', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { label: '1. List', title: 'Numbered list', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
];

/**
 * The one rich-text editor of the app (Tiptap + starter kit). It edits HTML; the server sanitises
 * whatever arrives before storing it, so this editor is a convenience, not a safety boundary.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  hint?: string;
}) {
  const labelId = useId();
  const messageId = `${labelId}-message`;
  const written = useMemo(() => asEditorWrites(value), [value]);
  const given = useRef({ value, written });
  useEffect(() => {
    given.current = { value, written };
  });
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    // Text that only differs in form from what the form gave is reported as the form's own, so
    // tabbing through an editor (or typing and undoing) leaves the form unchanged.
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      onChange(html === given.current.written ? given.current.value : html);
    },
    editorProps: {
      // Tab and Shift+Tab move the focus along the form, as in any field. Left to the editor, they
      // indent or outdent the list item under the caret, so tabbing through a form would silently
      // change its lists. Skipping the editor's own handling leaves the browser's focus move.
      handleDOMEvents: { keydown: (_view, event) => event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey },
      attributes: {
        'aria-labelledby': labelId,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'rich-text-content',
        ...(error || hint ? { 'aria-describedby': messageId } : {}),
      },
    },
  });
  // Content loaded after mounting (a refetch) replaces the editor's text, but typing does not loop.
  // Typing leaves the value equal to the editor's HTML; a parse of it could still differ (a
  // trailing space), so it is compared as written as well as as the editor would write it.
  useEffect(() => {
    // A screen shown again by its Suspense boundary re-runs effects while Tiptap swaps a destroyed
    // editor for a new one; the destroyed one has no schema left to write HTML with.
    if (!editor || editor.isDestroyed) return;
    const current = htmlOf(editor);
    if (value !== current && written !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, written]);
  return (
    <div className={`form-field rich-text${error ? ' has-error' : ''}`}>
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div className="rich-text-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {editor &&
          TOOLBAR.map((button) => (
            <button
              key={button.title}
              type="button"
              title={button.title}
              aria-pressed={button.active(editor)}
              className="toolbar-button"
              onClick={() => button.run(editor)}
            >
              {button.label}
            </button>
          ))}
      </div>
      <EditorContent editor={editor} />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
