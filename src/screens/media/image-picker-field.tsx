import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mediaSizeUrl } from '../../domain/media/media-schema.js';
import { MediaLibraryModal } from './media-library-modal.js';
import { mediaQueries } from '../../api/media-queries.js';
import './media.css';

type Props = {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | null;
  hint?: string;
  /** Whether the library opened from here lets staff edit and delete images. */
  editable?: boolean;
  /** A smaller thumbnail and no title, for rows of a list (itinerary days). */
  compact?: boolean;
};

/** One image of a form: its thumbnail and title, and the media library to choose or change it. */
export function ImagePickerField({ label, value, onChange, error, hint, editable = true, compact = false }: Props) {
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const image = useQuery({ ...mediaQueries.detail(value ?? 0), enabled: value !== null });
  const name = image.data ? image.data.title || image.data.file_name : value !== null ? `Image ${value}` : '';
  return (
    <div className={`form-field image-picker${compact ? ' compact' : ''}${error ? ' has-error' : ''}`} role="group" aria-labelledby={labelId}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className="image-picker-card">
        <div className="image-picker-thumb">
          {image.data ? (
            <img src={mediaSizeUrl(image.data.url, 'thumbnail')} alt={image.data.alt} title={compact ? name : undefined} />
          ) : (
            <span className="muted small">{value === null ? 'No image' : image.isError ? 'Not found' : '…'}</span>
          )}
        </div>
        <div className="image-picker-side">
          {value !== null && !compact && (
            <span className="image-picker-name" title={name}>
              {name}
            </span>
          )}
          <div className="image-picker-actions">
            <button type="button" className="button small" onClick={() => setOpen(true)}>
              {value === null ? 'Choose image' : 'Change image'}
            </button>
            {value !== null && (
              <button type="button" className="button small danger" onClick={() => onChange(null)}>
                Remove
              </button>
            )}
          </div>
        </div>
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
      {open && (
        <MediaLibraryModal
          title={`Choose ${label.toLowerCase()}`}
          editable={editable}
          onClose={() => setOpen(false)}
          pick={{
            isPicked: (media) => media.id === value,
            onAdd: (media) => {
              onChange(media.id);
              setOpen(false);
            },
            onRemove: () => {
              onChange(null);
              setOpen(false);
            },
          }}
        />
      )}
    </div>
  );
}
