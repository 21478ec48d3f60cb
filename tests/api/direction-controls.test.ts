import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directionControlMessage } from '../../src/domain/one-line-text.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, type ErrorBody } from '../helpers/tour-test-data.js';

// Issue 30 item 8: a right-to-left override (U+202E) or another direction control in a one-line
// field is refused, naming the field, and nothing is stored; prose keeps them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OVERRIDE = '\u202E';
const tourCount = async () =>
  (
    await t.db
      .selectFrom('tours')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
  ).count;

describe('direction controls in one-line fields', () => {
  it.each([
    ['the name', { name: `Lake Como${OVERRIDE} 0051` }, 'name', 'Name'],
    ['the tour code', { name: 'Lake Como', tour_code: `LC${OVERRIDE}1` }, 'tour_code', 'Tour code'],
    ['the short name (an isolate)', { name: 'Lake Como', name_short: 'Como\u2067x\u2069' }, 'name_short', 'Short name'],
  ])('refuses a tour whose %s holds one, storing nothing', async (_what, body, path, label) => {
    const before = Number(await tourCount());
    const answer = await call(t, 'POST', 'tours', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ErrorBody>().errors).toContainEqual(expect.objectContaining({ path, msg: directionControlMessage(label) }));
    expect(Number(await tourCount())).toBe(before);
  });

  it('refuses one in a region’s name, and keeps one in its description', async () => {
    const refused = await call(t, 'POST', 'regions', { name: `Tuscany${OVERRIDE}`, slug: 'tuscany' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toContainEqual(expect.objectContaining({ path: 'name', msg: directionControlMessage('Name') }));
    const kept = await call(t, 'POST', 'regions', { name: 'Tuscany', slug: 'tuscany', content: `<p>Firenze ${OVERRIDE}abc</p>` });
    expect(kept.statusCode, kept.body).toBeLessThan(300);
  });
});
