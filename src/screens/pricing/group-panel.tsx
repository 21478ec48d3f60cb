import { z } from 'zod';
import type { NamedOption } from '../../api/pricing-queries';
import { useRecordForm } from '../../ui/use-record-form';
import { DateListField } from '../tour-season/date-list-field';
import { DateRangesField } from './date-ranges-field';
import { WEEKDAYS } from './group-summary';
import { DEFAULT_DUPLICATE_COUNT, withDateRanges, type GroupFields, type PriceGroup } from './price-groups';
const NIGHTS = Array.from({ length: 15 }, (_, i) => i + 1);

export type GroupPanelProps = {
  group: PriceGroup;
  number: number;
  boats: readonly NamedOption[];
  routes: readonly NamedOption[];
  onChange: (fields: Partial<GroupFields>) => void;
  /** Adds a date range after the season's last end (SPEC.md section 9). */
  onAddDates: () => void;
  onDuplicate: (count: number) => void;
  /** Folds the fields back into the group's summary row. */
  onClose: () => void;
};

const toId = (value: string) => (value === '' ? null : Number(value));
const AT_LEAST_ONE = 'Duplicate at least 1 time';
const COPIES = z.object({ count: z.number({ error: AT_LEAST_ONE }).int(AT_LEAST_ONE).min(1, AT_LEAST_ONE) });

/** The fields of the chosen price group (SPEC.md section 2, Pricing), opened above the grid. */
export function GroupPanel({ group, number, boats, routes, onChange, onAddDates, onDuplicate, onClose }: GroupPanelProps) {
  // The group's own fields are the grid's staged rows (saved by the grid's Save); only the number
  // of copies is a form of its own, whose submit duplicates the group there and then.
  const copies = useRecordForm({
    initial: () => ({ count: String(DEFAULT_DUPLICATE_COUNT) }),
    schema: COPIES,
    valuesOf: ({ count }) => ({ count: Number(count) }),
    send: ({ count }) => Promise.resolve(onDuplicate(count)),
    asksBeforeLeaving: false,
  });
  const countError = copies.errorOf('count');
  const guided = group.guided === null ? '' : group.guided ? 'guided' : 'self';
  return (
    <section className="group-panel" aria-label={`Group ${number}`}>
      <div className="group-panel-heading">
        <h2>Group {number}</h2>
        <button type="button" className="button small" onClick={onClose}>
          Close
        </button>
      </div>
      <DateRangesField number={number} ranges={group.date_ranges} onChange={(ranges) => onChange(withDateRanges(ranges))} onAdd={onAddDates} />
      <div className="group-fields">
        <label className="bar-field">
          Nights
          <select value={group.nights ?? ''} onChange={(event) => onChange({ nights: toId(event.target.value) })}>
            <option value="">—</option>
            {NIGHTS.map((nights) => (
              <option key={nights} value={nights}>
                {nights}
              </option>
            ))}
          </select>
        </label>
        <label className="bar-field">
          Boat
          <select value={group.boat_id ?? ''} onChange={(event) => onChange({ boat_id: toId(event.target.value) })}>
            <option value="">No boat</option>
            {boats.map((boat) => (
              <option key={boat.id} value={boat.id}>
                {boat.name}
              </option>
            ))}
          </select>
        </label>
        <label className="bar-field">
          Route
          <select value={group.tour_route_id ?? ''} onChange={(event) => onChange({ tour_route_id: toId(event.target.value) })}>
            <option value="">No route</option>
            {routes.map((route) => (
              <option key={route.id} value={route.id}>
                {route.name}
              </option>
            ))}
          </select>
        </label>
        <label className="bar-field">
          Guidance
          <select value={guided} onChange={(event) => onChange({ guided: event.target.value === '' ? null : event.target.value === 'guided' })}>
            <option value="">Unset</option>
            <option value="self">Self-Guided</option>
            <option value="guided">Guided</option>
          </select>
        </label>
        <fieldset className="bar-columns">
          <legend>Restricted weekdays</legend>
          {WEEKDAYS.map((day, index) => (
            <label key={day} className="bar-check">
              <input
                type="checkbox"
                checked={group.restricted_days.includes(index)}
                onChange={(event) =>
                  onChange({
                    restricted_days: event.target.checked ? [...group.restricted_days, index].sort() : group.restricted_days.filter((other) => other !== index),
                  })
                }
              />
              {day}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="group-fields">
        <DateListField label="Restricted dates" dates={group.restricted_dates} onChange={(restricted_dates) => onChange({ restricted_dates })} />
        <DateListField label="Specific dates" dates={group.specific_dates} onChange={(specific_dates) => onChange({ specific_dates })} />
      </div>
      <div className="group-actions">
        <form className="bar-form" onSubmit={copies.submit}>
          <label className="bar-field">
            Copies
            <input
              type="number"
              min={1}
              step={1}
              value={copies.draft.count}
              onChange={(event) => copies.change('count', event.target.value)}
              size={4}
              aria-invalid={countError ? true : undefined}
            />
          </label>
          <button type="submit" className="button">
            Duplicate group
          </button>
          {countError && (
            <span className="field-error" role="alert">
              {countError}
            </span>
          )}
        </form>
      </div>
    </section>
  );
}
