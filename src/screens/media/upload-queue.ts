import { MEDIA_TEXT_LIMITS, MEDIA_TYPE_REFUSAL, MEDIA_TYPES, type MediaText } from '../../domain/media/media-schema.js';

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed' | 'refused';

/** A file chosen for upload, with the words staff give it before sending. */
export type QueuedFile = {
  key: string;
  file: File;
  text: MediaText;
  status: UploadStatus;
  /** 0 to 1, while and after sending. */
  progress: number;
  error: string | null;
};

let lastKey = 0;

/** A title made from the file name, as the server would make it. */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .trim()
    .slice(0, MEDIA_TEXT_LIMITS.title);

/**
 * Queues chosen files. Files that are plainly not PNG or JPEG are kept in the list, refused with
 * the reason, so staff see what happened to each file they dropped; the server checks the bytes
 * of the rest.
 */
export function queueFiles(files: Iterable<File>): QueuedFile[] {
  return [...files].map((file) => {
    const accepted = file.type in MEDIA_TYPES;
    return {
      key: `upload-${++lastKey}`,
      file,
      text: { title: titleFromFileName(file.name), caption: '', alt: '', credit: '' },
      status: accepted ? 'ready' : 'refused',
      progress: 0,
      error: accepted ? null : `${MEDIA_TYPE_REFUSAL}.`,
    };
  });
}

/** Files that the Upload button sends: new ones and ones the server refused (staff may retry). */
export const isSendable = (item: QueuedFile) => item.status === 'ready' || item.status === 'failed';

/** Files whose words would be lost if the library closed now. */
export const isPending = (item: QueuedFile) => item.status === 'ready' || item.status === 'uploading';

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
