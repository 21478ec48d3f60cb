// Invented customers and travellers.

import { isoDate } from './seed-dates.js';
import type { SeededRandom } from './seeded-random.js';
import {
  CHILD_FIRST_NAMES,
  COUNTY_NAMES,
  CUSTOMER_COUNTRIES,
  FIRST_NAMES,
  STREET_NAMES,
  SURNAME_ENDS,
  SURNAME_STARTS,
  TITLES,
  TOWN_NAMES,
  fictionalTelephone,
} from './word-lists.js';

/** The Customer fields of SPEC.md section 3, as bookings store them. */
export type Customer = {
  title: string;
  first_name: string;
  last_name: string;
  email_address: string;
  telephone_number: string;
  alternative_telephone_number: string;
  address_line_1: string;
  address_line_2: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
};

export type Person = { title: string; firstName: string; lastName: string };

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function inventSurname(random: SeededRandom): string {
  return `${random.pick(SURNAME_STARTS)}${random.pick(SURNAME_ENDS)}`;
}

export function inventAdult(random: SeededRandom, lastName = inventSurname(random)): Person {
  return { title: random.pick(TITLES), firstName: random.pick(FIRST_NAMES), lastName };
}

export function inventChild(random: SeededRandom, lastName: string): Person {
  return { title: random.pick(['Master', 'Miss', '']), firstName: random.pick(CHILD_FIRST_NAMES), lastName };
}

/** `n` keeps e-mail addresses unique across thousands of customers. */
export function emailFor(person: Person, n: number, domain = 'example.com'): string {
  return `${person.firstName}.${person.lastName}${n}@${domain}`.toLowerCase();
}

export function inventCustomer(random: SeededRandom, person: Person, n: number): Customer {
  const hasSecondLine = random.chance(0.4);
  return {
    title: person.title,
    first_name: person.firstName,
    last_name: person.lastName,
    email_address: emailFor(person, n, random.pick(['example.com', 'example.org', 'example.net'])),
    telephone_number: fictionalTelephone('mobile', n),
    alternative_telephone_number: random.chance(0.3) ? fictionalTelephone('landline', n + 7) : '',
    address_line_1: `${random.int(1, 180)} ${random.pick(STREET_NAMES)}`,
    address_line_2: hasSecondLine ? random.pick(['Flat 2', 'The Old Forge', 'Rose Cottage', 'Unit 4']) : '',
    town: random.pick(TOWN_NAMES),
    county: random.pick(COUNTY_NAMES),
    // Shaped like a postcode, with an outward code no real area uses.
    postcode: `QX${random.int(1, 29)} ${random.int(1, 9)}${random.pick([...POSTCODE_LETTERS])}${random.pick([...POSTCODE_LETTERS])}`,
    country: random.weighted(CUSTOMER_COUNTRIES),
  };
}

/** A date of birth `age` or `age + 1` years before a date in `onYear`; callers work out the exact age with ageOn(). */
export function dateOfBirthFor(random: SeededRandom, age: number, onYear: number): string {
  return isoDate(onYear - age - 1, random.int(1, 12), random.int(1, 28));
}
