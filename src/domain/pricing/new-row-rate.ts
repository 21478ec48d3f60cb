/**
 * The commission rate a new price, bike or extra row starts with: the row above's, else the first
 * rate of the season's model. Never none: a row without a rate would price at the legacy default
 * rate 15, which the season's model may not have, and the server refuses such a row.
 */
export const newRowRateId = (previous: number | null | undefined, rates: readonly { id: number }[]): number | null => previous ?? rates[0]?.id ?? null;
