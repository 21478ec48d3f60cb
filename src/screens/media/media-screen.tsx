import { useState } from 'react';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import { MediaLibrary } from './media-library.js';

/** /media: the media library as a page, where staff upload, describe and delete images. */
export function MediaScreen() {
  usePageTitle('Media library');
  const [pending, setPending] = useState(0);
  // Chosen files not yet uploaded would be lost by leaving.
  useUnsavedChangesPrompt(pending > 0);
  return (
    <section className="page media-page">
      <div className="page-header">
        <h1>Media library</h1>
      </div>
      <MediaLibrary editable onPendingUploads={setPending} />
    </section>
  );
}
