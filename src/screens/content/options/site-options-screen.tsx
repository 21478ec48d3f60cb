import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { ErrorView, LoadingView } from '../../../ui/status-views.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { siteOptionsFieldsSchema, toSiteOptionsBody, type SiteOptions, type SiteOptionsFields } from '../../../domain/content/site-options.js';
import { ContentFormPage, FormSection } from '../content-form-parts.js';
import { loadedRowKey } from '../sortable-list.js';
import { useContentForm } from '../use-content-form.js';
import { FeaturedReviewsPicker } from './featured-reviews-picker.js';
import { PopularSearchesEditor, type SearchDraft } from './popular-searches-editor.js';

/** /options: the site-wide options (contact text, telephones, featured reviews, popular searches). */
export function SiteOptionsScreen() {
  usePageTitle('Site options');
  const options = useQuery(contentQueries.siteOptions());
  if (options.isPending) return <LoadingView />;
  if (options.isError) return <ErrorView message="The site options could not be loaded." />;
  return <SiteOptionsForm options={options.data} />;
}

type OptionsDraft = Omit<SiteOptionsFields, 'popular_searches'> & { popular_searches: SearchDraft[] };
type TelephoneKey = `telephone_${'uk' | 'us'}_${'opening' | 'clarifier' | 'number'}`;

const draftOf = ({ version: _version, ...options }: SiteOptions): OptionsDraft => ({
  ...options,
  popular_searches: [...options.popular_searches].sort((a, b) => a.order - b.order).map((search, position) => ({ key: loadedRowKey(position), ...search })),
});
/** A search's order is its place in the list, which staff set by dragging. */
const valuesOf = (draft: OptionsDraft) => ({
  ...draft,
  popular_searches: draft.popular_searches.map(({ key: _key, ...search }, order) => ({ ...search, order })),
});

function SiteOptionsForm({ options }: { options: SiteOptions }) {
  const [version, setVersion] = useState(options.version);
  const { draft, change, errorOf, ownErrorOf, saving, submit } = useContentForm({
    initial: () => draftOf(options),
    schema: siteOptionsFieldsSchema,
    valuesOf,
    // SPEC.md section 7: popular searches travel as a JSON string, featured reviews as a comma list.
    send: (values, _changed, mergedVersion) => api.siteOptions.save({ body: toSiteOptionsBody({ ...values, version: mergedVersion ?? version }) }),
    // Issue 29: a stale save merges with the options as stored now, read afresh.
    merge: {
      current: async () => {
        const fresh = await api.siteOptions.read({});
        return { draft: draftOf(fresh), version: fresh.version };
      },
      lastChange: { kind: 'site_options', id: 1 },
    },
    onSaved: (saved, rebase) => {
      setVersion(saved.version);
      rebase(draftOf(saved));
    },
    refusedMessage: 'Please correct the fields marked in red.',
  });
  const telephone = (country: 'uk' | 'us', label: string) => {
    const field = (part: 'opening' | 'clarifier' | 'number', partLabel: string, autoFocus = false) => {
      const key: TelephoneKey = `telephone_${country}_${part}`;
      return (
        <FormField label={`${label} ${partLabel}`} error={errorOf(key)}>
          <input type="text" autoFocus={autoFocus} value={draft[key]} onChange={(event) => change(key, event.target.value)} />
        </FormField>
      );
    };
    return (
      <FormSection title={`${label} telephone`}>
        {field('number', 'telephone number', country === 'uk')}
        {field('opening', 'opening hours')}
        {field('clarifier', 'clarifier')}
      </FormSection>
    );
  };

  return (
    <ContentFormPage title="Site options" onSubmit={submit} saving={saving}>
      <div className="content-form-grid">
        <div className="content-form-column">
          <FormSection title="Contact">
            <RichTextEditor
              label="Contact content"
              value={draft.contact_content}
              error={errorOf('contact_content')}
              onChange={(value) => change('contact_content', value)}
            />
          </FormSection>
          <PopularSearchesEditor
            searches={draft.popular_searches}
            onChange={(searches) => change('popular_searches', searches)}
            errorOf={errorOf}
            listError={ownErrorOf('popular_searches')}
          />
        </div>
        <div className="content-form-column">
          {telephone('uk', 'UK')}
          {telephone('us', 'US')}
          <FeaturedReviewsPicker value={draft.featured_reviews} error={errorOf('featured_reviews')} onChange={(ids) => change('featured_reviews', ids)} />
        </div>
      </div>
    </ContentFormPage>
  );
}
