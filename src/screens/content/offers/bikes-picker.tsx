import { useQuery } from '@tanstack/react-query';
import { referenceQueries } from '../../../api/reference-queries.js';
import { CheckGroup } from '../../../ui/check-group.js';

/** The bikes an offer covers: the bike list is short, so every bike is a checkbox. */
export function BikesPicker({ value, onChange, error }: { value: number[]; onChange: (value: number[]) => void; error?: string }) {
  const bikes = useQuery(referenceQueries.list('bikes'));
  const known = new Set((bikes.data ?? []).map((bike) => bike.id));
  const options = [
    ...(bikes.data ?? []).map((bike) => ({ value: bike.id, label: bike.name })),
    // A stored bike that has gone from the list stays visible (and removable).
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` })),
  ];
  if (bikes.isPending) return <p className="muted">Loading bikes…</p>;
  return <CheckGroup label="Bikes" options={options} value={value} error={error} onChange={onChange} />;
}
