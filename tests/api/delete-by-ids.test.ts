// Deleting rows by id never runs into PostgreSQL's limit of 65,535 bind parameters per statement:
// deleting a season of 100,000 prices answered 500 (issue 19, item 5).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { deleteByIds } from '../../src/server/db/delete-by-ids.js';
import { createPricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestDatabase } from '../helpers/test-database.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('deleteByIds', () => {
  it('deletes the rows named among 66,000 ids in one statement without a parameter overflow', async () => {
    const f = await createPricingFixture(database.db);
    const prices = await database.db
      .insertInto('tour_prices')
      .values(
        [1, 2, 3].map((gross) => ({
          tour_pricing_category_id: f.categoryId,
          tour_season_id: f.tourSeasonId,
          gross,
          non_com: 0,
          adjustment: 0,
          net: 0,
          cost: 0,
          position: gross,
        })),
      )
      .returning('id')
      .execute();
    const ids = [prices[0].id, prices[2].id, ...Array.from({ length: 66_000 }, (_, index) => 10_000_000 + index)];
    await deleteByIds(database.db, 'tour_prices', ids);
    const left = await database.db.selectFrom('tour_prices').select('id').where('tour_season_id', '=', f.tourSeasonId).execute();
    expect(left.map((row) => row.id)).toEqual([prices[1].id]);
  });

  it('does nothing for no ids', async () => {
    await expect(deleteByIds(database.db, 'tour_prices', [])).resolves.toBeUndefined();
  });
});
