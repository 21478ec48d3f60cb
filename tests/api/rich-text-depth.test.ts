import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX_DEPTH, nestsTooDeep } from '../../src/domain/reference/rich-text.js';
import { HttpError } from '../../src/server/http-errors.js';
import { sanitizeRichText } from '../../src/server/sanitize-rich-text.js';
import { call, type ErrorBody } from '../helpers/content-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTour } from '../helpers/tour-test-data.js';
import { cpuMillis } from '../helpers/cpu-time.js';

// Issue 19 item 6: 60,000 nested list items (480 KB, under the length limit) took 4.3 s of the
// server's one thread to clean. A linear scan of the tag depth now refuses such a body first.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nestedLists = (levels: number) => `${'<ul><li>'.repeat(levels)}deep${'</li></ul>'.repeat(levels)}`;
const unclosedLists = (levels: number) => '<ul><li>'.repeat(levels);
const blogPostCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('deeply nested rich text', () => {
  it('refuses 60,000 nested list items with a 400 naming the field, quickly, and stores nothing', async () => {
    const before = await blogPostCount();
    const { result: response, ms: cpu } = await cpuMillis(() => call(t, 'POST', 'blog-posts', { title: 'Deep', slug: 'deep', content: unclosedLists(60_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: `Content nests tags more than ${RICH_TEXT_MAX_DEPTH} levels deep`, path: 'content' }]);
    expect(cpu).toBeLessThan(300);
    expect(await blogPostCount()).toBe(before);
  });

  it('refuses deep rich text on a tour too, where the field has its own length limit', async () => {
    const tour = await createTour(t, { name: 'Shallow tour' });
    const response = await call(t, 'PUT', `tours/${tour.id}`, { version: tour.version, content: nestedLists(10_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors[0]).toMatchObject({
      msg: expect.stringContaining(`more than ${RICH_TEXT_MAX_DEPTH} levels deep`),
      path: 'content',
    });
  });

  it('accepts lists nested as deep as the limit', async () => {
    const content = nestedLists(RICH_TEXT_MAX_DEPTH / 2);
    const response = await call(t, 'POST', 'blog-posts', { title: 'Just deep enough', slug: 'just-deep-enough', content });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ content: string }>().content).toBe(content);
  });

  it('counts paragraphs and list items left open as closed by the next of their kind, as browsers do', () => {
    expect(nestsTooDeep('<p>a'.repeat(5_000))).toBe(false);
    expect(nestsTooDeep('<ul>' + '<li>x'.repeat(5_000) + '</ul>')).toBe(false);
    expect(nestsTooDeep('line<br>'.repeat(5_000) + '<hr/>'.repeat(500))).toBe(false);
    expect(nestsTooDeep('<b>'.repeat(RICH_TEXT_MAX_DEPTH + 1))).toBe(true);
  });

  it('scans hostile text in linear time: unterminated tags, comments and stray closers', async () => {
    for (const html of ['<a'.repeat(250_000), '<!--'.repeat(125_000), '</b>'.repeat(125_000), '<'.repeat(500_000), `${'<a'.repeat(250_000)}>`]) {
      // The least of three runs, so a busy moment of the machine or a collection does not count. Linear, the
      // slowest input costs about 40 ms; a scan going back over what it has read would cost minutes.
      const runs = [];
      for (let run = 0; run < 3; run++) runs.push((await cpuMillis(() => nestsTooDeep(html))).ms);
      expect(Math.min(...runs), html.slice(0, 8)).toBeLessThan(500);
    }
  });

  it('never hands the sanitiser a body it would refuse, even when called directly', () => {
    expect(() => sanitizeRichText(unclosedLists(60_000))).toThrow(HttpError);
  });
});
