import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { ErrorView, LoadingView } from '../../../ui/status-views.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { OPENING_DAYS } from '../../../domain/content/content-constants.js';
import { contactsFieldsSchema, newContacts, OPENING_HOURS_FIELDS, type Contacts, type ContactsFields } from '../../../domain/content/contacts.js';
import { ContentFormPage, FormSection } from '../content-form-parts.js';
import { useContentForm } from '../use-content-form.js';

/** /contacts: the site's first contacts entry (SPEC.md section 7); saving creates it when there is none. */
export function ContactsScreen() {
  usePageTitle('Contacts');
  const contacts = useQuery(contentQueries.contacts());
  if (contacts.isPending) return <LoadingView />;
  if (contacts.isError) return <ErrorView message="The contacts could not be loaded." />;
  return <ContactsForm first={contacts.data[0] ?? null} />;
}

const fieldsOf = (contacts: Contacts): ContactsFields => {
  const { email, tel_gb, tel_us, tel_au } = contacts;
  return { email, tel_gb, tel_us, tel_au, ...Object.fromEntries(OPENING_HOURS_FIELDS.map((field) => [field, contacts[field]])) } as ContactsFields;
};
const capitalise = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

function ContactsForm({ first }: { first: Contacts | null }) {
  // The stored entry after a save: the next save updates it with its new version.
  const [stored, setStored] = useState(first);
  const { draft, change, errorOf, touch, saving, submit } = useContentForm({
    initial: () => (first ? fieldsOf(first) : newContacts()),
    schema: contactsFieldsSchema,
    send: (values, _changed, version) =>
      stored
        ? api.contacts.save({ params: { id: stored.id }, body: { ...values, version: version ?? stored.version } })
        : api.contacts.create({ body: values }),
    // Issue 29: a stale save merges with the entry as stored now, read afresh.
    merge: stored
      ? {
          current: async () => {
            const fresh = (await api.contacts.list({})).find((entry) => entry.id === stored.id);
            if (!fresh) throw new Error('The contacts were deleted since you opened them. Nothing was saved.');
            return { draft: fieldsOf(fresh), version: fresh.version };
          },
          lastChange: { kind: 'contacts', id: stored.id },
        }
      : undefined,
    onSaved: (saved, rebase) => {
      setStored(saved);
      rebase(fieldsOf(saved));
    },
  });
  const text = (key: keyof ContactsFields, label: string, type: 'text' | 'email' | 'tel' = 'text', autoFocus = false) => (
    <FormField label={label} error={errorOf(key)}>
      <input type={type} autoFocus={autoFocus} value={draft[key]} onChange={(event) => change(key, event.target.value)} onBlur={() => touch(key)} />
    </FormField>
  );
  return (
    <ContentFormPage
      title="Contacts"
      onSubmit={submit}
      saving={saving}
      className="content-form contacts-form"
      record={stored && { kind: 'contacts', id: stored.id, version: stored.version }}
    >
      <div className="content-form-grid">
        <FormSection title="E-mail and telephones">
          {text('email', 'E-mail', 'email', true)}
          {text('tel_gb', 'UK telephone', 'tel')}
          {text('tel_us', 'US telephone', 'tel')}
          {text('tel_au', 'Australian telephone', 'tel')}
        </FormSection>
        <FormSection title="Opening hours">
          {OPENING_DAYS.map((day, index) => (
            <Fragment key={day}>{text(OPENING_HOURS_FIELDS[index], capitalise(day))}</Fragment>
          ))}
        </FormSection>
      </div>
    </ContentFormPage>
  );
}
