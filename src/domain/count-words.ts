/** A count with its noun, singular for one: '1 booking', '2 bookings', '1,200 enquiries' (`other` when not just an s). */
export const countWords = (count: number, one: string, other = `${one}s`): string => `${count.toLocaleString('en-GB')} ${count === 1 ? one : other}`;
