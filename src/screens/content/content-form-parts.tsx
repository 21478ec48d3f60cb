import { useEffect, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../ui/form-field.js';
import type { RecordKind } from '../../domain/record-kinds.js';
import { LastChanged } from '../record-changes/last-changed.js';
import { SaveButton } from '../reference/reference-form-screen.js';
import './content.css';

/** A content form's page: the heading, the form (Enter submits) and its Save and Cancel. */
export function ContentFormPage({
  title,
  onSubmit,
  saving,
  cancelTo,
  className = 'content-form',
  aside,
  record,
  children,
}: {
  title: string;
  /** The record edited, for "Last changed by"; none for a new one. */
  record?: { kind: RecordKind; id: number; version: number } | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  cancelTo?: string;
  className?: string;
  /** Shown beside the form (the redirect codes legend). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const form = (
    <form className={className} onSubmit={onSubmit} noValidate aria-label={title}>
      {children}
      <FormActions saving={saving} cancelTo={cancelTo} />
    </form>
  );
  return (
    <section className="page content-form-page">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {record && <LastChanged {...record} />}
      {aside ? (
        <div className="content-list-with-aside form-with-aside">
          {form}
          {aside}
        </div>
      ) : (
        form
      )}
    </section>
  );
}

/** Save (disabled while saving) and Cancel back to the list, as every form has them. */
export function FormActions({ saving, cancelTo }: { saving: boolean; cancelTo?: string }) {
  return (
    <div className="form-actions content-form-actions">
      <SaveButton saving={saving} />
      {cancelTo && (
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
      )}
    </div>
  );
}

/** A titled group of fields on a white card. */
export function FormSection({ title, id, children, wide }: { title: string; id?: string; children: ReactNode; wide?: boolean }) {
  return (
    <fieldset id={id ? `section-${id}` : undefined} className={`content-section${wide ? ' wide' : ''}`}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled checkbox on one line. */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="content-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

type SeoValues = { seo_title: string; seo_description: string; seo_keywords: string };

/** The three SEO fields every public record has, with SPEC.md's guidance labels. */
export function SeoFields({
  values,
  onChange,
  errorOf,
}: {
  values: SeoValues;
  onChange: (key: keyof SeoValues, value: string) => void;
  errorOf: (path: string) => string | undefined;
}) {
  return (
    <FormSection title="SEO" id="seo">
      <FormField label="SEO title (max 80 characters)" error={errorOf('seo_title')}>
        <input type="text" value={values.seo_title} onChange={(event) => onChange('seo_title', event.target.value)} />
      </FormField>
      <FormField label="SEO description (max 150 characters)" error={errorOf('seo_description')}>
        <textarea rows={3} value={values.seo_description} onChange={(event) => onChange('seo_description', event.target.value)} />
      </FormField>
      <FormField label="SEO keywords (max 5, separated by commas)" error={errorOf('seo_keywords')}>
        <input type="text" value={values.seo_keywords} onChange={(event) => onChange('seo_keywords', event.target.value)} />
      </FormField>
    </FormSection>
  );
}

/**
 * A route's optional `{section}` (/blogs/{slug}/seo) names the part of the form to open at: it is
 * scrolled into view and its first field focused, once, when the form appears.
 */
export function useOpenAtSection(section: string | undefined) {
  useEffect(() => {
    if (!section) return;
    const target = document.getElementById(`section-${section}`);
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')?.focus();
  }, [section]);
}

/**
 * After a refused save, takes staff to the first field marked invalid (it may be far down the
 * form, or on another tab that the form has just opened). Runs once the messages are drawn.
 */
export function focusFirstInvalid(form: HTMLFormElement) {
  setTimeout(() => {
    // A marked control, or a marked field whose control is inside (an image picker, a rich-text editor).
    const marked = form.querySelector<HTMLElement>('[aria-invalid="true"], .form-field.has-error');
    if (!marked) return;
    const control = marked.matches('input, select, textarea')
      ? marked
      : (marked.querySelector<HTMLElement>('[contenteditable="true"]') ?? marked.querySelector<HTMLElement>('input, select, textarea, button'));
    marked.scrollIntoView?.({ block: 'center' });
    control?.focus();
  }, 0);
}
