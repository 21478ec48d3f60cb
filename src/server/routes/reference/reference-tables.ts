import type { ReferenceKey, ReferenceResource } from '../../../domain/reference/reference-resources.js';
import type { ChildList, ReferenceTarget } from '../../db/repositories/reference-repository.js';
import { categoryTours, currencyRates, destinationRegions } from './reference-children.js';
import { categoryUsage, destinationUsage, operatorUsage, regionUsage, type UsageCheck } from './reference-usage.js';

/**
 * Where each reference resource lives in the database. Foreign keys answer most "still in use"
 * questions on delete (DESIGN.md: the database's answer, not the app's guess); `usage` covers the
 * links kept in tours' jsonb id lists and names the rows that use it.
 */
export type ReferenceTable = {
  table: string;
  children: readonly ChildList[];
  usage?: UsageCheck;
};

export const REFERENCE_TABLES: Record<ReferenceKey, ReferenceTable> = {
  destinations: { table: 'destinations', children: [destinationRegions], usage: destinationUsage },
  regions: { table: 'regions', children: [], usage: regionUsage },
  bikes: { table: 'bikes', children: [] },
  boats: { table: 'boats', children: [] },
  decks: { table: 'decks', children: [] },
  currencies: { table: 'currencies', children: [currencyRates] },
  hotels: { table: 'hotels', children: [] },
  operators: { table: 'operators', children: [], usage: operatorUsage },
  restaurants: { table: 'restaurants', children: [] },
  'room-types': { table: 'room_types', children: [] },
  'accommodation-categories': { table: 'accommodation_categories', children: [] },
  seasons: { table: 'seasons', children: [] },
  categories: { table: 'categories', children: [categoryTours], usage: categoryUsage },
};

/** A resource's table as the reference repository reads and writes it. */
export function referenceTarget(resource: ReferenceResource): ReferenceTarget {
  const { table, children } = REFERENCE_TABLES[resource.key];
  const childFields = new Set(children.map((child) => child.field));
  const columns = Object.keys(resource.schema.shape).filter((key) => !childFields.has(key));
  return { table, columns, children, addressedBy: resource.addressedBy === 'slug' ? 'slug' : 'id' };
}
