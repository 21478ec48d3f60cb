// One booking, planned from a tour season's prices: rooms from a price group, a party that fills
// them, bikes, extras, child reductions and payments, with totals that add up:
//   total_cost = rooms + bikes + room extras + party extras - reductions - offers + charges.

import type { BookingRoomExtra, PartyMemberExtra } from '../schema.js';
import { addDays, ageOn, daysBetween, timestampAt, weekday } from './seed-dates.js';
import { type Customer, type Person, dateOfBirthFor, inventAdult, inventChild, inventCustomer } from './seed-people.js';
import type { SeededRandom } from './seeded-random.js';
import type { BikePlan, CategoryPlan, PricePlan, TourSeasonPlan } from './tour-season-plan.js';
import { DIETARY_REQUIREMENTS } from './word-lists.js';

/** Booking statuses of SPEC.md section 4, weighted roughly as a season's book would hold them. */
const BOOKING_STATUSES = [
  ['pending', 10],
  ['on-hold', 3],
  ['deposit-paid', 20],
  ['payment-started', 10],
  ['payment-completed', 20],
  ['not-requested', 3],
  ['awaiting-supplier', 5],
  ['send-conf-inv', 5],
  ['ticketed', 6],
  ['supplier-cancelled', 1],
  ['cancelled', 5],
  ['sent-to-feefo', 6],
  ['prepared', 3],
  ['checked', 3],
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number][0];

const DEPOSIT_ONLY: readonly BookingStatus[] = ['deposit-paid', 'payment-started', 'awaiting-supplier', 'send-conf-inv', 'cancelled', 'supplier-cancelled'];
const PAID_IN_FULL: readonly BookingStatus[] = ['payment-completed', 'not-requested', 'ticketed', 'sent-to-feefo', 'prepared', 'checked'];

const COMMENTS = [
  'Celebrating a wedding anniversary.',
  'Please arrange a ground-floor room if possible.',
  'Arriving late on the first evening.',
  'Would like a rear child seat on one bike.',
  'Travelling with friends booked separately.',
];

export type PlannedRoom = { id: number; price: PricePlan; occupants: number; cost: number; extras: BookingRoomExtra[] };
export type PlannedMember = {
  person: Person;
  dateOfBirth: string;
  height: number;
  dietaryRequirements: string;
  room: PlannedRoom;
  bike: BikePlan | null;
  extras: PartyMemberExtra[];
};
export type PlannedPayment = {
  txCode: string;
  status: 'completed' | 'pending' | 'aborted';
  amount: number;
  sagepayReference: string;
  comment: string;
  createdAt: string;
};
export type BookingTotals = {
  total_cost: number;
  total_rooms: number;
  total_bikes: number;
  total_room_extras: number;
  total_party_extras: number;
  total_reductions: number;
  total_offers: number;
  total_charges: number;
  total_deposit: number;
  total_at_booking: number;
};
export type PlannedBooking = {
  id: number;
  reference: string;
  plan: TourSeasonPlan;
  category: CategoryPlan;
  status: BookingStatus;
  customer: Customer;
  holidayStart: string;
  arrival: string;
  comments: string;
  createdAt: string;
  rooms: PlannedRoom[];
  members: PlannedMember[];
  totals: BookingTotals;
  netAtBooking: number;
  payments: PlannedPayment[];
  snapshots: { snapshot: string; createdAt: string }[];
};

const money = (value: number) => Math.round(value * 100) / 100;
const sum = (values: readonly number[]) => money(values.reduce((total, value) => total + value, 0));

function holidayStartIn(random: SeededRandom, category: CategoryPlan): string {
  if (category.specificDates.length > 0) return random.pick(category.specificDates);
  const length = daysBetween(category.start, category.end) + 1;
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = addDays(category.start, random.int(0, length - 1));
    if (!category.restrictedDays.includes(weekday(date)) && !category.restrictedDates.includes(date)) return date;
  }
  return category.start;
}

function bikeFor(random: SeededRandom, bikes: readonly BikePlan[], age: number, nights: number): BikePlan | null {
  const named = (name: string) => bikes.filter((bike) => bike.bike.name === name && (bike.nights === null || bike.nights === nights));
  if (age < 6) return random.pick([...named('Trailer bike'), null]);
  if (age < 13) return random.pick([...named('Child bike'), ...named('Hybrid bike')]);
  const choice = random.weighted([
    ['Hybrid bike', 55],
    ['Electric bike', 35],
    ['other', 6],
    ['none', 4],
  ] as const);
  if (choice === 'none') return null;
  if (choice === 'other') {
    const others = bikes.filter((bike) => !['Hybrid bike', 'Electric bike', 'Child bike', 'Trailer bike'].includes(bike.bike.name));
    return others.length > 0 ? random.pick(others) : (named('Hybrid bike')[0] ?? null);
  }
  return named(choice)[0] ?? null;
}

function sagepayReference(random: SeededRandom): string {
  const hex = (length: number) => Array.from({ length }, () => random.int(0, 15).toString(16).toUpperCase()).join('');
  return `{${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}}`;
}

export function planBooking(random: SeededRandom, plan: TourSeasonPlan, sequence: number): PlannedBooking {
  const category = random.pick(plan.categories);
  const holidayStart = holidayStartIn(random, category);
  const year = Number(holidayStart.slice(0, 4));
  // Rooms share one accommodation level; beds for one to four people.
  const bookable = category.prices.filter((price) => price.roomType.sleeps >= 1 && price.roomType.sleeps <= 4);
  const level = random.pick(bookable);
  const sameLevel = bookable.filter((price) => price.accommodation === level.accommodation && price.deck === level.deck);
  const roomCount = random.weighted([
    [1, 60],
    [2, 30],
    [3, 10],
  ] as const);
  const rooms: PlannedRoom[] = Array.from({ length: roomCount }, (_, index) => {
    const price =
      index === 0 && level.roomType.name !== 'Single'
        ? level
        : random.weighted(sameLevel.map((candidate) => [candidate, ['Double', 'Twin'].includes(candidate.roomType.name) ? 4 : 1] as const));
    return { id: 0, price, occupants: price.roomType.sleeps, cost: money(price.stored.cost * price.roomType.sleeps), extras: [] };
  });

  const lead = inventAdult(random);
  const customer = inventCustomer(random, lead, sequence);
  const members: PlannedMember[] = [];
  let reductions = 0;
  for (const room of rooms) {
    for (let place = 0; place < room.occupants; place++) {
      const isLead = members.length === 0;
      // Third and fourth beds often go to children of the room's adults.
      const isChild = place >= 2 && random.chance(0.5);
      const person = isLead ? lead : isChild ? inventChild(random, lead.lastName) : inventAdult(random, random.chance(0.5) ? lead.lastName : undefined);
      const targetAge = isChild ? random.int(2, 16) : random.int(24, 76);
      const dateOfBirth = dateOfBirthFor(random, targetAge, year);
      const age = ageOn(dateOfBirth, holidayStart);
      const reduction = isChild
        ? plan.reductions.find(
            (candidate) =>
              candidate.percent !== null &&
              candidate.outputMin !== null &&
              candidate.outputMax !== null &&
              age >= candidate.outputMin &&
              age <= candidate.outputMax,
          )
        : undefined;
      if (reduction) reductions += (room.price.stored.cost * reduction.percent!) / 100;
      members.push({
        person,
        dateOfBirth,
        height: isChild ? Math.min(175, 80 + age * 6 + random.int(-5, 5)) : random.int(152, 196),
        dietaryRequirements: random.weighted(DIETARY_REQUIREMENTS),
        room,
        bike: bikeFor(random, plan.bikes, age, category.nights),
        extras: [],
      });
    }
  }

  // Party extras: some travellers add one, matched to the party size, their room's level or their bike.
  for (const member of members) {
    if (!random.chance(0.2) || plan.partyExtras.length === 0) continue;
    const extra = random.pick(plan.partyExtras);
    const variation = extra.variations.find(
      (candidate) =>
        (candidate.minPax === null || members.length >= candidate.minPax) &&
        (candidate.maxPax === null || members.length <= candidate.maxPax) &&
        (candidate.accommodationCategoryId === null || candidate.accommodationCategoryId === member.room.price.accommodation?.id) &&
        (candidate.bikeId === null || candidate.bikeId === member.bike?.bike.id),
    );
    if (variation) member.extras.push({ id: extra.id, name: extra.name, cost: variation.stored.cost, tour_party_extra_variation_id: variation.id });
  }

  // Extra nights before or after, for every room of the booking.
  let nightsBefore = 0;
  if (plan.roomExtras.length > 0 && random.chance(0.15)) {
    const extra = random.pick(plan.roomExtras);
    const post = extra.pre && extra.post ? random.chance(0.5) : extra.post;
    const quantity = random.int(1, 2);
    if (!post) nightsBefore = quantity;
    for (const room of rooms) {
      const variation = extra.variations.find((candidate) => candidate.roomTypeId === room.price.roomType.id);
      if (!variation) continue;
      room.extras.push({
        id: variation.id,
        post,
        name: extra.name,
        cost: variation.stored.cost,
        quantity,
        room_name: room.price.roomType.name,
        category: room.price.accommodation?.name ?? '',
      });
    }
  }

  const totalRooms = sum(rooms.map((room) => room.cost));
  const totalBikes = sum(members.map((member) => member.bike?.stored.cost ?? 0));
  const totalRoomExtras = sum(rooms.flatMap((room) => room.extras.map((extra) => extra.cost * extra.quantity)));
  const totalPartyExtras = sum(members.flatMap((member) => member.extras.map((extra) => extra.cost)));
  const totalReductions = money(reductions);
  const totalOffers = random.chance(0.05) ? money(Math.round(totalRooms * 0.05)) : 0;
  const totalCharges = random.chance(0.08) ? 25 : 0;
  const totalCost = money(totalRooms + totalBikes + totalRoomExtras + totalPartyExtras - totalReductions - totalOffers + totalCharges);
  const totals: BookingTotals = {
    total_cost: totalCost,
    total_rooms: totalRooms,
    total_bikes: totalBikes,
    total_room_extras: totalRoomExtras,
    total_party_extras: totalPartyExtras,
    total_reductions: totalReductions,
    total_offers: totalOffers,
    total_charges: totalCharges,
    total_deposit: Math.min(totalCost, plan.deposit * members.length),
    // An amendment fee is charged after booking, so it is not in the total at booking.
    total_at_booking: money(totalCost - totalCharges),
  };
  const netAtBooking = sum([...rooms.map((room) => room.price.stored.net * room.occupants), ...members.map((member) => member.bike?.stored.net ?? 0)]);

  const status = random.weighted(BOOKING_STATUSES);
  const bookedDaysBefore = random.int(20, 300);
  const createdAt = timestampAt(addDays(holidayStart, -bookedDaysBefore), random.int(7 * 60, 22 * 60));
  const reference = `BK-${year}-${String(sequence).padStart(6, '0')}`;
  const payments = planPayments(random, {
    status,
    reference,
    totals,
    createdAt,
    balanceDate: addDays(holidayStart, -Math.min(plan.tour.balanceDue, bookedDaysBefore - 1)),
  });
  const snapshots = random.chance(0.15)
    ? [
        {
          snapshot: JSON.stringify({
            booking_reference: reference,
            status: 'pending',
            ...totals,
            rooms: rooms.map((room) => ({ name: room.price.roomType.name, cost: room.cost })),
            party: members.length,
          }),
          createdAt: timestampAt(createdAt.slice(0, 10), 23 * 60),
        },
      ]
    : [];

  return {
    id: 0,
    reference,
    plan,
    category,
    status,
    customer,
    holidayStart,
    arrival: addDays(holidayStart, -nightsBefore),
    comments: random.chance(0.2) ? random.pick(COMMENTS) : '',
    createdAt,
    rooms,
    members,
    totals,
    netAtBooking,
    payments,
    snapshots,
  };
}

type PaymentContext = { status: BookingStatus; reference: string; totals: BookingTotals; createdAt: string; balanceDate: string };

/** Payments that match the status: deposit paid, paid in full, or only attempts. */
function planPayments(random: SeededRandom, booking: PaymentContext): PlannedPayment[] {
  const payments: PlannedPayment[] = [];
  const minutesAfterBooking = (minutes: number) => new Date(Date.parse(booking.createdAt) + minutes * 60_000).toISOString();
  const add = (status: PlannedPayment['status'], amount: number, createdAt: string, comment = '') => {
    const byCard = status !== 'completed' || random.chance(0.85);
    payments.push({
      txCode: `${booking.reference}-${payments.length + 1}`,
      status,
      amount: money(amount),
      sagepayReference: byCard ? sagepayReference(random) : '',
      comment: byCard ? comment : comment || 'Bank transfer',
      createdAt,
    });
  };
  const { total_deposit: deposit, total_cost: cost } = booking.totals;
  if (random.chance(0.08)) add('aborted', deposit, minutesAfterBooking(2), 'Card declined');
  if (booking.status === 'pending') {
    if (random.chance(0.6)) add('pending', deposit, minutesAfterBooking(5));
  } else if (booking.status === 'on-hold') {
    if (random.chance(0.3)) add('aborted', deposit, minutesAfterBooking(5), 'Customer left the payment page');
  } else if (DEPOSIT_ONLY.includes(booking.status) || PAID_IN_FULL.includes(booking.status)) {
    add('completed', deposit, minutesAfterBooking(6), 'Deposit');
    const balance = money(cost - deposit);
    if (balance > 0 && PAID_IN_FULL.includes(booking.status))
      add('completed', balance, timestampAt(booking.balanceDate, random.int(8 * 60, 20 * 60)), 'Balance');
    else if (balance > 0 && booking.status === 'payment-started')
      add('pending', balance, timestampAt(booking.balanceDate, random.int(8 * 60, 20 * 60)), 'Balance');
  }
  return payments;
}
