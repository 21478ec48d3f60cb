import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { tourQueries } from '../../api/tour-queries.js';
import { notifySuccess } from '../../ui/notify.js';
import type { TourListItem } from '../../domain/tours/tour-list-schema.js';
import { REORDER_SAVE_DELAY_MS, type TourOrders } from '../../domain/tours/tour-orders-schema.js';

const byOrder = (tours: TourListItem[]) => [...tours].sort((a, b) => a.order - b.order || a.id - b.id);

/**
 * The order tours are listed in on the website. Every move is saved 200 ms after the last one
 * (SPEC.md section 9), so a run of quick moves makes one call.
 */
export function TourOrderList({ tours }: { tours: TourListItem[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => byOrder(tours));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useMutation({
    mutationFn: (orders: TourOrders['orders']) => api.tours.reorder({ body: { orders } }),
    onSuccess: (_saved, orders) => {
      const positions = new Map(orders.map((item) => [item.id, item.order]));
      queryClient.setQueryData(tourQueries.list().queryKey, (current) => current?.map((tour) => ({ ...tour, order: positions.get(tour.id) ?? tour.order })));
      notifySuccess('Saved');
    },
  });
  const { mutate } = save;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const move = (index: number, to: number) => {
    if (to < 0 || to >= rows.length || to === index) return;
    const next = [...rows];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved);
    setRows(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => mutate(next.map((tour, position) => ({ id: tour.id, order: position }))), REORDER_SAVE_DELAY_MS);
  };

  return (
    <div className="tour-order">
      <p className="muted">The website lists tours in this order. Changes are saved as you make them.</p>
      <ol className="tour-order-list">
        {rows.map((tour, index) => (
          <li key={tour.id}>
            {/* Typing a position moves a tour far in one step; the arrows move it by one. */}
            <input
              key={`${tour.id}@${index}`}
              className="tour-order-position"
              inputMode="numeric"
              aria-label={`Position of ${tour.name}`}
              defaultValue={index + 1}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.currentTarget.blur();
              }}
              onBlur={(event) => {
                const position = Number(event.currentTarget.value);
                if (Number.isInteger(position) && position >= 1) move(index, Math.min(position, rows.length) - 1);
                else event.currentTarget.value = String(index + 1);
              }}
            />
            <span className="tour-order-name">{tour.name}</span>
            <span className="muted">{tour.tour_code}</span>
            <button type="button" className="button small" disabled={index === 0} aria-label={`Move ${tour.name} up`} onClick={() => move(index, index - 1)}>
              ↑
            </button>
            <button
              type="button"
              className="button small"
              disabled={index === rows.length - 1}
              aria-label={`Move ${tour.name} down`}
              onClick={() => move(index, index + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
