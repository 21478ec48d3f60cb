import type { LeadingColumn, SelectOption } from '../../grid/price-grid-context';
import type { NamedOption } from '../pricing/pricing-queries';

export type ReductionChoices = { roomTypes: readonly NamedOption[]; decks: readonly NamedOption[]; accommodation: readonly NamedOption[] };

const choices = (list: readonly NamedOption[], empty: string): SelectOption[] => [{ value: null, label: empty }, ...list.map((item) => ({ value: item.id, label: item.name }))];

const number = (field: string, headerName: string, width = 92, compactWidth = 72): LeadingColumn => ({ field, headerName, kind: 'number', width, compactWidth });

/**
 * The reductions grid's columns (SPEC.md section 3's reduction fields), in the order of the
 * table they replace: who qualifies (input), who is reduced (output) and how the child's share
 * is worked out. A choice's first option is "none" (null).
 */
export function reductionColumns({ roomTypes, decks, accommodation }: ReductionChoices): LeadingColumn[] {
  return [
    { ...number('order', 'Order', 72, 56), pinned: true },
    number('percent', 'Percent'),
    number('reduction_cost', 'Cost'),
    { field: 'room_type_id', headerName: 'Room type', kind: 'select', options: choices(roomTypes, 'Any'), width: 140, compactWidth: 110 },
    { field: 'deck_id', headerName: 'Deck', kind: 'select', options: choices(decks, 'Any'), width: 120, compactWidth: 96 },
    number('input_quantity', 'Input qty'),
    number('input_min', 'Input min age', 112, 84),
    number('input_max', 'Input max age', 112, 84),
    number('output_quantity', 'Output qty', 100, 80),
    number('output_min', 'Output min age', 120, 90),
    number('output_max', 'Output max age', 120, 90),
    { field: 'child_calc_room', headerName: 'Child calc. room', kind: 'select', options: choices(roomTypes, '—'), width: 140, compactWidth: 110 },
    { field: 'child_calc_accommodation', headerName: 'Child calc. accommodation', kind: 'select', options: choices(accommodation, '—'), width: 190, compactWidth: 130 },
  ];
}
