import type { Kysely } from 'kysely';
import type { PriceFields } from '../../../domain/pricing/price-fields.js';
import type { PartyExtra, PartyExtraParsed, RoomExtra, RoomExtraParsed } from '../../../domain/tours/tour-extras-schemas.js';
import type { PriceChangeSource, PriceRowKind } from '../../../domain/pricing/price-history.js';
import type { Database } from '../../db/schema.js';
import { listPartyExtras, listRoomExtras } from '../../db/repositories/tour-extras-repository.js';
import type { ColumnValues, OwnedTable } from '../../db/repositories/tour-season-rows-repository.js';

// What differs between party extras (supplements) and room extras (extra nights): their tables,
// their own columns and how they are read. Everything else (saving, pricing, the routes) is
// written once in save-extras.ts and extra-routes.ts.

export type VariationInput = PriceFields & { id?: number };
export type ExtraInput<Variation extends VariationInput> = { id?: number; name: string; variations: Variation[] };

/** What saving an extra needs to know about its kind. */
export type ExtraWriter<Input extends ExtraInput<VariationInput>> = {
  table: Extract<OwnedTable, 'tour_party_extras' | 'tour_room_extras'>;
  variationTable: Extract<OwnedTable, 'tour_party_extra_variations' | 'tour_room_extra_variations'>;
  parentColumn: 'tour_party_extra_id' | 'tour_room_extra_id';
  /** How the price history names the kind's saves and its variations. */
  history: { source: Extract<PriceChangeSource, 'supplements' | 'extra_nights'>; kind: Extract<PriceRowKind, `${string}_extra_variation`> };
  /** The extra's own columns (not id, season or variations). */
  extraValues: (extra: Omit<Input, 'id'>) => ColumnValues;
  /** A variation's columns other than the price fields, net, cost and position. */
  variationValues: (variation: Input['variations'][number]) => ColumnValues;
};

export type ExtraKindSpec<Input extends ExtraInput<VariationInput>, Stored extends { id: number; variations: unknown[] }> = ExtraWriter<Input> & {
  /** The season's extras in display order with their variations in grid order; one extra when `extraId` is given. */
  load: (db: Kysely<Database>, tourSeasonId: number, extraId?: number) => Promise<Stored[]>;
  /** A stored extra as a save request, to save it again with a change. */
  asInput: (extra: Stored) => Input;
};

const withoutComputed = <Variation extends { net: number; cost: number }>(variation: Variation) => {
  const { net: _net, cost: _cost, ...fields } = variation;
  return fields;
};

export const partyExtraKind: ExtraKindSpec<PartyExtraParsed, PartyExtra> = {
  table: 'tour_party_extras',
  variationTable: 'tour_party_extra_variations',
  parentColumn: 'tour_party_extra_id',
  history: { source: 'supplements', kind: 'party_extra_variation' },
  extraValues: (extra) => ({ name: extra.name, guidance: extra.guidance, boat_id: extra.boat_id, nights: extra.nights, order: extra.order }),
  variationValues: (variation) => ({
    accommodation_category_id: variation.accommodation_category_id,
    bike_id: variation.bike_id,
    min_pax: variation.min_pax,
    max_pax: variation.max_pax,
  }),
  load: listPartyExtras,
  asInput: (extra) => ({
    id: extra.id,
    name: extra.name,
    guidance: extra.guidance as PartyExtraParsed['guidance'],
    boat_id: extra.boat_id,
    nights: extra.nights,
    order: extra.order,
    variations: extra.variations.map(({ tour_party_extra_id: _extra, ...variation }) => withoutComputed(variation)),
  }),
};

export const roomExtraKind: ExtraKindSpec<RoomExtraParsed, RoomExtra> = {
  table: 'tour_room_extras',
  variationTable: 'tour_room_extra_variations',
  parentColumn: 'tour_room_extra_id',
  history: { source: 'extra_nights', kind: 'room_extra_variation' },
  extraValues: (extra) => ({ name: extra.name, pre: extra.pre, post: extra.post }),
  variationValues: (variation) => ({
    start: variation.start,
    end: variation.end,
    room_type_id: variation.room_type_id,
    accommodation_category_id: variation.accommodation_category_id,
    specific_dates: JSON.stringify(variation.specific_dates),
    restricted_dates: JSON.stringify(variation.restricted_dates),
    restricted_days: JSON.stringify(variation.restricted_days),
  }),
  load: listRoomExtras,
  asInput: (extra) => ({
    id: extra.id,
    name: extra.name,
    pre: extra.pre,
    post: extra.post,
    variations: extra.variations.map(({ tour_room_extra_id: _extra, ...variation }) => withoutComputed(variation)),
  }),
};
