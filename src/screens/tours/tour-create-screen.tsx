import { Link } from 'react-router-dom';
import { usePageTitle } from '../../ui/use-page-title.js';
import { TourForm } from './tour-form.js';
import './tours.css';

/** /tours/create: a new tour, draft until staff choose otherwise. */
export function TourCreateScreen() {
  usePageTitle('New tour');
  return (
    <section className="page tour-page">
      <div className="tour-heading">
        <Link to="/tours" className="muted">
          Tours
        </Link>
        <span className="muted" aria-hidden="true">
          /
        </span>
        <h1>New tour</h1>
      </div>
      <TourForm tour={null} />
    </section>
  );
}
