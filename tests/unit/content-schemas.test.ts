import { describe, expect, it } from 'vitest';
import { INSPIRATION_SLIDE_TYPE_OPTIONS, REDIRECT_CODE_OPTIONS, withSlugSuffix, withoutSlugSuffix } from '../../src/domain/content/content-constants.js';
import { blogPostUpdateSchema } from '../../src/domain/content/blog-post.js';
import { newContacts } from '../../src/domain/content/contacts.js';
import { navigationsSaveSchema, renumberLinks } from '../../src/domain/content/navigation.js';
import { newOffer, offerCreateSchema } from '../../src/domain/content/offer.js';
import { inspirationSlideSchema, pageBlocksSaveSchema, pageFormPath } from '../../src/domain/content/page.js';
import { newRedirect, redirectCreateSchema } from '../../src/domain/content/redirect.js';
import { siteOptionsSaveSchema, toSiteOptionsBody } from '../../src/domain/content/site-options.js';

describe('content schemas shared by the screens and the server', () => {
  it('adds the -slug suffix to a slide type once, and takes it off for display', () => {
    expect(withSlugSuffix('tours')).toBe('tours-slug');
    expect(withSlugSuffix('tours-slug')).toBe('tours-slug');
    expect(withoutSlugSuffix('regions-slug')).toBe('regions');
    expect(INSPIRATION_SLIDE_TYPE_OPTIONS.map((option) => option.value)).toEqual(['tours-slug', 'destinations-slug', 'regions-slug', 'offers-slug']);
    expect(inspirationSlideSchema.parse({ name: 'A', slug: 'a', type: 'offers' }).type).toBe('offers-slug');
  });

  it('lists the nine redirect codes with 301 as the default of a new redirect', () => {
    expect(REDIRECT_CODE_OPTIONS.map((option) => option.value)).toEqual([301, 302, 303, 304, 305, 307, 308, 404, 410]);
    expect(newRedirect().code).toBe(301);
    expect(redirectCreateSchema.parse({ old_url: '/a', new_url: '/b/' })).toEqual({ old_url: '/a', new_url: '/b/', code: 301, show: true });
  });

  it('starts a new offer as a draft tour discount without a discount, which is what the server defaults to', () => {
    expect(newOffer()).toMatchObject({ status: 'draft', type: 'tour', discount: null });
    expect(offerCreateSchema.parse({ name: 'n', title: 't', subtitle: 's', slug: 'x' })).toEqual({
      ...newOffer(),
      name: 'n',
      title: 't',
      subtitle: 's',
      slug: 'x',
    });
  });

  it('gives an update only the fields it was sent, without filling in defaults', () => {
    expect(blogPostUpdateSchema.parse({ version: 3, title: 'T' })).toEqual({ version: 3, title: 'T' });
  });

  it('sends site options as the server expects and reads them back the same', () => {
    const values = {
      ...siteOptionsSaveSchema.parse({ version: 2 }),
      featured_reviews: [4, 9],
      popular_searches: [{ name: 'A', primary: true, slug: 'a', type: 'tour' as const, order: 1 }],
    };
    const body = toSiteOptionsBody(values);
    expect(body.featured_reviews).toBe('4,9');
    expect(typeof body.popular_searches).toBe('string');
    expect(siteOptionsSaveSchema.parse(body)).toEqual(values);
  });

  it('numbers navigation links by position, keeping the sent order for ties and missing positions', () => {
    const links: { t: string; position?: number }[] = [
      { t: 'b', position: 5 },
      { t: 'a', position: 1 },
      { t: 'c', position: 5 },
    ];
    expect(renumberLinks(links).map((link) => [link.t, link.position])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const unordered: { t: string; position?: number }[] = links.map(({ t }) => ({ t }));
    expect(renumberLinks(unordered).map((link) => link.t)).toEqual(['b', 'a', 'c']);
  });

  it('takes a list or a single object where SPEC.md allows both, naming the failing field', () => {
    // Page blocks need the page version read (issue 19 item 10): a bare list, which has none, is refused.
    expect(pageBlocksSaveSchema.parse({ version: 1, blocks: [{ content: '<p>a</p>' }] })).toEqual({
      version: 1,
      blocks: [{ content: '<p>a</p>', media_id: null, order: 0 }],
    });
    expect(pageBlocksSaveSchema.safeParse([{ content: '<p>a</p>' }]).success).toBe(false);
    expect(pageBlocksSaveSchema.safeParse({ version: 1, blocks: [{ media_id: 'x' }] }).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'blocks.0.media_id',
    ]);
    const group = { group: 'regions', version: 1 };
    expect(navigationsSaveSchema.parse(group)).toMatchObject({ group: 'regions', column_3: { title: '', links: [] } });
    expect(navigationsSaveSchema.safeParse([group, group]).success).toBe(false);
  });

  it('builds form paths and blank forms', () => {
    expect(pageFormPath({ slug: 'a', section: null })).toBe('/pages/a');
    expect(pageFormPath({ slug: 'a', section: 'explore' })).toBe('/pages/explore/a');
    expect(Object.values(newContacts()).every((value) => value === '')).toBe(true);
  });
});
