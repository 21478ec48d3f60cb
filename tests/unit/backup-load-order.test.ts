import { describe, expect, it } from 'vitest';
import { orderForLoading, type CatalogTable } from '../../src/server/db/backup/database-catalog.js';

const table = (name: string, nullable: string[] = []): [string, CatalogTable] => [
  name,
  {
    name,
    columns: [
      { name: 'id', type: 'integer', nullable: false },
      ...['parent_id', 'other_id', 'owner_id'].map((column) => ({ name: column, type: 'integer', nullable: nullable.includes(column) })),
    ],
    primaryKey: ['id'],
    deferredColumns: [],
  },
];
const names = (tables: CatalogTable[]) => tables.map((entry) => entry.name);

describe('the load order of a restore', () => {
  it('puts every table after the tables it references', () => {
    const order = orderForLoading(new Map([table('prices'), table('seasons'), table('tours')]), [
      { table: 'prices', references: 'seasons', columns: ['other_id'] },
      { table: 'seasons', references: 'tours', columns: ['owner_id'] },
    ]);
    expect(names(order)).toEqual(['tours', 'seasons', 'prices']);
    expect(order.every((entry) => entry.deferredColumns.length === 0)).toBe(true);
  });

  it('defers a nullable key of a cycle, and only that key', () => {
    const order = orderForLoading(new Map([table('bookings', ['other_id']), table('models'), table('seasons', ['other_id'])]), [
      { table: 'bookings', references: 'seasons', columns: ['other_id'] },
      { table: 'seasons', references: 'models', columns: ['other_id'] },
      { table: 'models', references: 'seasons', columns: ['owner_id'] },
    ]);
    expect(names(order)).toEqual(['seasons', 'bookings', 'models']);
    expect(order.find((entry) => entry.name === 'seasons')?.deferredColumns).toEqual(['other_id']);
    expect(order.find((entry) => entry.name === 'bookings')?.deferredColumns).toEqual([]);
  });

  it('defers a nullable key to the same table', () => {
    const order = orderForLoading(new Map([table('pages', ['parent_id'])]), [{ table: 'pages', references: 'pages', columns: ['parent_id'] }]);
    expect(order[0].deferredColumns).toEqual(['parent_id']);
  });

  it('refuses a cycle of NOT NULL keys', () => {
    expect(() =>
      orderForLoading(new Map([table('a'), table('b')]), [
        { table: 'a', references: 'b', columns: ['other_id'] },
        { table: 'b', references: 'a', columns: ['other_id'] },
      ]),
    ).toThrow(/cycle/);
  });
});
