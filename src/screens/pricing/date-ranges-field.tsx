import { confirmAction } from '../../ui/confirm-dialog';
import type { DateRange } from '../../domain/pricing/date-ranges';
import { formatDayMonthYear } from '../tour-season/date-text';
import { DateTextField } from '../tour-season/date-text-field';

export type DateRangesFieldProps = {
  /** The group's number on screen, for the confirmation. */
  number: number;
  ranges: readonly DateRange[];
  onChange: (ranges: DateRange[]) => void;
  /** Add new dates: one more range, after the season's last end (SPEC.md section 9). */
  onAdd: () => void;
};

const rangeText = (range: DateRange) => `${formatDayMonthYear(range.start) || '…'} – ${formatDayMonthYear(range.end) || '…'}`;

/**
 * A price group's date ranges (SPEC.md section 2: one or more), each start and end editable and
 * each removable after a confirmation (the removal takes effect on save). The last range stays:
 * a group without dates is not saved, so the panel says so instead of offering to remove it.
 */
export function DateRangesField({ number, ranges, onChange, onAdd }: DateRangesFieldProps) {
  const change = (index: number, fields: Partial<DateRange>) => onChange(ranges.map((range, i) => (i === index ? { ...range, ...fields } : range)));
  const remove = async (index: number) => {
    const confirmed = await confirmAction({
      title: 'Remove these dates?',
      text: `${rangeText(ranges[index])} will be taken off group ${number}. You will not be able to revert this after saving!`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (confirmed) onChange(ranges.filter((_, i) => i !== index));
  };
  return (
    <div className="date-ranges-field">
      <ul className="date-ranges" aria-label="Date ranges">
        {ranges.map((range, index) => (
          // Ranges have no id of their own: the position is what Remove dates takes off.
          <li key={index} className="group-fields" aria-label={`Dates ${index + 1}`}>
            <DateTextField label="Start" value={range.start} onChange={(start) => change(index, { start })} />
            <DateTextField label="End" value={range.end} onChange={(end) => change(index, { end })} />
            <button
              type="button"
              className="button small"
              disabled={ranges.length === 1}
              aria-describedby={ranges.length === 1 ? `last-range-${number}` : undefined}
              onClick={() => void remove(index)}
            >
              Remove dates
            </button>
          </li>
        ))}
      </ul>
      <div className="group-actions">
        <button type="button" className="button" onClick={onAdd}>
          Add new dates
        </button>
      </div>
      {ranges.length === 0 && <p className="field-error">This group has no dates yet: add new dates before saving.</p>}
      {ranges.length === 1 && (
        <p id={`last-range-${number}`} className="muted">
          A group keeps at least one date range: add new dates before removing these.
        </p>
      )}
    </div>
  );
}
