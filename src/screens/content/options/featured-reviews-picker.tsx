import { useQuery } from '@tanstack/react-query';
import { contentQueries } from '../../../api/content-queries.js';
import { FormSection } from '../content-form-parts.js';
import { formatDate } from '../../../domain/format-date.js';

const stars = (rating: number) => '★'.repeat(Math.max(0, Math.min(5, Math.round(rating))));

/** The reviews the site features, ticked from `GET reviews` (kept in the order they were ticked). */
export function FeaturedReviewsPicker({ value, onChange, error }: { value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const reviews = useQuery(contentQueries.reviews());
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((entry) => entry !== id) : [...value, id]);
  const known = new Set((reviews.data ?? []).map((review) => review.id));
  const missing = value.filter((id) => !known.has(id));
  return (
    <FormSection title={`Featured reviews (${value.length} chosen)`}>
      {reviews.isPending ? (
        <p className="muted">Loading reviews…</p>
      ) : reviews.isError ? (
        <p className="error">The reviews could not be loaded.</p>
      ) : reviews.data.length === 0 && missing.length === 0 ? (
        <p className="muted">There are no reviews to feature yet.</p>
      ) : (
        <div className="review-checklist" role="group" aria-label="Featured reviews">
          {reviews.data.map((review) => (
            <label key={review.id} className="check">
              <input type="checkbox" checked={value.includes(review.id)} onChange={() => toggle(review.id)} />
              <span>
                {review.author}{' '}
                <span className="muted" aria-label={`rating ${review.rating}`}>
                  {stars(review.rating)}
                </span>{' '}
                <span className="muted">{formatDate(review.date)}</span>
              </span>
            </label>
          ))}
          {missing.map((id) => (
            <label key={id} className="check">
              <input type="checkbox" checked onChange={() => toggle(id)} />
              Review #{id}
            </label>
          ))}
        </div>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </FormSection>
  );
}
