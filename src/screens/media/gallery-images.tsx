import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { ApiError } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { mediaSizeUrl, type Gallery, type Media } from '../../domain/media/media-schema.js';
import { REORDER_SAVE_DELAY_MS } from '../../domain/tours/tour-orders-schema.js';
import { MediaLibraryModal } from './media-library-modal.js';
import { galleryQueries } from '../../api/media-queries.js';

/** SPEC.md section 9: a drag starts once the pointer has moved this far, so a click never moves an image. */
const DRAG_SORT_DISTANCE = 30;

type Props = { galleryId: number; openLibrary: boolean; focusAdd?: boolean; onChangeGallery: () => void };

/** The images of one gallery, loaded, then edited in place. */
export function GalleryImages({ galleryId, openLibrary, focusAdd = false, onChangeGallery }: Props) {
  const gallery = useQuery(galleryQueries.detail(galleryId));
  if (gallery.isPending) return <LoadingView label="Loading the gallery…" />;
  if (gallery.isError) {
    return (
      <div className="gallery-start">
        <ErrorView message={`Gallery ${galleryId} could not be loaded.`} />
        <button type="button" className="button small" onClick={onChangeGallery}>
          Change gallery
        </button>
      </div>
    );
  }
  return <GalleryEditor gallery={gallery.data} openLibrary={openLibrary} focusAdd={focusAdd} onChangeGallery={onChangeGallery} />;
}

/**
 * Add, remove and reorder (drag, or Space then arrows on an image) the gallery's images. Each
 * change is saved 200 ms after the last one, with the gallery version it was made on, one save at
 * a time. SPEC.md section 8 has gallery save failures ignored silently: a save refused as stale
 * (409, someone else changed the gallery) shows the gallery as stored instead, without a message,
 * and a save that fails otherwise is dropped. A change still waiting when the form goes away is
 * sent at once.
 */
function GalleryEditor({
  gallery,
  openLibrary,
  focusAdd,
  onChangeGallery,
}: {
  gallery: Gallery;
  openLibrary: boolean;
  focusAdd: boolean;
  onChangeGallery: () => void;
}) {
  const queryClient = useQueryClient();
  const [images, setImages] = useState<Media[]>(gallery.media);
  const [libraryOpen, setLibraryOpen] = useState(openLibrary);
  // The library opens by itself for a new gallery, from a Create gallery button that is gone by
  // the time it closes: the focus then comes back to Add images rather than to the page body.
  const addButton = useRef<HTMLButtonElement>(null);
  const libraryWasOpen = useRef(libraryOpen);
  useEffect(() => {
    if (libraryWasOpen.current && !libraryOpen) addButton.current?.focus();
    libraryWasOpen.current = libraryOpen;
  }, [libraryOpen]);
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; ids: number[] } | null>(null);
  /** The version the next save is made on: the one read, then each save's answer. */
  const version = useRef(gallery.version);
  /** The saves in order; each starts when the one before has answered. */
  const saves = useRef<Promise<void>>(Promise.resolve());
  /** Bumped when a stale refusal drops the changes made on the stale gallery; a save queued before is dropped. */
  const drops = useRef(0);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_SORT_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const dropPendingChanges = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
    drops.current += 1;
  };

  // After a stale refusal: what is stored replaces what is shown, and changes made on the stale
  // gallery (before the refusal, or while the stored one was read) are dropped with it.
  const showStored = async () => {
    dropPendingChanges();
    const stored = await queryClient.fetchQuery({ ...galleryQueries.detail(gallery.id), staleTime: 0 });
    dropPendingChanges();
    version.current = stored.version;
    setImages(stored.media);
  };

  const send = (ids: number[]) => {
    const queuedAt = drops.current;
    saves.current = saves.current.then(async () => {
      if (queuedAt !== drops.current) return;
      try {
        const saved = await api.galleries.save({ params: { id: gallery.id }, body: { media: ids, version: version.current } });
        version.current = saved.version;
        queryClient.setQueryData(galleryQueries.detail(gallery.id).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: galleryQueries.list().queryKey });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await showStored().catch(() => undefined);
      }
    });
  };
  useEffect(
    () => () => {
      const pending = waiting.current;
      if (pending) {
        clearTimeout(pending.timer);
        send(pending.ids);
      }
    },
    // Only on leaving: the latest waiting change is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const change = (next: Media[]) => {
    setImages(next);
    const ids = next.map((media) => media.id);
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = {
      ids,
      timer: setTimeout(() => {
        waiting.current = null;
        send(ids);
      }, REORDER_SAVE_DELAY_MS),
    };
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((media) => String(media.id) === active.id);
    const to = images.findIndex((media) => String(media.id) === over.id);
    if (from >= 0 && to >= 0) change(arrayMove(images, from, to));
  };

  return (
    <div className="gallery-editor">
      <div className="gallery-bar">
        <span className="muted small">
          Gallery {gallery.id} · {images.length} image{images.length === 1 ? '' : 's'}
        </span>
        <button ref={addButton} type="button" className="button small" autoFocus={focusAdd && !openLibrary} onClick={() => setLibraryOpen(true)}>
          Add images
        </button>
        <button type="button" className="button small" onClick={onChangeGallery}>
          Change gallery
        </button>
      </div>
      {images.length === 0 ? (
        <p className="muted small gallery-empty">No images in this gallery yet: Add images picks them from the media library.</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop}>
          <SortableContext items={images.map((media) => String(media.id))} strategy={rectSortingStrategy}>
            <ol className="gallery-images" aria-label={`Images of gallery ${gallery.id}`}>
              {images.map((media, index) => (
                <SortableImage key={media.id} media={media} position={index + 1} onRemove={() => change(images.filter((other) => other.id !== media.id))} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {libraryOpen && (
        <MediaLibraryModal
          title={`Add images to gallery ${gallery.id}`}
          editable={false}
          doneLabel="Done"
          onClose={() => setLibraryOpen(false)}
          pick={{
            isPicked: (media) => images.some((other) => other.id === media.id),
            onAdd: (media) => change([...images, media]),
            onRemove: (media) => change(images.filter((other) => other.id !== media.id)),
          }}
        />
      )}
    </div>
  );
}

function SortableImage({ media, position, onRemove }: { media: Media; position: number; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: String(media.id) });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const name = media.title || media.file_name;
  return (
    <li ref={setNodeRef} style={style} className={`gallery-image${isDragging ? ' dragging' : ''}`} data-media-id={media.id}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="gallery-image-handle"
        {...attributes}
        {...listeners}
        aria-label={`Image ${position}: ${name}. Drag to reorder, or press Space then the arrow keys.`}
        title="Drag to reorder (or Space, then arrows)"
      >
        <img src={mediaSizeUrl(media.url, 'thumbnail')} alt="" draggable={false} />
      </button>
      <span className="gallery-image-name" title={name}>
        {name}
      </span>
      <button type="button" className="gallery-image-remove" aria-label={`Remove ${name} from the gallery`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}
