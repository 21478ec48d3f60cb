/**
 * The one e-mail rule of the product, for every form and route that takes an address (booking
 * customers, site contacts, staff logins): something@domain.tld without spaces. Deliberately
 * loose: the address is checked for typing slips, not for deliverability.
 */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_ADDRESS_MESSAGE = 'Enter a valid e-mail address';

export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);

/** Blank (not known yet) or a valid address. */
export const isBlankOrEmailAddress = (value: string): boolean => value === '' || isEmailAddress(value);
