const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money in pounds with two decimals (SPEC.md section 9). */
export const formatPounds = (value: number) => pounds.format(value);

/** A change in pounds with its sign ('+£12.00', '−£3.50', '£0.00'). */
export const formatSignedPounds = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatPounds(Math.abs(value))}`;
