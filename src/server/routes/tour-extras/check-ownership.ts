import { badRequest } from '../../http-errors.js';

// Before a list of child rows is written as sent (tour-season-rows-repository.ts): the ids sent
// and queued for removal must name the owner's rows. Shared by extras, their variations,
// reductions and specifications.

/**
 * Every id sent must be one of the owner's rows, sent once and not also queued for removal;
 * every queued id must be one of the owner's rows. `name` says what a row is ('Reduction').
 */
export function checkOwnership(
  sent: readonly { id?: number }[],
  existing: Set<number>,
  removed: readonly number[],
  name: string,
  pathOf: (index: number) => string,
  owner = 'this season',
) {
  const queued = new Set(removed);
  for (const removedId of queued) if (!existing.has(removedId)) throw badRequest(`${name} ${removedId} is not part of ${owner}`, 'removed_ids');
  const seen = new Set<number>();
  sent.forEach((row, index) => {
    if (row.id === undefined) return;
    if (!existing.has(row.id)) throw badRequest(`${name} ${row.id} is not part of ${owner}`, `${pathOf(index)}.id`);
    if (queued.has(row.id)) throw badRequest(`${name} ${row.id} is both kept and removed`, `${pathOf(index)}.id`);
    if (seen.has(row.id)) throw badRequest(`${name} ${row.id} is sent twice`, `${pathOf(index)}.id`);
    seen.add(row.id);
  });
}
