import { formatPounds } from '../../domain/format-money.js';

export { formatPounds };

/** A change in pounds with its sign ('+£12.00', '−£3.50', '£0.00'). */
export const formatSignedPounds = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatPounds(Math.abs(value))}`;
