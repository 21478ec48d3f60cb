import { useMemo, useState } from 'react';
import { dateOfBirthYears, daysInMonth, joinDateOfBirth, splitDateOfBirth, type DateParts } from '../../domain/bookings/date-of-birth.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Day, month and year pickers (SPEC.md section 5): emits YYYY-MM-DD once all three are set and a
 * real date, and an empty value otherwise. Partial choices stay on screen while staff pick.
 */
export function DateOfBirthPicker({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [parts, setParts] = useState<DateParts>(() => splitDateOfBirth(value));
  const years = useMemo(() => dateOfBirthYears(), []);
  // A value changed from outside (a reload after save) replaces the partial choice.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== joinDateOfBirth(parts)) setParts(splitDateOfBirth(value));
  }
  const dayCount = parts.month && parts.year ? daysInMonth(Number(parts.year), Number(parts.month)) : 31;
  const choose = (change: Partial<DateParts>) => {
    const next = { ...parts, ...change };
    setParts(next);
    const joined = joinDateOfBirth(next);
    setSeen(joined);
    if (joined !== value) onChange(joined);
  };
  return (
    <div className="dob-picker" role="group" aria-label={label}>
      <select aria-label={`${label} day`} value={parts.day} onChange={(event) => choose({ day: event.target.value })}>
        <option value="">Day</option>
        {Array.from({ length: dayCount }, (_, index) => (
          <option key={index + 1} value={String(index + 1)}>
            {index + 1}
          </option>
        ))}
      </select>
      <select aria-label={`${label} month`} value={parts.month} onChange={(event) => choose({ month: event.target.value })}>
        <option value="">Month</option>
        {MONTHS.map((month, index) => (
          <option key={month} value={String(index + 1)}>
            {month}
          </option>
        ))}
      </select>
      <select aria-label={`${label} year`} value={parts.year} onChange={(event) => choose({ year: event.target.value })}>
        <option value="">Year</option>
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
