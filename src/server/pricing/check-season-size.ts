import { overLimitProblem, SEASON_PRICING_LIMITS } from '../../domain/pricing/season-limits.js';
import { badRequest } from '../http-errors.js';

/**
 * Refuses (400) a season's pricing past SEASON_LIMITS as it would be after a save. The season
 * save's body is checked by its schema already; a single group's save is checked here, with the
 * season's other groups, so groups added one at a time cannot pass the limit either.
 */
export function checkSeasonSize(categories: readonly { prices: readonly unknown[] }[]): void {
  const problem = overLimitProblem(categories, SEASON_PRICING_LIMITS);
  if (problem !== undefined) throw badRequest(problem, 'categories');
}
