import { useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { PAGE_SECTIONS, type PageSection } from '../../../domain/content/content-constants.js';
import { newPage, pageCreateSchema, type Page, type PageFields } from '../../../domain/content/page.js';
import { ReferenceListPicker, ReferencePicker } from '../../reference/reference-pickers.js';
import { ContentFormPage, FormSection, SeoFields, useOpenAtSection } from '../content-form-parts.js';
import { ContentRecordFrame } from '../content-record-frame.js';
import { ImageField } from '../image-field.js';
import { loadedRowKey } from '../sortable-list.js';
import { useContentForm } from '../use-content-form.js';
import { InspirationSlidesEditor, type SlideDraft } from './inspiration-slides-editor.js';
import { PageBlocksEditor, type BlockDraft } from './page-blocks-editor.js';
import { KspFields } from './ksp-fields.js';
import { SECTION_OPTIONS, sectionLabel } from './page-sections.js';

/**
 * /pages/create (`?section=inspiration` starts the page in a section), /pages/{slug}/{section?},
 * /pages/inspiration/{slug}/{section?} and /pages/explore/{slug}/{section?}.
 */
export function PageFormScreen({ pageSection = null }: { pageSection?: PageSection | null }) {
  const { slug } = useParams();
  return (
    <ContentRecordFrame query={slug ? contentQueries.page(slug, pageSection) : null} what="page" listPath="/pages" listTitle="Pages">
      {(page) => <PageForm key={page?.id ?? 'new'} page={page} />}
    </ContentRecordFrame>
  );
}

type PageDraft = Omit<PageFields, 'meta'> & { slides: SlideDraft[]; blocks: BlockDraft[] };

const draftOf = (page: Page): PageDraft => {
  const { id: _id, version: _version, related: _related, createdAt: _created, updatedAt: _updated, meta, blocks, ...fields } = page;
  return {
    ...fields,
    slides: [...meta.inspiration].sort((a, b) => a.order - b.order).map(({ order: _order, ...slide }, position) => ({ key: loadedRowKey(position), ...slide })),
    blocks: [...blocks]
      .sort((a, b) => a.order - b.order)
      .map((block, position) => ({ key: loadedRowKey(position), content: block.content, media_id: block.media_id })),
  };
};
const newDraft = (section: PageSection | null): PageDraft => {
  const { meta: _meta, ...fields } = newPage(section);
  return { ...fields, slides: [], blocks: [] };
};

/** What the form sends: slides as meta.inspiration and blocks, each ordered by its place in the list. */
const valuesOf = ({ slides, blocks, ...fields }: PageDraft) => ({
  ...fields,
  meta: { inspiration: slides.map(({ key: _key, ...slide }, order) => ({ ...slide, order })) },
  blocks: blocks.map(({ key: _key, ...block }, order) => ({ ...block, order })),
});

function PageForm({ page }: { page: Page | null }) {
  const { section } = useParams();
  const [search] = useSearchParams();
  const startSection = PAGE_SECTIONS.find((candidate) => candidate === search.get('section')) ?? null;
  const heading = page ? `${page.section ? `${sectionLabel(page.section)} page` : 'Page'}: ${page.title}` : 'New page';
  usePageTitle(page ? `${page.title} · Pages` : 'New page');
  useOpenAtSection(section);
  const { draft, change, errorOf, touch, saving, submit } = useContentForm({
    initial: () => (page ? draftOf(page) : newDraft(startSection)),
    slugFrom: 'title',
    schema: pageCreateSchema,
    valuesOf,
    send: async (input, changed, mergedVersion) => {
      if (!page) return api.pages.create({ body: input });
      const { blocks, ...fields } = input;
      const saved = await api.pages.save({ params: { id: page.id }, body: { ...fields, version: mergedVersion ?? page.version } });
      // The blocks have a call of their own (SPEC.md section 7), sent only when they changed.
      return blocks && changed('blocks') ? api.pages.saveBlocks({ params: { id: page.id }, body: { version: saved.version, blocks } }) : saved;
    },
    listPath: '/pages',
    refusedMessage: 'Please correct the fields marked in red.',
    merge: page
      ? {
          // Issue 29. By id: the slug may be what the other save changed. Read afresh, not into the page's query.
          current: async () => {
            const stored = await api.pages.read({ params: { slug: String(page.id) } });
            return { draft: draftOf(stored), version: stored.version };
          },
          lastChange: { kind: 'pages', id: page.id },
        }
      : undefined,
  });

  return (
    <ContentFormPage title={heading} onSubmit={submit} saving={saving} cancelTo="/pages" record={page && { kind: 'pages', id: page.id, version: page.version }}>
      <div className="content-form-grid">
        <div className="content-form-column">
          <FormSection title="Page" id="content">
            <div className="content-row">
              <FormField label="Title" error={errorOf('title')}>
                <input type="text" autoFocus value={draft.title} onChange={(event) => change('title', event.target.value)} onBlur={() => touch('title')} />
              </FormField>
              <FormField label="Subtitle" error={errorOf('subtitle')}>
                <input type="text" value={draft.subtitle} onChange={(event) => change('subtitle', event.target.value)} />
              </FormField>
            </div>
            <div className="content-row">
              <FormField label="Slug" error={errorOf('slug')} hint="Made from the title until you change it">
                <input type="text" value={draft.slug} onChange={(event) => change('slug', event.target.value)} onBlur={() => touch('slug')} />
              </FormField>
              <FormField label="Section" error={errorOf('section')}>
                <select value={draft.section ?? ''} onChange={(event) => change('section', (event.target.value || null) as PageSection | null)}>
                  {SECTION_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <RichTextEditor label="Content" value={draft.content} error={errorOf('content')} onChange={(value) => change('content', value)} />
            <RichTextEditor label="Overview" value={draft.overview} error={errorOf('overview')} onChange={(value) => change('overview', value)} />
          </FormSection>
          <KspFields draft={draft} change={change} errorOf={errorOf} />
          <InspirationSlidesEditor slides={draft.slides} onChange={(slides) => change('slides', slides)} errorOf={errorOf} />
          <PageBlocksEditor blocks={draft.blocks} onChange={(blocks) => change('blocks', blocks)} errorOf={errorOf} />
        </div>
        <div className="content-form-column">
          <FormSection title="Images" id="images">
            <ImageField label="Image" value={draft.media_id} error={errorOf('media_id')} onChange={(value) => change('media_id', value)} />
            <ImageField label="Banner image" value={draft.banner_id} error={errorOf('banner_id')} onChange={(value) => change('banner_id', value)} />
            <ImageField
              label="Overview image"
              value={draft.overview_image_id}
              error={errorOf('overview_image_id')}
              onChange={(value) => change('overview_image_id', value)}
            />
          </FormSection>
          <FormSection title="Links" id="tours">
            <ReferencePicker
              label="Destination"
              source="destinations"
              value={draft.destination_id}
              error={errorOf('destination_id')}
              onChange={(value) => change('destination_id', value)}
            />
            <ReferenceListPicker
              label="Related tours"
              source="tours"
              value={draft.related_tours}
              error={errorOf('related_tours')}
              onChange={(value) => change('related_tours', value)}
            />
          </FormSection>
          <SeoFields values={draft} onChange={change} errorOf={errorOf} />
        </div>
      </div>
    </ContentFormPage>
  );
}
