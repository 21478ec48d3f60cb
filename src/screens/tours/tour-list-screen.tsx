import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { tourQueries } from '../../api/tour-queries.js';
import { DataList, type DataListColumn } from '../../ui/data-list.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import type { TourListItem } from '../../domain/tours/tour-list-schema.js';
import { TOUR_STATUS_LABELS, type TourStatus } from '../../domain/tours/tour-options.js';
import { TourOrderList } from './tour-order-list.js';
import { useTourDelete } from './use-tour-delete.js';
import './tours.css';

const seasonsText = (tour: TourListItem) =>
  tour.seasons.map((season) => (season.markup_model_id === null ? season.name : `${season.name} (${season.markup_model_id})`)).join(', ');

/**
 * /tours: every tour that is not deleted, filtered on the name and sorted by name, tour code or
 * status. The rows come in one call and are filtered, sorted and paged in the browser, which
 * stays instant well past a thousand tours.
 */
export function TourListScreen() {
  usePageTitle('Tours');
  const tours = useQuery(tourQueries.list());
  const { remove, deleting } = useTourDelete();
  const [reordering, setReordering] = useState(false);

  const columns: DataListColumn<TourListItem>[] = [
    { key: 'name', header: 'Name', sortValue: (tour) => tour.name.toLowerCase(), render: (tour) => <Link to={`/tours/${tour.id}`}>{tour.name}</Link> },
    { key: 'seasons', header: 'Seasons', render: (tour) => <span title="Season (pricing model number)">{seasonsText(tour)}</span> },
    { key: 'tour_code', header: 'Tour code', width: '140px', sortValue: (tour) => tour.tour_code.toLowerCase(), render: (tour) => tour.tour_code },
    {
      key: 'status',
      header: 'Status',
      width: '110px',
      sortValue: (tour) => tour.status,
      render: (tour) => <span className={`status-badge status-${tour.status}`}>{TOUR_STATUS_LABELS[tour.status as TourStatus] ?? tour.status}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      width: '210px',
      render: (tour) => (
        <div className="row-actions">
          <Link className="button small" to={`/tours/${tour.id}`} aria-label={`Edit ${tour.name}`}>
            Edit
          </Link>
          {tour.public_url ? (
            <a className="button small" href={tour.public_url} target="_blank" rel="noopener noreferrer" aria-label={`View ${tour.name} on the website`}>
              View
            </a>
          ) : (
            <span className="button small disabled" aria-disabled="true" title="The public site address (SITE_HOST) is not set on the server">
              View
            </span>
          )}
          <button
            type="button"
            className="button small danger"
            disabled={deleting === tour.id}
            aria-label={`Delete ${tour.name}`}
            onClick={() => void remove(tour)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page tour-list-page">
      <div className="page-header">
        <h1>Tours</h1>
        <div className="actions">
          {tours.data && tours.data.length > 1 && (
            <button type="button" className="button" aria-pressed={reordering} onClick={() => setReordering((current) => !current)}>
              {reordering ? 'Done ordering' : 'Change order'}
            </button>
          )}
          <Link className="button primary" to="/tours/create">
            New
          </Link>
        </div>
      </div>
      {tours.isPending ? (
        <LoadingView label="Loading the tours…" />
      ) : tours.isError ? (
        <ErrorView message="The tours could not be loaded." />
      ) : reordering ? (
        <TourOrderList tours={tours.data} />
      ) : (
        <DataList
          rows={tours.data}
          columns={columns}
          rowKey={(tour) => tour.id}
          filterText={(tour) => tour.name}
          noun="tour"
          emptyMessage="There are no tours yet."
          emptyAction={
            <Link className="button primary" to="/tours/create">
              New tour
            </Link>
          }
        />
      )}
    </section>
  );
}
