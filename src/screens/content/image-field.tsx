import { ImagePickerField } from '../media/image-picker-field.js';

/**
 * The one place the content screens choose an image: the media library's picker (thumbnail,
 * Choose or Change image, Remove). Staff pick images here, they do not edit the library.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | null;
}) {
  return <ImagePickerField label={label} value={value} onChange={onChange} error={error} editable={false} />;
}
