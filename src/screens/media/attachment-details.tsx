import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { errorText } from '../../api/api-error.js';
import { notifySuccess } from '../../ui/notify.js';
import { confirmDelete } from '../../ui/confirm-dialog.js';
import { LoadingView } from '../../ui/status-views.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import {
  MEDIA_TEXT_FIELDS,
  MEDIA_TEXT_LABELS,
  MEDIA_TEXT_LIMITS,
  mediaSizeUrl,
  mediaUpdateSchema,
  type Media,
  type MediaDetail,
  type MediaText,
} from '../../domain/media/media-schema.js';
import { mediaQueries } from '../../api/media-queries.js';
import { formatBytes } from './upload-queue.js';
import { formatDate } from '../../domain/format-date.js';

export type PickMode = {
  isPicked: (media: Media) => boolean;
  onAdd: (media: Media) => void;
  onRemove: (media: Media) => void;
};

type Props = {
  media: Media;
  /** Staff may change the words and delete the image (SPEC.md: the editable flag). */
  editable: boolean;
  pick?: PickMode;
  onDeleted: () => void;
};

const textOf = (media: Media): MediaText => ({ title: media.title, caption: media.caption, alt: media.alt, credit: media.credit });

/** The chosen image: a larger preview, what the file is, its words, and what it is used by. */
export function AttachmentDetails({ media, editable, pick, onDeleted }: Props) {
  const detail = useQuery(mediaQueries.detail(media.id));
  return (
    <aside className="attachment-details" aria-label="Attachment details">
      <h3>Attachment details</h3>
      <img className="attachment-preview" src={mediaSizeUrl(media.url, 'medium')} alt={media.alt} />
      <dl className="attachment-facts">
        <dt>File</dt>
        <dd title={media.file_name}>{media.file_name}</dd>
        <dt>Size</dt>
        <dd>
          {media.width} × {media.height} px · {formatBytes(media.size_bytes)}
        </dd>
        <dt>Uploaded</dt>
        <dd>{formatDate(media.createdAt)}</dd>
        <dt>Used by</dt>
        <dd>{detail.data ? detail.data.used_by.join('; ') || 'Nothing yet' : '…'}</dd>
      </dl>
      {pick && (
        <div className="attachment-pick">
          {pick.isPicked(media) ? (
            <button type="button" className="button danger" onClick={() => pick.onRemove(media)}>
              Remove image
            </button>
          ) : (
            <button type="button" className="button primary" onClick={() => pick.onAdd(media)}>
              Add image
            </button>
          )}
        </div>
      )}
      {detail.isPending ? (
        <LoadingView />
      ) : (
        // A fresh form for each version of the image, so it always starts from what is stored.
        <AttachmentForm key={`${media.id}:${detail.data?.version ?? media.version}`} media={detail.data ?? media} editable={editable} onDeleted={onDeleted} />
      )}
    </aside>
  );
}

function AttachmentForm({ media, editable, onDeleted }: { media: Media | MediaDetail; editable: boolean; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaQueries.all });
  const form = useRecordForm({
    initial: () => textOf(media),
    schema: mediaUpdateSchema,
    valuesOf: (text: MediaText) => ({ ...text, version: media.version }),
    send: (body, _changed, version) => api.media.save({ params: { id: media.id }, body: { ...body, version: version ?? body.version } }),
    savedMessage: 'Image saved',
    // Issue 29: a save refused as stale merges with the image's words as stored now, read afresh
    // (a new version in the image's query would start a fresh form without the typing).
    merge: {
      current: async () => {
        const stored = await api.media.read({ params: { id: media.id } });
        return { draft: textOf(stored), version: stored.version };
      },
      lastChange: { kind: 'media', id: media.id },
      labelOf: (path) => MEDIA_TEXT_LABELS[path as keyof typeof MEDIA_TEXT_LABELS] ?? path,
    },
    // The refetch brings the new version, which starts a fresh form (see the key above).
    invalidate: mediaQueries.all,
    refusedMessage: (errors) => Object.values(errors)[0],
    // SPEC.md section 8 has this failure say 'Image failed to save'; the reason shows under the form.
    failedMessage: 'Image failed to save',
  });
  const { draft: text, dirty, saving } = form;
  // A refusal is toasted by the query client with the server's words, which name the image's users.
  const remove = useMutation({
    mutationFn: () => api.media.remove({ params: { id: media.id } }),
    onSuccess: async () => {
      notifySuccess('Deleted');
      onDeleted();
      await refresh();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (editable && dirty && !saving) form.submit(event);
    else event.preventDefault();
  };
  const askDelete = async () => {
    if (await confirmDelete(`The image "${media.title || media.file_name}"`)) remove.mutate();
  };

  return (
    <form className="attachment-form" onSubmit={submit} noValidate>
      {MEDIA_TEXT_FIELDS.map((field) => (
        <label key={field} className="form-field">
          <span>{MEDIA_TEXT_LABELS[field]}</span>
          {field === 'caption' ? (
            <textarea
              rows={3}
              readOnly={!editable}
              maxLength={MEDIA_TEXT_LIMITS[field]}
              value={text[field]}
              onChange={(event) => form.change(field, event.target.value)}
            />
          ) : (
            <input
              type="text"
              readOnly={!editable}
              maxLength={MEDIA_TEXT_LIMITS[field]}
              value={text[field]}
              onChange={(event) => form.change(field, event.target.value)}
            />
          )}
        </label>
      ))}
      {form.failure !== null && (
        <p className="field-error" role="alert">
          {errorText(form.failure)}
        </p>
      )}
      {editable && (
        <div className="attachment-actions">
          <button type="submit" className="button primary" disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button danger" disabled={remove.isPending} onClick={() => void askDelete()}>
            Delete image from library
          </button>
        </div>
      )}
    </form>
  );
}
