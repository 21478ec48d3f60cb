import { describe, expect, it } from 'vitest';
import { dateOfBirthYears, joinDateOfBirth, splitDateOfBirth } from '../../src/domain/bookings/date-of-birth.js';

describe('the date-of-birth picker', () => {
  it('offers the years from this year back 110, newest first', () => {
    const years = dateOfBirthYears(new Date('2026-05-01T12:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1916);
    expect(years).toHaveLength(111);
  });

  it('is empty unless day, month and year are all chosen', () => {
    expect(joinDateOfBirth({ day: '10', month: '12', year: '' })).toBe('');
    expect(joinDateOfBirth({ day: '', month: '12', year: '1980' })).toBe('');
    expect(joinDateOfBirth({ day: '10', month: '', year: '1980' })).toBe('');
    expect(joinDateOfBirth({ day: '10', month: '12', year: '1980' })).toBe('1980-12-10');
  });

  it('never gives an impossible date', () => {
    expect(joinDateOfBirth({ day: '31', month: '2', year: '1980' })).toBe('');
    expect(joinDateOfBirth({ day: '29', month: '2', year: '1981' })).toBe('');
    expect(joinDateOfBirth({ day: '29', month: '2', year: '1980' })).toBe('1980-02-29');
  });

  it('splits a stored date back into its three choices', () => {
    expect(splitDateOfBirth('1980-02-09')).toEqual({ day: '9', month: '2', year: '1980' });
    expect(splitDateOfBirth(null)).toEqual({ day: '', month: '', year: '' });
  });
});
