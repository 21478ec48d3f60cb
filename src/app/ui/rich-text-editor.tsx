import { useEffect, useId } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

type ToolbarButton = { label: string; title: string; run: (editor: Editor) => void; active: (editor: Editor) => boolean };

// Headings 2-6 only (SPEC.md section 9): the page title is the only h1.
const HEADING_LEVELS = [2, 3, 4, 5, 6] as const;

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
export function RichTextEditor({ label, value, onChange, error, hint }: { label: string; value: string; onChange: (html: string) => void; error?: string | null; hint?: string }) {
  const labelId = useId();
  const messageId = `${labelId}-message`;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [...HEADING_LEVELS] } })],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      // Tab and Shift+Tab move the focus along the form, as in any field. Left to the editor, they
      // indent or outdent the list item under the caret, so tabbing through a form would silently
      // change its lists. Skipping the editor's own handling leaves the browser's focus move.
      handleDOMEvents: { keydown: (_view, event) => event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey },
      attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text-content', ...(error || hint ? { 'aria-describedby': messageId } : {}) },
    },
  });
  // Content loaded after mounting (a refetch) replaces the editor's text, but typing does not loop.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
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
      {error ? (
        <span id={messageId} className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span id={messageId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
