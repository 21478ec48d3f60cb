import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { ErrorView, LoadingView } from '../../../ui/status-views.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { NAVIGATION_COLUMNS, type NavigationColumnKey, type NavigationGroup } from '../../../domain/content/content-constants.js';
import { navigationsSaveSchema, type Navigation, type NavigationColumn, type NavigationsSave } from '../../../domain/content/navigation.js';
import { ContentFormPage } from '../content-form-parts.js';
import { loadedRowKey } from '../sortable-list.js';
import { useContentForm } from '../use-content-form.js';
import { NavigationColumnEditor, type ColumnDraft } from './navigation-column-editor.js';

/** /navigations: the website menus, a group at a time, each of three columns of sortable links. */
export function NavigationsScreen() {
  usePageTitle('Navigations');
  const navigations = useQuery(contentQueries.navigations());
  if (navigations.isPending) return <LoadingView />;
  if (navigations.isError) return <ErrorView message="The navigations could not be loaded." />;
  return <NavigationsForm groups={navigations.data} />;
}

// `id`: the group's name, so a stale save's merge (issue 29) takes the groups one by one.
type GroupDraft = { id: NavigationGroup; group: NavigationGroup; label: string; version: number } & Record<NavigationColumnKey, ColumnDraft>;

const columnDraft = (column: NavigationColumn): ColumnDraft => ({
  title: column.title,
  links: [...column.links].sort((a, b) => a.position - b.position).map((link, position) => ({ key: loadedRowKey(position), title: link.title, url: link.url })),
});
const draftOf = (groups: Navigation[]): GroupDraft[] =>
  groups.map((group) => ({
    id: group.group,
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
    id: group.group,
    group: group.group,
    version: group.version,
    ...Object.fromEntries(
      NAVIGATION_COLUMNS.map((key) => [
        key,
        { title: group[key].title, links: group[key].links.map((link, position) => ({ title: link.title, url: link.url, position })) },
      ]),
    ),
  }));

/** The messages under `prefix.`, with the prefix taken off: a column's errors for its editor. */
const errorsUnder = (errorOf: (path: string) => string | undefined, errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.keys(errors)
      .filter((path) => path.startsWith(`${prefix}.`))
      .map((path) => [path.slice(prefix.length + 1), errorOf(path)]),
  );

function NavigationsForm({ groups }: { groups: Navigation[] }) {
  const [shown, setShown] = useState(0);
  const { draft, setDraft, errors, errorOf, saving, submit } = useContentForm({
    initial: () => draftOf(groups),
    schema: navigationsSaveSchema,
    valuesOf: bodyOf,
    send: (body) => api.navigations.save({ body }),
    onSaved: (saved, rebase) => rebase(draftOf(saved)),
    // Issue 29: a stale save merges with the groups as stored now. Each group carries its own
    // version in the draft, so a group only someone else changed takes their links and version.
    merge: {
      current: async () => {
        const fresh = await api.navigations.list({});
        return { draft: draftOf(fresh), version: Math.max(0, ...fresh.map((group) => group.version)) };
      },
    },
    refusedMessage: 'Please correct the links marked in red.',
    // A broken link may sit in another group: open the first group that has one.
    onRefused: (broken) => {
      const first = draft.findIndex((_, index) => Object.keys(broken).some((path) => path.startsWith(`${index}.`)));
      if (first >= 0) setShown(first);
    },
  });
  const group = draft[shown];

  const setColumn = (key: NavigationColumnKey, column: ColumnDraft) =>
    setDraft((current) => current.map((entry, index) => (index === shown ? { ...entry, [key]: column } : entry)));

  return (
    <ContentFormPage title="Navigations" onSubmit={submit} saving={saving}>
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
    </ContentFormPage>
  );
}
