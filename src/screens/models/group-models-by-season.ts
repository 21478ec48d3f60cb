import type { MarkupModel } from '../../domain/models/markup-model.js';

export type SeasonModels = { seasonId: number; seasonName: string; models: MarkupModel[] };

const byText = (left: string, right: string) => left.localeCompare(right, undefined, { numeric: true });

/**
 * The models of each season that has any, newest season (highest name: '2027' before '2026')
 * first and models by name, a season missing from the list last; with a filter, only models
 * whose name or season name contain it.
 */
export function groupModelsBySeason(models: readonly MarkupModel[], seasons: readonly { id: number; name: string }[], filter = ''): SeasonModels[] {
  const names = new Map(seasons.map((season) => [season.id, season.name]));
  const needle = filter.trim().toLowerCase();
  const groups = new Map<number, SeasonModels>();
  const known = (group: SeasonModels) => (names.has(group.seasonId) ? 0 : 1);
  for (const model of models) {
    const seasonName = names.get(model.season_id) ?? `Season ${model.season_id}`;
    if (needle && !`${model.name} ${seasonName}`.toLowerCase().includes(needle)) continue;
    const group = groups.get(model.season_id) ?? { seasonId: model.season_id, seasonName, models: [] };
    group.models.push(model);
    groups.set(model.season_id, group);
  }
  return [...groups.values()]
    .sort((left, right) => known(left) - known(right) || byText(right.seasonName, left.seasonName) || right.seasonId - left.seasonId)
    .map((group) => ({ ...group, models: [...group.models].sort((left, right) => byText(left.name, right.name)) }));
}
