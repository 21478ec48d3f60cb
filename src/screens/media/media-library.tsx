import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views.js';
import { mediaSizeUrl, type Media } from '../../domain/media/media-schema.js';
import { useDebouncedValue } from '../../ui/use-debounced-value.js';
import { AttachmentDetails, type PickMode } from './attachment-details.js';
import { mediaQueries } from '../../api/media-queries.js';
import { UploadPanel } from './upload-panel.js';
import { isPending, type QueuedFile } from './upload-queue.js';
import './media.css';

export type { PickMode } from './attachment-details.js';

type Tab = 'library' | 'upload';
const TABS: { key: Tab; label: string }[] = [
  { key: 'library', label: 'Media Library' },
  { key: 'upload', label: 'Upload' },
];

type Props = {
  editable: boolean;
  /** Picker mode: the details offer Add image or Remove image. */
  pick?: PickMode;
  /** Tells the host how many chosen files are not uploaded yet (closing would lose them). */
  onPendingUploads?: (count: number) => void;
};

/**
 * The media library (SPEC.md section 2): tabs Media Library and Upload; a searchable grid with
 * Load more images and the chosen image's attachment details; the upload queue.
 */
export function MediaLibrary({ editable, pick, onPendingUploads }: Props) {
  const [tab, setTab] = useState<Tab>('library');
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [chosen, setChosen] = useState<Media | null>(null);
  const baseId = useId();
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const pending = queue.filter(isPending).length;

  useEffect(() => {
    onPendingUploads?.(pending);
  }, [pending, onPendingUploads]);

  // Left and right arrows move between the tabs, as in any tab list.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((item) => item.key === tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next.key);
    tabButtons.current[TABS.indexOf(next)]?.focus();
  };

  return (
    <div className="media-library">
      <div className="media-tabs" role="tablist" aria-label="Media" onKeyDown={onTabKey}>
        {TABS.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabButtons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${item.key}-tab`}
            aria-selected={tab === item.key}
            aria-controls={`${baseId}-${item.key}`}
            tabIndex={tab === item.key ? 0 : -1}
            className={tab === item.key ? 'active' : ''}
            onClick={() => setTab(item.key)}
          >
            {item.label}
            {item.key === 'upload' && pending > 0 ? ` (${pending})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}`} aria-labelledby={`${baseId}-${tab}-tab`} className="media-tab-panel">
        {tab === 'library' ? (
          <LibraryTab editable={editable} pick={pick} chosen={chosen} onChoose={setChosen} onUploadInstead={() => setTab('upload')} />
        ) : (
          <UploadPanel
            queue={queue}
            setQueue={setQueue}
            onUploaded={(stored, failed) => {
              // The last image sent is chosen, ready for its details in the library; the tab
              // changes to it only when nothing failed, so a failed file's reason stays in view.
              setChosen(stored[stored.length - 1] ?? null);
              if (failed === 0) setTab('library');
            }}
          />
        )}
      </div>
    </div>
  );
}

type LibraryTabProps = { editable: boolean; pick?: PickMode; chosen: Media | null; onChoose: (media: Media | null) => void; onUploadInstead: () => void };

function LibraryTab({ editable, pick, chosen, onChoose, onUploadInstead }: LibraryTabProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const pages = useInfiniteQuery(mediaQueries.pages(search));
  const images = pages.data?.pages.flatMap((page) => page.results) ?? [];
  // The chosen image as the list now has it (its words may have been saved meanwhile).
  const current = chosen ? (images.find((media) => media.id === chosen.id) ?? chosen) : null;

  return (
    <div className={`library-tab${current ? ' with-details' : ''}`}>
      <div className="library-browser">
        <div className="library-bar">
          <label className="form-field filter-box">
            <span>Search</span>
            <input
              type="search"
              data-autofocus
              value={searchText}
              placeholder="Title, caption, alt, credit or file name"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </label>
          <span className="row-count" aria-live="polite">
            {pages.isSuccess ? `${images.length} image${images.length === 1 ? '' : 's'} shown` : ''}
          </span>
        </div>
        {pages.isPending ? (
          <LoadingView label="Loading the images…" />
        ) : pages.isError ? (
          <ErrorView message="The media library could not be loaded." />
        ) : images.length === 0 ? (
          <EmptyView
            message={search ? `No image matches "${search}".` : 'The library has no images yet.'}
            action={
              <button type="button" className="button" onClick={onUploadInstead}>
                Upload images
              </button>
            }
          />
        ) : (
          <ul className="media-grid" aria-label="Images">
            {images.map((media) => {
              const picked = pick?.isPicked(media) ?? false;
              return (
                <li key={media.id}>
                  <button
                    type="button"
                    className={`media-tile${current?.id === media.id ? ' chosen' : ''}${picked ? ' picked' : ''}`}
                    aria-pressed={current?.id === media.id}
                    aria-label={`${media.title || media.file_name}${picked ? ' (added)' : ''}`}
                    title={media.title || media.file_name}
                    onClick={() => onChoose(current?.id === media.id ? null : media)}
                  >
                    <img src={mediaSizeUrl(media.url, 'thumbnail')} alt="" loading="lazy" />
                    {picked && (
                      <span className="picked-mark" aria-hidden="true">
                        ✓
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {pages.hasNextPage && (
          <div className="load-more">
            <button type="button" className="button" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {pages.isFetchingNextPage ? 'Loading…' : 'Load more images'}
            </button>
          </div>
        )}
      </div>
      {current && <AttachmentDetails key={current.id} media={current} editable={editable} pick={pick} onDeleted={() => onChoose(null)} />}
    </div>
  );
}
