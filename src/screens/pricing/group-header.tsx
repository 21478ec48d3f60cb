import type { NamedOption } from './pricing-queries';
import { formatDayMonthYear } from './date-text';
import type { PriceGroup } from './price-groups';

export type GroupHeaderProps = {
  group: PriceGroup;
  number: number;
  selected: boolean;
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
  onSelect: () => void;
  onAddPrice: () => void;
  onRemove: () => void;
};

/** A group's summary as a full-width row of the price grid, with its actions. */
export function GroupHeader({ group, number, selected, boats, routes, onSelect, onAddPrice, onRemove }: GroupHeaderProps) {
  const dates = group.start || group.end ? `${formatDayMonthYear(group.start) || '…'} – ${formatDayMonthYear(group.end) || '…'}` : 'No dates';
  const facts = [
    dates,
    group.nights ? `${group.nights} nights` : null,
    group.guided === null ? null : group.guided ? 'Guided' : 'Self-Guided',
    boats.find((boat) => boat.id === group.boat_id)?.name ?? null,
    routes.find((route) => route.id === group.tour_route_id)?.name ?? null,
    `${group.size} price${group.size === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return (
    <div className={`group-header${selected ? ' selected' : ''}`}>
      <strong>Group {number}</strong>
      <span className="muted">{facts.join(' · ')}</span>
      <span className="group-header-actions">
        <button type="button" className="button small" onClick={onSelect} aria-pressed={selected}>
          Edit group {number}
        </button>
        <button type="button" className="button small" onClick={onAddPrice}>
          Add Price
        </button>
        <button type="button" className="button small danger" onClick={onRemove}>
          Remove Group
        </button>
      </span>
    </div>
  );
}
