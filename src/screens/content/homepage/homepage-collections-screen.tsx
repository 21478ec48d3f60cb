import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { notifyError } from '../../../ui/notify.js';
import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { ErrorView, LoadingView } from '../../../ui/status-views.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { HOMEPAGE_COLLECTION_MAX_ITEMS, HOMEPAGE_MAX_ITEMS_MESSAGE } from '../../../domain/content/content-constants.js';
import { homepageCollectionFieldsSchema, type HomepageCollection } from '../../../domain/content/homepage-collection.js';
import { ContentFormPage, FormSection } from '../content-form-parts.js';
import { ImageField } from '../image-field.js';
import { loadedRowKey, newRowKey, SortableList } from '../sortable-list.js';
import { useContentForm } from '../use-content-form.js';

/** /homepage-collections: the collection the homepage shows, with up to 12 items. */
export function HomepageCollectionsScreen() {
  usePageTitle('Homepage collections');
  const collection = useQuery(contentQueries.homepageCollection());
  if (collection.isPending) return <LoadingView />;
  if (collection.isError) return <ErrorView message="The homepage collection could not be loaded." />;
  return <HomepageCollectionForm collection={collection.data} />;
}

/** An item as typed: the image may still be missing (the schema says so beside it). */
type ItemDraft = { key: string; media_id: number | null; title: string; url: string; description: string };
type CollectionDraft = { title: string; content: string; items: ItemDraft[] };

const draftOf = (collection: Pick<HomepageCollection, 'title' | 'content' | 'items'>): CollectionDraft => ({
  title: collection.title,
  content: collection.content,
  items: collection.items.map((item, position) => ({ key: loadedRowKey(position), ...item })),
});

function HomepageCollectionForm({ collection }: { collection: HomepageCollection }) {
  const [version, setVersion] = useState(collection.version);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const { draft, change, errorOf, ownErrorOf, saving, submit } = useContentForm({
    initial: () => draftOf(collection),
    schema: homepageCollectionFieldsSchema,
    send: (values, _changed, mergedVersion) => api.homepageCollections.save({ body: { ...values, version: mergedVersion ?? version } }),
    // Issue 29: a stale save merges with the collection as stored now, read afresh.
    merge: {
      current: async () => {
        const fresh = await api.homepageCollections.read({});
        return { draft: draftOf(fresh), version: fresh.version };
      },
      lastChange: { kind: 'homepage_collection', id: 1 },
    },
    onSaved: (saved, rebase) => {
      setVersion(saved.version);
      rebase(draftOf(saved));
    },
    refusedMessage: 'Please correct the fields marked in red.',
  });

  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    change(
      'items',
      draft.items.map((item, at) => (at === index ? { ...item, ...patch } : item)),
    );
  const addItem = () => {
    // SPEC.md section 5: a 13th item is refused with the SPEC's words.
    if (draft.items.length >= HOMEPAGE_COLLECTION_MAX_ITEMS) {
      setLimitMessage(HOMEPAGE_MAX_ITEMS_MESSAGE);
      notifyError(HOMEPAGE_MAX_ITEMS_MESSAGE);
      return;
    }
    setLimitMessage(null);
    change('items', [...draft.items, { key: newRowKey(), media_id: null, title: '', url: '', description: '' }]);
  };
  const removeItem = (index: number) => {
    setLimitMessage(null);
    change(
      'items',
      draft.items.filter((_, at) => at !== index),
    );
  };
  return (
    <ContentFormPage title="Homepage collections" onSubmit={submit} saving={saving}>
      <div className="homepage-sections">
        <FormSection title="Collection">
          <FormField label="Title" error={errorOf('title')}>
            <input type="text" autoFocus value={draft.title} onChange={(event) => change('title', event.target.value)} />
          </FormField>
          <RichTextEditor label="Content" value={draft.content} error={errorOf('content')} onChange={(value) => change('content', value)} />
        </FormSection>
        <FormSection title={`Items (${draft.items.length} of ${HOMEPAGE_COLLECTION_MAX_ITEMS})`}>
          {draft.items.length === 0 ? (
            <p className="muted">The collection has no items yet.</p>
          ) : (
            <SortableList items={draft.items} label="Items" onReorder={(items) => change('items', items)}>
              {(item, index, handle) => (
                <div className={`row-card homepage-item${errorOf(`items.${index}.media_id`) ? ' has-error' : ''}`}>
                  <div className="row-card-header">
                    {handle}
                    <h3>Item {index + 1}</h3>
                    <span className="row-actions">
                      <button type="button" className="button small danger" onClick={() => removeItem(index)} aria-label={`Remove item ${index + 1}`}>
                        Remove
                      </button>
                    </span>
                  </div>
                  <div className="homepage-item-fields">
                    <ImageField
                      label={`Item ${index + 1} image`}
                      value={item.media_id}
                      error={errorOf(`items.${index}.media_id`)}
                      onChange={(value) => setItem(index, { media_id: value })}
                    />
                    <FormField label={`Item ${index + 1} title`} error={errorOf(`items.${index}.title`)}>
                      <input type="text" value={item.title} onChange={(event) => setItem(index, { title: event.target.value })} />
                    </FormField>
                    <FormField label={`Item ${index + 1} URL`} error={errorOf(`items.${index}.url`)}>
                      <input type="text" value={item.url} onChange={(event) => setItem(index, { url: event.target.value })} />
                    </FormField>
                    <FormField label={`Item ${index + 1} description`} error={errorOf(`items.${index}.description`)}>
                      <textarea rows={2} value={item.description} onChange={(event) => setItem(index, { description: event.target.value })} />
                    </FormField>
                  </div>
                </div>
              )}
            </SortableList>
          )}
          <div className="editor-bar">
            <button type="button" className="button" onClick={addItem}>
              Add item
            </button>
            {(limitMessage ?? ownErrorOf('items')) && (
              <span className="field-error" role="alert">
                {limitMessage ?? ownErrorOf('items')}
              </span>
            )}
          </div>
        </FormSection>
      </div>
    </ContentFormPage>
  );
}
