import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { FakeApi } from './render-reference-screen.js';

/** A media library row as the API returns it. */
export const mediaRow = (id: number, title: string) => ({
  id,
  url: `/media-files/m${id}.png`,
  title,
  caption: '',
  alt: '',
  credit: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  file_name: `m${id}.png`,
  mime_type: 'image/png',
  width: 8,
  height: 8,
  size_bytes: 100,
  version: 1,
});

/** The fake answers the image picker needs: the library's first page and each image's details. */
export const mediaAnswers = (...images: ReturnType<typeof mediaRow>[]): FakeApi => ({
  'GET media/page/1': { body: { results: images, nextPage: null } },
  ...Object.fromEntries(images.map((image) => [`GET media/${image.id}`, { body: { ...image, used_by: [] } }])),
});

/** Chooses an image for the picker labelled `label`, as staff do: Choose image, the image, Add image. */
export async function pickImage(user: UserEvent, label: string, title: string) {
  const field = screen.getByRole('group', { name: label });
  await user.click(within(field).getByRole('button', { name: /^(Choose|Change) image$/ }));
  const dialog = await screen.findByRole('dialog', { name: `Choose ${label.toLowerCase()}` });
  await user.click(await within(dialog).findByRole('button', { name: title }));
  await user.click(await within(dialog).findByRole('button', { name: 'Add image' }));
}
