import { sql, type Kysely } from 'kysely';

// A price group may hold several date ranges (SPEC.md section 2, issue 18). They live in one jsonb
// list beside the group's start and end, which stay the span of the ranges for every older reader.
// Each dated group gets its one range now; a group without both dates keeps an empty list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tour_pricing_categories ADD COLUMN date_ranges jsonb NOT NULL DEFAULT '[]'`.execute(db);
  await sql`
    UPDATE tour_pricing_categories SET date_ranges = jsonb_build_array(jsonb_build_object('start', start, 'end', "end"))
    WHERE start IS NOT NULL AND "end" IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tour_pricing_categories DROP COLUMN date_ranges`.execute(db);
}
