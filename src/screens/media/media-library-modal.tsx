import { useRef } from 'react';
import { confirmAction } from '../../ui/confirm-dialog.js';
import { Modal } from '../../ui/modal.js';
import { MediaLibrary, type PickMode } from './media-library.js';

type Props = {
  title?: string;
  editable: boolean;
  pick?: PickMode;
  onClose: () => void;
  /** Label of the footer button that closes the library (a gallery adds several images: Done). */
  doneLabel?: string;
};

/** The media library in a modal window, as the image and gallery pickers open it. */
export function MediaLibraryModal({ title = 'Media library', editable, pick, onClose, doneLabel }: Props) {
  const pending = useRef(0);
  // Closing with chosen files not yet uploaded would drop them and their words: ask first.
  const close = async () => {
    if (pending.current > 0) {
      const leave = await confirmAction({
        title: 'Discard the images not uploaded?',
        text: `${pending.current} chosen image${pending.current === 1 ? ' is' : 's are'} not uploaded yet and will be dropped.`,
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!leave) return;
    }
    onClose();
  };
  return (
    <Modal
      title={title}
      onClose={() => void close()}
      className="media-modal"
      footer={
        doneLabel ? (
          <button type="button" className="button primary" onClick={() => void close()}>
            {doneLabel}
          </button>
        ) : undefined
      }
    >
      <MediaLibrary
        editable={editable}
        pick={pick}
        onPendingUploads={(count) => {
          pending.current = count;
        }}
      />
    </Modal>
  );
}
