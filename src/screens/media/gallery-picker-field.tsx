import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { GalleryImages } from './gallery-images.js';
import { galleryQueries } from '../../api/media-queries.js';
import './media.css';

type Props = {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | null;
};

/**
 * A gallery of a form (SPEC.md section 2): with none, Create gallery or Pick from existing (then a
 * selector); once there is one, its images to add, remove and drag into order. The gallery's own
 * changes are saved as they are made; the form saves which gallery it uses.
 */
export function GalleryPickerField({ label, value, onChange, error }: Props) {
  const labelId = useId();
  const [picking, setPicking] = useState(false);
  const [justCreated, setJustCreated] = useState<number | null>(null);
  // What replaces the control staff just used takes the focus, so the keyboard is not left on
  // the page body: the picked gallery's Add images, or Pick from existing after a cancel.
  const [justPicked, setJustPicked] = useState<number | null>(null);
  const [backToStart, setBackToStart] = useState(false);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  // Not a mutation of the query client (which toasts failures): SPEC.md section 8 has gallery
  // save failures ignored silently.
  const create = async () => {
    setCreating(true);
    try {
      const gallery = await api.galleries.create({ body: { media: [] } });
      queryClient.setQueryData(galleryQueries.detail(gallery.id).queryKey, gallery);
      void queryClient.invalidateQueries({ queryKey: galleryQueries.list().queryKey });
      setJustCreated(gallery.id);
      onChange(gallery.id);
    } catch {
      // Ignored, as SPEC.md says.
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className={`form-field gallery-picker${error ? ' has-error' : ''}`} role="group" aria-labelledby={labelId}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      {value !== null ? (
        <GalleryImages
          key={value}
          galleryId={value}
          openLibrary={justCreated === value}
          focusAdd={justPicked === value}
          onChangeGallery={() => {
            setJustCreated(null);
            setJustPicked(null);
            setBackToStart(true);
            onChange(null);
          }}
        />
      ) : picking ? (
        <ExistingGallerySelector
          onPick={(id) => {
            setPicking(false);
            setJustPicked(id);
            onChange(id);
          }}
          onCancel={() => {
            setPicking(false);
            setBackToStart(true);
          }}
        />
      ) : (
        <div className="gallery-start">
          <span className="muted small">No gallery</span>
          <button type="button" className="button small" disabled={creating} onClick={() => void create()}>
            Create gallery
          </button>
          <button type="button" className="button small" autoFocus={backToStart} onClick={() => setPicking(true)}>
            Pick from existing
          </button>
        </div>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * Choosing in the list only marks a gallery; Use gallery (or Enter) takes it. A select that acted
 * on every change would take the first gallery the moment the keyboard's arrows moved through the
 * list, and replace the list before the one wanted was reached.
 */
function ExistingGallerySelector({ onPick, onCancel }: { onPick: (id: number) => void; onCancel: () => void }) {
  const galleries = useQuery(galleryQueries.list());
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const pick = () => {
    if (chosen) onPick(Number(chosen));
  };
  return (
    <div className="gallery-start">
      <label htmlFor={selectId} className="small">
        Gallery
      </label>
      {/* Focusable while the list loads, so it takes the focus at once; Escape cancels. */}
      <select
        id={selectId}
        autoFocus
        value={chosen}
        aria-busy={galleries.isPending}
        onChange={(event) => setChosen(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            pick();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      >
        <option value="">
          {galleries.isPending
            ? 'Loading the galleries…'
            : galleries.isError
              ? 'The galleries could not be loaded'
              : galleries.data.length
                ? 'Choose a gallery…'
                : 'There are no galleries yet'}
        </option>
        {galleries.data?.map((gallery) => (
          <option key={gallery.id} value={gallery.id}>
            {[
              `Gallery ${gallery.id}`,
              `${gallery.media.length} image${gallery.media.length === 1 ? '' : 's'}`,
              gallery.used_by[0] ? `used by ${gallery.used_by.join(', ')}` : 'not used yet',
            ].join(' · ')}
          </option>
        ))}
      </select>
      <button type="button" className="button small primary" disabled={!chosen} onClick={pick}>
        Use gallery
      </button>
      <button type="button" className="button small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
