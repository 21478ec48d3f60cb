import { useParams } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { REDIRECT_CODE_OPTIONS } from '../../../domain/content/content-constants.js';
import { newRedirect, redirectCreateSchema, type Redirect, type RedirectFields } from '../../../domain/content/redirect.js';
import { CheckField, ContentFormPage } from '../content-form-parts.js';
import { ContentRecordFrame } from '../content-record-frame.js';
import { useContentForm } from '../use-content-form.js';
import { RedirectCodeLegend } from './redirect-code-legend.js';

/** /redirect-create and /redirect/{id}. */
export function RedirectFormScreen() {
  const { slug } = useParams();
  return (
    <ContentRecordFrame query={slug ? contentQueries.redirect(slug) : null} what="redirect" listPath="/redirects" listTitle="Redirects">
      {(redirect) => <RedirectForm key={redirect?.id ?? 'new'} redirect={redirect} />}
    </ContentRecordFrame>
  );
}

const fieldsOf = ({ old_url, new_url, code, show }: Redirect): RedirectFields => ({ old_url, new_url, code: code as RedirectFields['code'], show });

function RedirectForm({ redirect }: { redirect: Redirect | null }) {
  const title = redirect ? `Redirect ${redirect.old_url}` : 'New redirect';
  usePageTitle(title);
  // SPEC.md section 5: a URL that breaks its rule is refused here, and nothing is sent.
  const { draft, change, errorOf, touch, saving, submit } = useContentForm({
    initial: () => (redirect ? fieldsOf(redirect) : newRedirect()),
    schema: redirectCreateSchema,
    send: (values, _changed, version) =>
      redirect
        ? api.redirects.save({ params: { id: redirect.id }, body: { ...values, version: version ?? redirect.version } })
        : api.redirects.create({ body: values }),
    listPath: '/redirects',
    merge: redirect
      ? {
          // Read afresh, not into the redirect's query.
          current: async () => {
            const stored = await api.redirects.read({ params: { id: redirect.id } });
            return { draft: fieldsOf(stored), version: stored.version };
          },
          lastChange: { kind: 'redirects', id: redirect.id },
        }
      : undefined,
  });
  return (
    <ContentFormPage
      title={title}
      onSubmit={submit}
      saving={saving}
      cancelTo="/redirects"
      className="content-form narrow"
      aside={<RedirectCodeLegend />}
      record={redirect && { kind: 'redirects', id: redirect.id, version: redirect.version }}
    >
      <FormField label="Old URL" error={errorOf('old_url')} hint='The address on the website, starting with "/"'>
        <input type="text" autoFocus value={draft.old_url} onChange={(event) => change('old_url', event.target.value)} onBlur={() => touch('old_url')} />
      </FormField>
      <FormField label="New URL" error={errorOf('new_url')} hint='Where visitors go instead, starting and ending with "/"'>
        <input type="text" value={draft.new_url} onChange={(event) => change('new_url', event.target.value)} onBlur={() => touch('new_url')} />
      </FormField>
      <FormField label="Code" error={errorOf('code')}>
        <select value={draft.code} onChange={(event) => change('code', Number(event.target.value) as RedirectFields['code'])}>
          {REDIRECT_CODE_OPTIONS.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      <CheckField label="Show" checked={draft.show} onChange={(show) => change('show', show)} />
    </ContentFormPage>
  );
}
