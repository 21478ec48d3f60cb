// The fixed wording of the customer travel document (SPEC.md section 2, Customer documentation);
// the tour-specific parts come from `GET bookings/{id}/documentation`.

export const EMERGENCY_NUMBER = '112';

export const NOTICES = {
  passport: 'Check that your passport is valid for at least three months after the day you return, and that it was issued within the last ten years.',
  visa: 'Check the entry rules for your nationality before you travel. Some visitors need a visa or an electronic travel authorisation.',
  insurance:
    'Travel insurance covering cycling holidays, medical treatment and repatriation is ' +
    'a condition of booking. Carry your policy number and the insurer’s emergency line.',
  localTaxes: 'Many towns charge a local tourist tax of about 1-4 euro per person per night. It is not included in the holiday price and is paid at the hotel.',
  electricity: 'Sockets are the European two-pin type (230 V). Bring an adapter for your chargers.',
  packing: [
    'Passport, insurance details and this document',
    'Padded cycling shorts and gloves',
    'Waterproof jacket and layers',
    'Sun cream, sunglasses and a hat',
    'Water bottle',
    'Phone charger and adapter',
    'Any medicines you need',
  ],
  roadRules: [
    'Ride on the right and in single file on busy roads.',
    'Helmets are strongly recommended and compulsory for children in some countries.',
    'Use lights in tunnels and after dusk.',
    'Lock your bike whenever you leave it.',
    'Give way as local signs show; priority to the right applies in many villages.',
  ],
} as const;
