import { describe, expect, it } from 'vitest';
import { DATE_OF_BIRTH_INCOMPLETE, dateOfBirthProblem, dateOfBirthYears, joinDateOfBirth, splitDateOfBirth } from '../../src/domain/bookings/date-of-birth.js';

describe('the date-of-birth picker', () => {
  it('offers the years from this year back 110, newest first', () => {
    const years = dateOfBirthYears(new Date('2026-05-01T12:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1916);
    expect(years).toHaveLength(111);
  });

  it('gives the date once day, month and year are chosen, and nothing when none is', () => {
    expect(joinDateOfBirth({ day: '10', month: '12', year: '1980' })).toBe('1980-12-10');
    expect(joinDateOfBirth({ day: '', month: '', year: '' })).toBe('');
  });

  it('keeps a partial choice as one, which is refused naming the field (issue 28)', () => {
    for (const parts of [
      { day: '10', month: '12', year: '' },
      { day: '', month: '12', year: '1980' },
      { day: '10', month: '', year: '1980' },
    ]) {
      const joined = joinDateOfBirth(parts);
      expect(splitDateOfBirth(joined)).toEqual(parts);
      expect(dateOfBirthProblem(joined)).toBe(DATE_OF_BIRTH_INCOMPLETE);
    }
  });

  it('never gives an impossible date: it is refused, saying which', () => {
    expect(dateOfBirthProblem(joinDateOfBirth({ day: '31', month: '2', year: '1980' }))).toBe('Date of birth: 31/2/1980 is not a day of the calendar');
    expect(dateOfBirthProblem(joinDateOfBirth({ day: '29', month: '2', year: '1981' }))).toBe('Date of birth: 29/2/1981 is not a day of the calendar');
    expect(joinDateOfBirth({ day: '29', month: '2', year: '1980' })).toBe('1980-02-29');
    expect(dateOfBirthProblem('1980-02-29')).toBeNull();
  });

  it('splits a stored date back into its three choices', () => {
    expect(splitDateOfBirth('1980-02-09')).toEqual({ day: '9', month: '2', year: '1980' });
    expect(splitDateOfBirth(null)).toEqual({ day: '', month: '', year: '' });
  });
});
