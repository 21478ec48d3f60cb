import { useParams } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { blogPostCreateSchema, newBlogPost, type BlogPost, type BlogPostFields } from '../../../domain/content/blog-post.js';
import { ReferenceListPicker } from '../../reference/reference-pickers.js';
import { CheckField, ContentFormPage, FormSection, SeoFields, useOpenAtSection } from '../content-form-parts.js';
import { ContentRecordFrame } from '../content-record-frame.js';
import { ImageField } from '../image-field.js';
import { useContentForm } from '../use-content-form.js';

/** /blogs/create and /blogs/{slug}/{section?}. */
export function BlogFormScreen() {
  const { slug } = useParams();
  return (
    <ContentRecordFrame query={slug ? contentQueries.blogPost(slug) : null} what="blog post" listPath="/blogs" listTitle="Blog posts">
      {(post) => <BlogForm key={post?.id ?? 'new'} post={post} />}
    </ContentRecordFrame>
  );
}

/**
 * The fields the form edits, and so the only ones sent: what the post carries for display
 * (related, meta, images, banner, destination, region, blocks) stays behind (SPEC.md section 7).
 */
const fieldsOf = (post: BlogPost): BlogPostFields => ({
  title: post.title,
  slug: post.slug,
  content: post.content,
  overview: post.overview,
  related_tours: post.related_tours,
  show_on_homepage: post.show_on_homepage,
  banner_id: post.banner_id,
  overview_image_id: post.overview_image_id,
  seo_title: post.seo_title,
  seo_description: post.seo_description,
  seo_keywords: post.seo_keywords,
});

function BlogForm({ post }: { post: BlogPost | null }) {
  const { section } = useParams();
  const title = post ? `Blog post: ${post.title}` : 'New blog post';
  usePageTitle(post ? `${post.title} · Blog posts` : 'New blog post');
  useOpenAtSection(section);
  const { draft, change, errorOf, touch, saving, submit } = useContentForm({
    initial: () => (post ? fieldsOf(post) : newBlogPost()),
    slugFrom: 'title',
    schema: blogPostCreateSchema,
    send: (values, _changed, version) =>
      post ? api.blogPosts.save({ params: { id: post.id }, body: { ...values, version: version ?? post.version } }) : api.blogPosts.create({ body: values }),
    listPath: '/blogs',
    merge: post
      ? {
          // By id: the slug may be what the other save changed. Read afresh, not into the post's query.
          current: async () => {
            const stored = await api.blogPosts.read({ params: { slug: String(post.id) } });
            return { draft: fieldsOf(stored), version: stored.version };
          },
          lastChange: { kind: 'blog_posts', id: post.id },
        }
      : undefined,
  });

  return (
    <ContentFormPage
      title={title}
      onSubmit={submit}
      saving={saving}
      cancelTo="/blogs"
      record={post && { kind: 'blog_posts', id: post.id, version: post.version }}
    >
      <div className="content-form-grid">
        <div className="content-form-column">
          <FormSection title="Post" id="content">
            <FormField label="Title" error={errorOf('title')}>
              <input type="text" autoFocus value={draft.title} onChange={(event) => change('title', event.target.value)} onBlur={() => touch('title')} />
            </FormField>
            <FormField label="Slug" error={errorOf('slug')} hint="The post's address on the website; made from the title until you change it">
              <input type="text" value={draft.slug} onChange={(event) => change('slug', event.target.value)} onBlur={() => touch('slug')} />
            </FormField>
            <RichTextEditor label="Content" value={draft.content} error={errorOf('content')} onChange={(value) => change('content', value)} />
            <RichTextEditor label="Overview" value={draft.overview} error={errorOf('overview')} onChange={(value) => change('overview', value)} />
          </FormSection>
          <FormSection title="Related tours" id="tours">
            <ReferenceListPicker
              label="Related tours"
              source="tours"
              value={draft.related_tours}
              error={errorOf('related_tours')}
              onChange={(value) => change('related_tours', value)}
            />
          </FormSection>
        </div>
        <div className="content-form-column">
          <FormSection title="Display" id="images">
            <CheckField label="Show on homepage" checked={draft.show_on_homepage} onChange={(value) => change('show_on_homepage', value)} />
            <ImageField label="Banner image" value={draft.banner_id} error={errorOf('banner_id')} onChange={(value) => change('banner_id', value)} />
            <ImageField
              label="Overview image"
              value={draft.overview_image_id}
              error={errorOf('overview_image_id')}
              onChange={(value) => change('overview_image_id', value)}
            />
          </FormSection>
          <SeoFields values={draft} onChange={change} errorOf={errorOf} />
        </div>
      </div>
    </ContentFormPage>
  );
}
