import { describe, expect, it } from 'vitest';
import {
  balanceDueDate,
  balanceOf,
  formatPounds,
  paidSoFar,
  refundedSoFar,
  refundRefusal,
  sumMoney,
  totalFromParts,
} from '../../src/domain/bookings/booking-money.js';
import { hasMoneyDecimals, moneyDecimalsProblem } from '../../src/domain/money-decimals.js';

const parts = {
  total_rooms: 2400,
  total_bikes: 240,
  total_room_extras: 180,
  total_party_extras: 60,
  total_reductions: 100,
  total_offers: 20,
  total_charges: 15.5,
};

describe('booking totals and balance', () => {
  it('adds rooms, bikes, extra nights and supplements, takes off reductions and offers, and adds charges', () => {
    expect(totalFromParts(parts)).toBe(2775.5);
  });

  it('adds money in whole pence so many small amounts do not drift', () => {
    expect(sumMoney(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
  });

  it('counts only completed payments as paid', () => {
    const payments = [
      { status: 'completed', amount: 500 },
      { status: 'pending', amount: 2000 },
      { status: 'aborted', amount: 500 },
      { status: 'completed', amount: 250.25 },
    ];
    expect(paidSoFar(payments)).toBe(750.25);
    expect(balanceOf(2780, payments)).toBe(2029.75);
  });

  it('shows a balance of the whole cost when nothing is paid, and a negative one when overpaid', () => {
    expect(balanceOf(1200, [])).toBe(1200);
    expect(balanceOf(100, [{ status: 'completed', amount: 150 }])).toBe(-50);
  });

  it('shows money in pounds with 2 decimals', () => {
    expect(formatPounds(2029.7)).toBe('£2,029.70');
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(-0)).toBe('£0.00');
    expect(formatPounds(-0.004)).toBe('£0.00');
    expect(formatPounds(-12.5)).toBe('-£12.50');
    expect(formatPounds(-50)).toBe('-£50.00');
    expect(formatPounds(null)).toBe('—');
  });
});

describe('balance due date', () => {
  it('is the arrival date minus the tour balance_due days', () => {
    expect(balanceDueDate('2026-06-13', 56)).toBe('2026-04-18');
  });

  it('crosses month and year ends and leap days', () => {
    expect(balanceDueDate('2026-01-10', 30)).toBe('2025-12-11');
    expect(balanceDueDate('2028-03-01', 1)).toBe('2028-02-29');
  });

  it('is not shifted by a clock change', () => {
    expect(balanceDueDate('2026-04-01', 7)).toBe('2026-03-25');
    expect(balanceDueDate('2026-11-01', 7)).toBe('2026-10-25');
  });

  it('is the arrival date when the tour has no balance_due, and unknown without an arrival', () => {
    expect(balanceDueDate('2026-06-13', 0)).toBe('2026-06-13');
    expect(balanceDueDate('2026-06-13', null)).toBe('2026-06-13');
    expect(balanceDueDate(null, 56)).toBeNull();
    expect(balanceDueDate('13/06/2026', 56)).toBeNull();
  });
});

describe('payments in whole pence and refunds (issue 19 item 12)', () => {
  it('takes pounds and pence as typed, and nothing finer, binary noise included (issue 30 item 6)', () => {
    expect([0.29, 0.1, 1234.56, -120.5, 999999.99, 0, 1.5e3].map(hasMoneyDecimals)).toEqual([true, true, true, true, true, true, true]);
    expect([10.005, 0.001, 1234.567, -20.125, 0.1 + 0.2, 5e-324].map(hasMoneyDecimals)).toEqual([false, false, false, false, false, false]);
    expect(moneyDecimalsProblem(0.1 + 0.2)).toBe('At most two decimals: 0.30000000000000004 has 17');
    expect(moneyDecimalsProblem(1.005)).toBe('At most two decimals: 1.005 has three');
    expect(moneyDecimalsProblem(12.5)).toBeNull();
  });

  it('counts completed refunds apart, and paid so far and the balance with them', () => {
    const payments = [
      { status: 'completed', amount: 500 },
      { status: 'completed', amount: -120.5 },
      { status: 'pending', amount: -50 },
    ];
    expect(refundedSoFar(payments)).toBe(-120.5);
    expect(paidSoFar(payments)).toBe(379.5);
    expect(balanceOf(1800, payments)).toBe(1420.5);
  });

  it('refuses a refund only when it would take the total paid below zero', () => {
    expect(refundRefusal(379.5, -379.5)).toBeNull();
    expect(refundRefusal(379.5, 100)).toBeNull();
    expect(refundRefusal(379.5, -379.51)).toBe('A refund of £379.51 is more than the £379.50 paid on this booking');
  });
});
