const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money in pounds with two decimals (SPEC.md section 9). */
export const formatPounds = (value: number) => pounds.format(value);
