import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { GalleryPickerField } from '../media/gallery-picker-field';

type Props = {
  /** Names the row: 'Row 3: Hybrid'. */
  rowName: string;
  value: number | null;
  /** Called with each change: the grid stages it like any other edit, saved with the season. */
  onChange: (galleryId: number | null) => void;
  onClose: () => void;
};

/** The gallery of one bike row of the bikes grid, picked or built with the gallery picker. */
export function BikeGalleryModal({ rowName, value, onChange, onClose }: Props) {
  const [current, setCurrent] = useState(value);
  return (
    <Modal
      title={`Gallery of ${rowName}`}
      onClose={onClose}
      className="bike-gallery-modal"
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <GalleryPickerField
        label="Gallery"
        value={current}
        onChange={(id) => {
          setCurrent(id);
          onChange(id);
        }}
      />
    </Modal>
  );
}
