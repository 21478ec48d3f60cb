import { useMemo } from 'react';
import { dateOfBirthYears, daysInMonth, joinDateOfBirth, splitDateOfBirth, type DateParts } from '../../domain/bookings/date-of-birth.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Day, month and year pickers (SPEC.md section 5): emits YYYY-MM-DD once all three are set and a
 * real date, '' when none is, and the partial choice otherwise ('1985-7-'), which the form refuses
 * with `error` (issue 28): a partial date is never saved as no date. `messageId` names the message.
 */
export function DateOfBirthPicker({
  label,
  value,
  onChange,
  error,
  messageId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  messageId?: string;
}) {
  const parts = splitDateOfBirth(value);
  const years = useMemo(() => dateOfBirthYears(), []);
  // A day chosen before a shorter month stays listed, so the refusal names what is on screen.
  const dayCount = Math.max(parts.month && parts.year ? daysInMonth(Number(parts.year), Number(parts.month)) : 31, Number(parts.day) || 0);
  const choose = (change: Partial<DateParts>) => onChange(joinDateOfBirth({ ...parts, ...change }));
  return (
    <div
      className="dob-picker"
      role="group"
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error && messageId ? messageId : undefined}
    >
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
