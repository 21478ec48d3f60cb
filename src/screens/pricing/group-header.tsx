import type { NamedOption } from '../../api/pricing-queries';
import type { PriceGroup } from './price-groups';
import { groupSummary } from './group-summary';

export type GroupHeaderProps = {
  group: PriceGroup;
  number: number;
  selected: boolean;
  /** Whether this group's fields are open above the grid. */
  expanded: boolean;
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
  /** Opens this group's fields, or folds them when they are open. */
  onToggle: () => void;
  onAddPrice: () => void;
  onRemove: () => void;
};

/** A group's fields folded into one line, as a full-width row of the price grid, with its actions. */
export function GroupHeader({ group, number, selected, expanded, boats, routes, onToggle, onAddPrice, onRemove }: GroupHeaderProps) {
  const summary = groupSummary(group, boats, routes);
  return (
    <div className={`group-header${selected ? ' selected' : ''}`}>
      <strong>Group {number}</strong>
      <span className="group-summary muted" title={summary}>
        {summary}
      </span>
      <span className="group-header-actions">
        <button type="button" className="button small" onClick={onToggle} aria-expanded={expanded}>
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
