import type { LeadingColumn, SelectOption } from '../../grid/price-grid-context';
import type { NamedOption } from '../../api/pricing-queries';
import { priceInputProblem } from '../../domain/pricing/price-input-rules';

export type ReductionChoices = { roomTypes: readonly NamedOption[]; decks: readonly NamedOption[]; accommodation: readonly NamedOption[] };

const choices = (list: readonly NamedOption[], empty: string): SelectOption[] => [
  { value: null, label: empty },
  ...list.map((item) => ({ value: item.id, label: item.name })),
];

const number = (field: string, headerName: string, width: number, compactWidth: number, rule?: LeadingColumn['rule']): LeadingColumn => ({
  field,
  headerName,
  kind: 'number',
  width,
  compactWidth,
  ...(rule ? { rule } : {}),
});

// What the server's schema refuses, refused in the cell with the same reason (tour-reductions-schemas.ts).
const percentRule = (value: number) => (value < 0 || value > 100 ? 'Percent is 0 to 100' : null);
// A reduction's cost may take money off, as an adjustment does: within the money limit, pounds and pence.
const costRule = (value: number) => priceInputProblem('adjustment', value);

/**
 * The reductions grid's columns (SPEC.md section 3's reduction fields), in the order of the
 * table they replace: who qualifies (input), who is reduced (output) and how the child's share
 * is worked out. A choice's first option is "none" (null). Widths fit each header whole.
 */
export function reductionColumns({ roomTypes, decks, accommodation }: ReductionChoices): LeadingColumn[] {
  return [
    { ...number('order', 'Order', 76, 60), pinned: true },
    number('percent', 'Percent', 92, 76, percentRule),
    number('reduction_cost', 'Cost', 92, 70, costRule),
    { field: 'room_type_id', headerName: 'Room type', kind: 'select', options: choices(roomTypes, 'Any'), width: 140, compactWidth: 110 },
    { field: 'deck_id', headerName: 'Deck', kind: 'select', options: choices(decks, 'Any'), width: 120, compactWidth: 92 },
    number('input_quantity', 'Input qty', 100, 84),
    number('input_min', 'Input min age', 130, 112),
    number('input_max', 'Input max age', 130, 112),
    number('output_quantity', 'Output qty', 110, 92),
    number('output_min', 'Output min age', 140, 126),
    number('output_max', 'Output max age', 140, 126),
    { field: 'child_calc_room', headerName: 'Child calc. room', kind: 'select', options: choices(roomTypes, '—'), width: 150, compactWidth: 128 },
    {
      field: 'child_calc_accommodation',
      headerName: 'Child calc. accom.',
      kind: 'select',
      options: choices(accommodation, '—'),
      width: 170,
      compactWidth: 138,
    },
  ];
}
