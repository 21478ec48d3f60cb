import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ErrorBody } from '../helpers/content-test-data.js';
import { cpuMillis } from '../helpers/cpu-time.js';
import { deeplyNested } from '../helpers/json-mutations.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 30 item 2: login accepted the global 2 MB body and parsed it before the throttle (2 MB
// of nested arrays cost 156 ms of CPU even when answered 429). Unauthenticated routes now take a
// small body, refused on the stream, and every JSON body's nesting is capped before it is parsed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: string | Readable, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': 'application/json', ...headers }, remoteAddress: '10.9.0.1' });

describe('bodies of unauthenticated routes', () => {
  it('refuses 2 MB of nested arrays to login with 413, without parsing it', async () => {
    const body = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await cpuMillis(() => login(body)));
    for (const { result } of runs) {
      expect(result.statusCode).toBe(413);
      expect(result.json<ErrorBody>().errors).toEqual([{ msg: 'The request is too large' }]);
    }
    // The least of three runs, so a collection or a busy moment does not count; parsing cost 156 ms.
    expect(Math.min(...runs.map((run) => run.ms))).toBeLessThan(30);
  });

  it('cuts a login body that does not say its length at 4 KB as it streams', async () => {
    const chunks = Array.from({ length: 100 }, () => '['.repeat(1_000));
    const response = await login(Readable.from(chunks));
    expect(response.statusCode).toBe(413);
  });

  it('still takes the largest login a person can type: a 320-character address and a 1000-character password', async () => {
    const response = await login(JSON.stringify({ email_address: `${'a'.repeat(307)}@example.test`, password: '€'.repeat(1_000) }));
    expect(response.statusCode).toBe(401);
  });
});

describe('JSON nesting, on every route', () => {
  const newPost = async (slug: string) => {
    const response = await call(t, 'POST', 'blog-posts', { title: slug, slug, content: '<p>Kept</p>' });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; version: number; title: string }>();
  };

  it('refuses a body nested 100 deep to an authenticated PUT with 400 naming the depth, changing nothing', async () => {
    const post = await newPost('nested-body');
    const response = await call(t, 'PUT', `blog-posts/${post.id}`, { version: post.version, title: deeplyNested(100) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ msg: 'The request body nests more than 64 levels deep' }]);
    const stored = await t.db.selectFrom('blog_posts').select(['title', 'version']).where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'nested-body', version: post.version });
  });

  it('reads bodies up to the limit as before, and brackets inside strings are text', async () => {
    const post = await newPost('shallow-body');
    const nested = await call(t, 'PUT', `blog-posts/${post.id}`, { version: post.version, title: deeplyNested(62) });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<ErrorBody>().errors[0].path).toBe('title');
    const content = `<p>${'[{'.repeat(500)}</p>`;
    const saved = await call(t, 'PUT', `blog-posts/${post.id}`, { version: post.version, content });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ content: string }>().content).toBe(content);
  });

  it('still refuses JSON that is not valid, and an empty body, as before', async () => {
    const broken = await login('{"email_address": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorBody>().errors).toEqual([{ msg: 'The request body is not valid JSON' }]);
    const proto = await login('{"email_address": "a@example.test", "password": "x", "__proto__": {"admin": true}}');
    expect(proto.statusCode).toBe(400);
  });
});
