import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import type { PageFields } from '../../../domain/content/page.js';
import { FormSection } from '../content-form-parts.js';

type KspValues = Pick<PageFields, 'ksp_content' | 'ksp_bg_hex' | 'ksp_button_title' | 'ksp_button_url'>;

/** '#abc' or 'abc' or '#aabbcc' -> '#aabbcc' for the colour swatch; null when it is no colour yet. */
const swatchColour = (hex: string) => {
  const digits = hex.replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(digits)) return `#${digits.toLowerCase()}`;
  if (/^[0-9a-f]{3}$/i.test(digits))
    return `#${[...digits]
      .map((digit) => digit + digit)
      .join('')
      .toLowerCase()}`;
  return null;
};

/** The key selling points panel: its text, background colour and button. */
export function KspFields<Draft extends KspValues>({
  draft,
  change,
  errorOf,
}: {
  draft: Draft;
  change: <Key extends keyof KspValues>(key: Key, value: KspValues[Key]) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const colour = swatchColour(draft.ksp_bg_hex);
  return (
    <FormSection title="Key selling points" id="ksp">
      <RichTextEditor label="Key selling points" value={draft.ksp_content} error={errorOf('ksp_content')} onChange={(value) => change('ksp_content', value)} />
      <div className="colour-field">
        <FormField label="Background colour" error={errorOf('ksp_bg_hex')} hint="A hex colour such as #1f6f43">
          <input type="text" value={draft.ksp_bg_hex} onChange={(event) => change('ksp_bg_hex', event.target.value)} />
        </FormField>
        <label className="colour-pick">
          <span className="visually-hidden">Pick the background colour</span>
          <input type="color" value={colour ?? '#ffffff'} onChange={(event) => change('ksp_bg_hex', event.target.value)} />
        </label>
      </div>
      <div className="content-row">
        <FormField label="Button title" error={errorOf('ksp_button_title')}>
          <input type="text" value={draft.ksp_button_title} onChange={(event) => change('ksp_button_title', event.target.value)} />
        </FormField>
        <FormField label="Button URL" error={errorOf('ksp_button_url')}>
          <input type="text" value={draft.ksp_button_url} onChange={(event) => change('ksp_button_url', event.target.value)} />
        </FormField>
      </div>
    </FormSection>
  );
}
