import { sql, type Kysely } from 'kysely';

// A season roll-over (issue 31) creates tour seasons with their groups and rows in one change set.
// The set records what it created (and its label, "Roll over 2026 -> 2027, +4%, to 5"), so the
// rollback can remove exactly those tour seasons, and refuse when one was changed since. Null for
// every other set.
//
// Removing a tour season removes its bikes and routes, and the database then looks for the party
// members riding each bike and the groups on each route (to unset them): without these indexes,
// one scan of every party member per bike. The rollback of the large demo data's roll-over (300
// tour seasons) took 30 s for them; a bike or route removed by a save pays the same, per row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE price_change_sets ADD COLUMN rollover jsonb`.execute(db);
  await sql`CREATE INDEX party_members_tour_bike_id_index ON party_members (tour_bike_id)`.execute(db);
  await sql`CREATE INDEX tour_pricing_categories_tour_route_id_index ON tour_pricing_categories (tour_route_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX tour_pricing_categories_tour_route_id_index`.execute(db);
  await sql`DROP INDEX party_members_tour_bike_id_index`.execute(db);
  await sql`ALTER TABLE price_change_sets DROP COLUMN rollover`.execute(db);
}
