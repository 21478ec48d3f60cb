import { sql, type Kysely } from 'kysely';

// The media library and galleries. Files live in the media folder under generated names; the row
// keeps what staff typed (title, caption, alt, credit) and what the upload was (type, size).
// A gallery is an ordered list of images.
//
// The image and gallery ids that screens already stored become foreign keys, so an image in use
// cannot be deleted (the API names its users first) and no form can store an id that points
// nowhere. Before this migration there was nothing for those ids to point at, so any id already
// typed in is cleared: kept, it would silently attach itself to whichever image later got that id.
// tour_bikes.gallery_id gets no key: the legacy import brings the old system's gallery ids there.
const IMAGE_COLUMNS: [table: string, column: string][] = [
  ['tours', 'media_id'],
  ['tours', 'hero_id'],
  ['regions', 'media_id'],
  ['destinations', 'media_id'],
  ['categories', 'media_id'],
  ['itineraries', 'media_id'],
  ['tour_documentation', 'map_id'],
];
const GALLERY_COLUMNS: [table: string, column: string][] = [
  ['tours', 'gallery_id'],
  ['tours', 'accommodation_gallery_id'],
  ['regions', 'gallery_id'],
  ['destinations', 'gallery_id'],
  ['categories', 'gallery_id'],
  ['boats', 'gallery_id'],
];

const keyName = (table: string, column: string) => `${table}_${column}_fk`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media (
      id serial PRIMARY KEY,
      file_name text NOT NULL UNIQUE,
      original_name text NOT NULL DEFAULT '',
      mime_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      size_bytes integer NOT NULL,
      title text NOT NULL DEFAULT '',
      caption text NOT NULL DEFAULT '',
      alt text NOT NULL DEFAULT '',
      credit text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX media_newest ON media (created_at DESC, id DESC);
    CREATE TABLE galleries (
      id serial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1
    );
    CREATE TABLE gallery_media (
      gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
      media_id integer NOT NULL REFERENCES media(id),
      position integer NOT NULL,
      PRIMARY KEY (gallery_id, media_id)
    );
    CREATE INDEX gallery_media_media ON gallery_media (media_id);
  `.execute(db);
  for (const [columns, target] of [
    [IMAGE_COLUMNS, 'media'],
    [GALLERY_COLUMNS, 'galleries'],
  ] as const) {
    for (const [table, column] of columns) {
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = NULL WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(keyName(table, column))}
        FOREIGN KEY (${sql.ref(column)}) REFERENCES ${sql.table(target)}(id)`.execute(db);
      // The check a delete of an image runs on every table that may use it.
      await sql`CREATE INDEX ${sql.id(`${table}_${column}`)} ON ${sql.table(table)} (${sql.ref(column)}) WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [...IMAGE_COLUMNS, ...GALLERY_COLUMNS]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_${column}`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${sql.id(keyName(table, column))}`.execute(db);
  }
  await sql`DROP TABLE gallery_media; DROP TABLE galleries; DROP TABLE media;`.execute(db);
}
