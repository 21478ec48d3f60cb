// Invented places, people and businesses for the demo data. None of these is meant to name a
// real place or person; telephone numbers come from ranges reserved for fiction and e-mail
// addresses use the reserved example domains.

export const DESTINATION_NAMES = [
  'Valdoria',
  'Merovia',
  'Ostrelan',
  'Brescany',
  'Caldovia',
  'Lunetta',
  'Tavernia',
  'Esmerin',
  'Quorvale',
  'Rhenmark',
  'Solvenne',
  'Aberlune',
  'Korsada',
  'Delvania',
  'Marisca',
  'Vellmoor',
  'Istrava',
  'Pellagon',
  'Norvenna',
  'Zarethia',
  'Halvenor',
  'Cyrenne',
  'Tolvassa',
  'Glimmerdale',
  'Ardessa',
  'Fenmarra',
  'Orlanthe',
  'Brevossa',
  'Kelmora',
  'Umbrano',
  'Lachmoor',
  'Dravonia',
] as const;

export const REGION_PREFIXES = ['Northern', 'Southern', 'Upper', 'Lower', 'Coastal', 'Highland'] as const;

export const TOWN_NAMES = [
  'Port Aldric',
  'Vellamar',
  'Orvelle',
  'Brisca',
  'Lomenza',
  'Castel Daru',
  'Kessary',
  'Tolbrook',
  'Ambrevin',
  'Fennick Bay',
  'Saint Orlo',
  'Marrowby',
  'Quenlisse',
  'Dunmarrow',
  'Estravo',
  'Halcombe Cross',
  'Ravendel',
  'Sollemont',
  'Tiberra',
  'Uskavel',
  'Veranza',
  'Wyndmere',
  'Zorvaux',
  'Arlenbruck',
  'Belcastro',
  'Corvinhal',
  'Delmarre',
  'Elsinvar',
  'Florimont',
  'Gastavel',
  'Helvanto',
  'Ivrencourt',
] as const;

export const COUNTY_NAMES = ['Brackenshire', 'Wendleshire', 'East Mallowdale', 'Thornmere', 'Corrigan Vale', 'Pemberfold'] as const;

/** Tour name patterns; `{place}` is a destination or region. */
export const TOUR_NAME_PATTERNS = [
  '{place} Lakes and Vineyards',
  '{place} Coast to Coast',
  'Hills and Castles of {place}',
  'The {place} River Valley',
  '{place} Island Hopping',
  '{place} Highlights by Bike',
  'Grand Tour of {place}',
  '{place} Villages Trail',
  '{place} by Bike and Boat',
  'The {place} Wine Road',
  'Walking the {place} Ridges',
  '{place} Cheese and Orchards',
] as const;

export const FIRST_NAMES = [
  'Alice',
  'Ben',
  'Clara',
  'Daniel',
  'Eleanor',
  'Felix',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Katherine',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Patrick',
  'Quinn',
  'Rosa',
  'Samuel',
  'Tessa',
  'Umar',
  'Violet',
  'William',
  'Yasmin',
  'Zach',
  'Amelia',
  'Oscar',
  'Hannah',
  'George',
  'Priya',
  'Theo',
  'Lucy',
  'Marcus',
  'Nina',
  'Rowan',
  'Sophie',
] as const;

export const CHILD_FIRST_NAMES = ['Poppy', 'Alfie', 'Ivy', 'Arlo', 'Maisie', 'Finn', 'Elsie', 'Otis', 'Willow', 'Reuben'] as const;

/** Surnames are built from two halves so thousands of bookings do not repeat a handful of names. */
export const SURNAME_STARTS = [
  'Brack',
  'Quill',
  'Fenn',
  'Marl',
  'Thorn',
  'Hollin',
  'Grib',
  'Wend',
  'Pember',
  'Rook',
  'Tamber',
  'Kettle',
  'Mallow',
  'Bram',
  'Corrig',
  'Elder',
  'Gable',
  'Lark',
  'Nettle',
  'Sorrel',
] as const;
export const SURNAME_ENDS = ['wick', 'ford', 'stone', 'thorpe', 'combe', 'bury', 'well', 'more', 'field', 'ridge', 'hurst', 'dale', 'shaw'] as const;

export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Mx'] as const;

export const STREET_NAMES = [
  'Lantern Lane',
  'Heron Close',
  'Mill Row',
  'Orchard Way',
  'Chapel Walk',
  'Kestrel Road',
  'Willow Crescent',
  'Bellfounder Street',
] as const;

export const CUSTOMER_COUNTRIES = [
  ['United Kingdom', 70],
  ['United States', 12],
  ['Canada', 6],
  ['Australia', 6],
  ['Ireland', 6],
] as const;

export const DIETARY_REQUIREMENTS = [
  ['', 70],
  ['Vegetarian', 10],
  ['Vegan', 4],
  ['Gluten free', 5],
  ['Lactose free', 4],
  ['No nuts (allergy)', 3],
  ['Pescatarian', 4],
] as const;

export const OPERATOR_NAMES = [
  'Pedalwise Touring',
  'Lantern Cycling Co.',
  'Riverbend Rides',
  'Saddle & Sail',
  'Meridian Bike Travel',
  'Greenlane Holidays',
  'Kestrel Outdoor',
  'Two Wheels East',
  'Hollow Oak Walking',
  'Bluefen Voyages',
] as const;

export const BOAT_NAMES = [
  'MS Aurelian',
  'MS Vellamar Star',
  'Stella Quorva',
  'MS Silver Heron',
  'Lady Esmerin',
  'MS Tolvassa',
  'Zeemeeuw Lunetta',
  'MS Kelmora Queen',
] as const;

export const HOTEL_NAME_PARTS = {
  adjectives: ['Silver', 'Golden', 'Old', 'Quiet', 'Blue', 'Crooked', 'Red', 'Green'],
  nouns: ['Heron', 'Lantern', 'Mill', 'Orchard', 'Anchor', 'Bell', 'Fox', 'Vine'],
} as const;

export const RESTAURANT_STYLES = ['Trattoria', 'Bistro', 'Taverna', 'Brasserie', 'Kitchen', 'Osteria'] as const;

export const DIFFICULTIES = ['Easy', 'Leisurely', 'Moderate', 'Challenging'] as const;

export const PARTY_EXTRA_NAMES = [
  'Airport transfer',
  'Rain gear set',
  'Guided wine tasting',
  'Luggage upgrade',
  'Picnic lunch (per day)',
  'Cooking class',
] as const;

/** Telephone numbers from Ofcom's ranges reserved for drama (01632 960xxx, 07700 900xxx). */
export function fictionalTelephone(kind: 'landline' | 'mobile', n: number): string {
  const last = String(n % 1000).padStart(3, '0');
  return kind === 'landline' ? `01632 960${last}` : `07700 900${last}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
