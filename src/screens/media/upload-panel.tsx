import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/api-error.js';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import {
  ACCEPTED_UPLOAD_TYPES,
  MEDIA_TEXT_FIELDS,
  MEDIA_TEXT_LABELS,
  MEDIA_TEXT_LIMITS,
  type Media,
  type MediaTextField,
} from '../../domain/media/media-schema.js';
import { mediaQueries } from '../../api/media-queries.js';
import { formatBytes, isSendable, queueFiles, type QueuedFile } from './upload-queue.js';
import { uploadMediaFile } from './upload-media-file.js';

type Props = {
  queue: QueuedFile[];
  setQueue: (update: (queue: QueuedFile[]) => QueuedFile[]) => void;
  /** Called once a run of uploads has stored images: the images, and how many files failed. */
  onUploaded: (media: Media[], failed: number) => void;
};

const STATUS_TEXT: Record<QueuedFile['status'], string> = {
  ready: 'Ready to upload',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Upload failed',
  refused: 'Not an accepted image',
};

/**
 * The Upload tab: drop images or select files, give each its words (or delete it) before sending,
 * then Upload sends them one by one with a progress bar each (SPEC.md sections 2 and 8).
 */
export function UploadPanel({ queue, setQueue, onUploaded }: Props) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const sendable = queue.filter(isSendable);

  const add = (files: FileList | null) => {
    // Copied now: the state update runs later, and by then the input's value has been cleared,
    // which empties this same FileList (the Select files button then queued nothing).
    const chosen = files ? [...files] : [];
    if (chosen.length) setQueue((current) => [...current, ...queueFiles(chosen)]);
  };
  const update = (key: string, change: Partial<QueuedFile>) => setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const uploadAll = async () => {
    setSending(true);
    const stored: Media[] = [];
    let failed = 0;
    for (const item of queue.filter(isSendable)) {
      update(item.key, { status: 'uploading', progress: 0, error: null });
      try {
        const media = await uploadMediaFile(item.file, item.text, (progress) => update(item.key, { progress }));
        stored.push(media);
        update(item.key, { status: 'done', progress: 1 });
        notifySuccess('Image uploaded');
      } catch (error) {
        failed += 1;
        update(item.key, { status: 'failed', error: errorText(error) });
        notifyError('Image upload failed');
      }
    }
    setSending(false);
    if (stored.length) {
      await queryClient.invalidateQueries({ queryKey: mediaQueries.all });
      // What was sent is in the library now; what failed stays, with its reason, to fix or delete.
      setQueue((current) => current.filter((item) => item.status !== 'done'));
      onUploaded(stored, failed);
    }
  };

  return (
    <div className="upload-panel">
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <p className="drop-zone-title">Drop images here</p>
        <p className="muted">or</p>
        <button type="button" className="button" onClick={() => input.current?.click()}>
          Select files
        </button>
        <p className="muted small">PNG and JPEG images; several at once.</p>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_UPLOAD_TYPES}
          multiple
          hidden
          aria-label="Select files"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {queue.length > 0 && (
        <ul className="upload-queue" aria-label="Images to upload">
          {queue.map((item) => (
            <QueuedFileRow
              key={item.key}
              item={item}
              disabled={sending}
              onText={(field, value) => update(item.key, { text: { ...item.text, [field]: value } })}
              onDelete={() => setQueue((current) => current.filter((other) => other.key !== item.key))}
            />
          ))}
        </ul>
      )}

      <div className="upload-actions">
        <button type="button" className="button primary" disabled={sending || sendable.length === 0} onClick={() => void uploadAll()}>
          {sending ? 'Uploading…' : sendable.length > 1 ? `Upload ${sendable.length} images` : 'Upload'}
        </button>
        {queue.length === 0 && <span className="muted">Choose images to upload first.</span>}
      </div>
    </div>
  );
}

function QueuedFileRow({
  item,
  disabled,
  onText,
  onDelete,
}: {
  item: QueuedFile;
  disabled: boolean;
  onText: (field: MediaTextField, value: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  // A preview of the file on this computer, released when the row goes.
  const preview = useMemo(() => (item.status === 'refused' ? null : URL.createObjectURL(item.file)), [item.file, item.status]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const name = item.file.name;
  const locked = disabled || item.status === 'uploading' || item.status === 'done';
  return (
    <li className={`upload-row status-${item.status}`}>
      <div className="upload-row-main">
        <div className="upload-preview">{preview ? <img src={preview} alt="" /> : <span aria-hidden="true">!</span>}</div>
        <div className="upload-row-text">
          <strong className="upload-name" title={name}>
            {item.text.title || name}
          </strong>
          <span className="muted small">
            {name} · {formatBytes(item.file.size)}
          </span>
          {item.status !== 'ready' && item.status !== 'refused' && (
            <progress className="upload-progress" max={100} value={Math.round(item.progress * 100)} aria-label={`Upload progress of ${name}`} />
          )}
          <span className={`small${item.error ? ' error' : ' muted'}`} role={item.error ? 'alert' : undefined}>
            {item.error ?? STATUS_TEXT[item.status]}
          </span>
        </div>
        <div className="upload-row-actions">
          {item.status !== 'refused' && (
            <button
              type="button"
              className="button small"
              aria-expanded={editing}
              aria-controls={`${id}-fields`}
              disabled={locked}
              onClick={() => setEditing(!editing)}
              aria-label={`Edit ${name}`}
            >
              {editing ? 'Done' : 'Edit'}
            </button>
          )}
          <button type="button" className="button small danger" disabled={locked && item.status !== 'done'} onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </button>
        </div>
      </div>
      {editing && !locked && (
        <div id={`${id}-fields`} className="upload-fields">
          {MEDIA_TEXT_FIELDS.map((field) => (
            <label key={field} className="form-field">
              <span>{MEDIA_TEXT_LABELS[field]}</span>
              {field === 'caption' ? (
                <textarea rows={2} maxLength={MEDIA_TEXT_LIMITS[field]} value={item.text[field]} onChange={(event) => onText(field, event.target.value)} />
              ) : (
                <input type="text" maxLength={MEDIA_TEXT_LIMITS[field]} value={item.text[field]} onChange={(event) => onText(field, event.target.value)} />
              )}
            </label>
          ))}
        </div>
      )}
    </li>
  );
}
