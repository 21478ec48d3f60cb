import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/api-client.js';
import { notifyError } from '../../../app/notify.js';
import { ErrorView, LoadingView } from '../../../app/ui/status-views.js';
import { usePageTitle } from '../../../app/ui/use-page-title.js';
import { NAVIGATION_COLUMNS, type NavigationColumnKey, type NavigationGroup } from '../../../domain/content/content-constants.js';
import { navigationsSaveSchema, type Navigation, type NavigationColumn, type NavigationsSave } from '../../../domain/content/navigation.js';
import { focusFirstInvalid, FormActions } from '../content-form-parts.js';
import { contentQueries } from '../content-queries.js';
import { newRowKey } from '../sortable-list.js';
import { useContentSave, useDraft } from '../use-content-save.js';
import { useValidation } from '../use-validation.js';
import { NavigationColumnEditor, type ColumnDraft } from './navigation-column-editor.js';

/** /navigations: the website menus, a group at a time, each of three columns of sortable links. */
export function NavigationsScreen() {
  usePageTitle('Navigations');
  const navigations = useQuery(contentQueries.get<Navigation[]>('navigations'));
  if (navigations.isPending) return <LoadingView />;
  if (navigations.isError) return <ErrorView message="The navigations could not be loaded." />;
  return <NavigationsForm groups={navigations.data} />;
}

type GroupDraft = { group: NavigationGroup; label: string; version: number } & Record<NavigationColumnKey, ColumnDraft>;

const columnDraft = (column: NavigationColumn): ColumnDraft => ({
  title: column.title,
  links: [...column.links].sort((a, b) => a.position - b.position).map((link) => ({ key: newRowKey(), title: link.title, url: link.url })),
});
const draftOf = (groups: Navigation[]): GroupDraft[] =>
  groups.map((group) => ({
    group: group.group,
    label: group.label,
    version: group.version,
    column_1: columnDraft(group.column_1),
    column_2: columnDraft(group.column_2),
    column_3: columnDraft(group.column_3),
  }));

/** What POST navigations takes: every group with the version it was read at; a link's position is its place. */
const bodyOf = (groups: GroupDraft[]): NavigationsSave =>
  groups.map((group) => ({
    group: group.group,
    version: group.version,
    ...Object.fromEntries(
      NAVIGATION_COLUMNS.map((key) => [key, { title: group[key].title, links: group[key].links.map((link, position) => ({ title: link.title, url: link.url, position })) }]),
    ),
  }));

/** The messages under `prefix.`, with the prefix taken off: a column's errors for its editor. */
const errorsUnder = (errorOf: (path: string) => string | undefined, errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.keys(errors).filter((path) => path.startsWith(`${prefix}.`)).map((path) => [path.slice(prefix.length + 1), errorOf(path)]));

function NavigationsForm({ groups }: { groups: Navigation[] }) {
  const { draft, setDraft, dirty, rebase } = useDraft<GroupDraft[]>(() => draftOf(groups));
  const [shown, setShown] = useState(0);
  const { save, saving, serverErrors } = useContentSave({
    send: (body: NavigationsSave) => api.post<Navigation[]>('navigations', body),
    dirty,
    onSaved: (saved) => rebase(draftOf(saved)),
  });
  const body = bodyOf(draft);
  const { errors, errorOf, attempt } = useValidation(navigationsSaveSchema, body, serverErrors);
  const group = draft[shown];

  const setColumn = (key: NavigationColumnKey, column: ColumnDraft) => setDraft((current) => current.map((entry, index) => (index === shown ? { ...entry, [key]: column } : entry)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (attempt()) save(body);
    else {
      notifyError('Please correct the links marked in red.');
      const firstBroken = draft.findIndex((_, index) => Object.keys(errors).some((path) => path.startsWith(`${index}.`)));
      if (firstBroken >= 0) setShown(firstBroken);
      focusFirstInvalid(event.currentTarget as HTMLFormElement);
    }
  };

  return (
    <section className="page content-form-page">
      <div className="page-header">
        <h1>Navigations</h1>
      </div>
      <form className="content-form" onSubmit={submit} noValidate aria-label="Navigations">
        <div className="content-tabs" role="tablist" aria-label="Navigation groups">
          {draft.map((entry, index) => {
            const broken = Object.keys(errors).some((path) => path.startsWith(`${index}.`)) && errorOf(String(index));
            return (
              <a
                key={entry.group}
                href={`#${entry.group}`}
                role="tab"
                aria-selected={index === shown}
                className={index === shown ? 'active' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setShown(index);
                }}
              >
                {entry.label}
                {broken && (
                  <span className="tab-error" aria-label="has errors">
                    !
                  </span>
                )}
              </a>
            );
          })}
        </div>
        {group && (
          <div className="navigation-columns" role="tabpanel" aria-label={group.label}>
            {NAVIGATION_COLUMNS.map((key, index) => (
              <NavigationColumnEditor
                key={`${group.group}-${key}`}
                heading={`Column ${index + 1}`}
                column={group[key]}
                errors={errorsUnder(errorOf, errors, `${shown}.${key}`)}
                onChange={(column) => setColumn(key, column)}
              />
            ))}
          </div>
        )}
        <FormActions saving={saving} />
      </form>
    </section>
  );
}
