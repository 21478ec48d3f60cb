import { useSyncExternalStore } from 'react';
import type { RoomExtraVariation } from '../../domain/tours/tour-extras-schemas';
import { WEEKDAYS } from '../../domain/tours/tour-options';
import { changeOf } from '../../grid/commands/cell-change';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { DateListField } from '../tour-season/date-list-field';
import { DateTextField } from '../tour-season/date-text-field';

export type RoomRow = PriceRow &
  Pick<RoomExtraVariation, 'start' | 'end' | 'room_type_id' | 'accommodation_category_id' | 'specific_dates' | 'restricted_dates' | 'restricted_days'>;

type DateFields = Pick<RoomRow, 'start' | 'end' | 'specific_dates' | 'restricted_dates' | 'restricted_days'>;

/**
 * The dates of the extra night variation the keyboard is on (start, end, restricted and specific
 * dates, restricted weekdays), beside its grid. Each change is one undoable grid edit.
 */
export function RoomVariationPanel({ model, rowKey, index }: { model: PriceGridModel<RoomRow>; rowKey: string; index: number }) {
  useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.revision,
  );
  const row = model.rows[model.indexOf(rowKey)];
  if (!row) return null;
  const change = <Field extends keyof DateFields>(field: Field, value: DateFields[Field]) => {
    const edit = changeOf(row, field, value);
    if (edit) model.edit([edit]);
  };
  return (
    <section className="variation-panel" aria-label={`Dates of row ${index}`}>
      <h3>Dates of row {index}</h3>
      <div className="group-fields">
        <DateTextField label="Start" value={row.start} onChange={(start) => change('start', start)} />
        <DateTextField label="End" value={row.end} onChange={(end) => change('end', end)} />
        <fieldset className="bar-columns">
          <legend>Restricted weekdays</legend>
          {WEEKDAYS.map((day, weekday) => (
            <label key={day} className="bar-check">
              <input
                type="checkbox"
                checked={row.restricted_days.includes(weekday)}
                onChange={(event) =>
                  change(
                    'restricted_days',
                    event.target.checked ? [...row.restricted_days, weekday].sort((a, b) => a - b) : row.restricted_days.filter((other) => other !== weekday),
                  )
                }
              />
              {day.slice(0, 3)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="group-fields">
        <DateListField label="Restricted dates" dates={row.restricted_dates} onChange={(dates) => change('restricted_dates', dates)} />
        <DateListField label="Specific dates" dates={row.specific_dates} onChange={(dates) => change('specific_dates', dates)} />
      </div>
    </section>
  );
}
