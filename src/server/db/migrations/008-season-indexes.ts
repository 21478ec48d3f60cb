import { sql, type Kysely } from 'kysely';

// Indexes on the columns every season screen and save looks rows up by. Without them each read of
// a season's groups, routes or extras scanned the whole table: on the large demo data (300 tours)
// a price save spent more time finding its season's groups than writing them. The rate index
// serves the bulk recomputation and the check made when a markup rate is removed.
const INDEXES: [table: string, column: string][] = [
  ['tour_routes', 'tour_season_id'],
  ['tour_pricing_categories', 'tour_season_id'],
  ['tour_party_extras', 'tour_season_id'],
  ['tour_party_extra_variations', 'tour_party_extra_id'],
  ['tour_room_extras', 'tour_season_id'],
  ['tour_room_extra_variations', 'tour_room_extra_id'],
  ['tour_reductions', 'tour_season_id'],
  ['tour_specifications', 'tour_season_id'],
  ['tour_prices', 'markup_rate_id'],
  ['bookings', 'tour_season_id'],
];

const indexName = (table: string, column: string) => `${table}_${column}_index`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXES) {
    await sql`CREATE INDEX ${sql.id(indexName(table, column))} ON ${sql.table(table)} (${sql.ref(column)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXES) await sql`DROP INDEX ${sql.id(indexName(table, column))}`.execute(db);
}
