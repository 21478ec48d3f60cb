import { Link } from 'react-router-dom';

export function NotFoundScreen() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        There is no screen at this address. <Link to="/">Go to the bookings</Link>.
      </p>
    </section>
  );
}
