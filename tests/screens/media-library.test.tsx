import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Media } from '../../src/domain/media/media-schema.js';
import { GalleryPickerField } from '../../src/screens/media/gallery-picker-field.js';
import { ImagePickerField } from '../../src/screens/media/image-picker-field.js';
import { MediaScreen } from '../../src/screens/media/media-screen.js';
import { fakeApi, renderReferenceScreen, renderScreen, toastTexts } from '../helpers/render-reference-screen.js';

const image = (id: number, title: string): Media => ({
  id,
  url: `/media-files/${String(id).padStart(32, '0')}.jpg`,
  title,
  caption: '',
  alt: '',
  credit: '',
  createdAt: '2026-03-01T10:00:00.000Z',
  file_name: `${title.toLowerCase().replaceAll(' ', '-')}.jpg`,
  mime_type: 'image/jpeg',
  width: 800,
  height: 600,
  size_bytes: 120_000,
  version: 1,
});
const detail = (media: Media, used_by: string[] = []) => ({ body: { ...media, used_by } });

const lake = image(1, 'Lake');
const hills = image(2, 'Hills');
const castle = image(3, 'Castle');
const mediaRoutes = [{ path: '/media', element: <MediaScreen /> }];

describe('the media library page', () => {
  it('shows a page of images, loads more, and searches on the server', async () => {
    const api = fakeApi({
      'GET media/page/1': { body: { results: [lake, hills], nextPage: 2 } },
      'GET media/page/2': { body: { results: [castle], nextPage: null } },
      'GET media/page/1/all/castle%20view': { body: { results: [castle], nextPage: null } },
    });
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    const grid = await screen.findByRole('list', { name: 'Images' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((tile) => tile.getAttribute('aria-label')),
    ).toEqual(['Lake', 'Hills']);
    expect(within(grid).getByRole('button', { name: 'Lake' }).querySelector('img')?.getAttribute('src')).toBe(`/media-files/${'0'.repeat(31)}1-300x300.jpg`);
    await user.click(screen.getByRole('button', { name: 'Load more images' }));
    await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more images' })).toBeNull();
    await user.type(screen.getByRole('searchbox'), 'castle view');
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('media/page/1/all/castle%20view'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Images' })).getAllByRole('button')).toHaveLength(1));
  });

  it('edits attachment details with the version read, and says when saving failed', async () => {
    let fail = false;
    const api = fakeApi({
      'GET media/page/1': { body: { results: [lake], nextPage: null } },
      'GET media/1': detail(lake, ['tour "Danube" (overview image)']),
      'PUT media/1': (body) =>
        fail ? { status: 409, body: { errors: [{ msg: 'This image was changed by someone else.' }] } } : { body: { ...lake, ...(body as object), version: 2 } },
    });
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    await user.click(await screen.findByRole('button', { name: 'Lake' }));
    const details = await screen.findByRole('complementary', { name: 'Attachment details' });
    expect(await within(details).findByText('tour "Danube" (overview image)')).toBeTruthy();
    await user.type(within(details).getByLabelText('Alt'), 'A calm lake');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image saved')).toBeTruthy();
    expect(api.writes()).toEqual([{ method: 'PUT', path: 'media/1', body: { title: 'Lake', caption: '', alt: 'A calm lake', credit: '', version: 1 } }]);
    fail = true;
    await user.type(within(details).getByLabelText('Credit'), 'Anna');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image failed to save')).toBeTruthy();
    expect(within(details).getByText('This image was changed by someone else.')).toBeTruthy();
  });

  it('merges attachment details someone else saved first, and saves at their version (issue 29)', async () => {
    let stored = lake;
    const api = fakeApi({
      'GET media/page/1': { body: { results: [lake], nextPage: null } },
      'GET media/1': () => detail(stored),
      'GET last-change/media/1': { body: { changed_by: null, changed_at: null } },
      'PUT media/1': (body) =>
        (body as { version: number }).version === stored.version
          ? { body: { ...stored, ...(body as object), version: stored.version + 1 } }
          : { status: 409, body: { errors: [{ msg: 'This image was changed by someone else since you opened it.', path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    await user.click(await screen.findByRole('button', { name: 'Lake' }));
    const details = await screen.findByRole('complementary', { name: 'Attachment details' });
    await user.type(await within(details).findByLabelText('Alt'), 'A calm lake');
    stored = { ...lake, credit: 'Anna', version: 2 };
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image saved')).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([
      { title: 'Lake', caption: '', alt: 'A calm lake', credit: '', version: 1 },
      { title: 'Lake', caption: '', alt: 'A calm lake', credit: 'Anna', version: 2 },
    ]);
  });

  it('says a failed save of attachment details once, in its own words, with the reason under the form as typed', async () => {
    fakeApi({
      'GET media/page/1': { body: { results: [lake], nextPage: null } },
      'GET media/1': detail(lake),
      'PUT media/1': { status: 409, body: { errors: [{ msg: 'This image was changed by someone else.' }] } },
    });
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    await user.click(await screen.findByRole('button', { name: 'Lake' }));
    const details = await screen.findByRole('complementary', { name: 'Attachment details' });
    const save = within(details).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(await within(details).findByLabelText('Alt'), 'A calm lake');
    await user.click(save);
    expect(await within(details).findByText('This image was changed by someone else.')).toBeTruthy();
    expect(toastTexts()).toEqual(['Image failed to save']);
    expect((within(details).getByLabelText('Alt') as HTMLInputElement).value).toBe('A calm lake');
  });

  it('asks before deleting an image and shows the refusal that names its users', async () => {
    fakeApi({
      'GET media/page/1': { body: { results: [lake], nextPage: null } },
      'GET media/1': detail(lake),
      'DELETE media/1': { status: 409, body: { errors: [{ msg: 'This image is used by gallery 4, so it was not deleted.' }] } },
    });
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    await user.click(await screen.findByRole('button', { name: 'Lake' }));
    await user.click(await screen.findByRole('button', { name: 'Delete image from library' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('The image "Lake" will be deleted. You will not be able to revert this!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This image is used by gallery 4, so it was not deleted.')).toBeTruthy();
  });

  it('queues selected files with their words, refuses what is not PNG or JPEG, and lets a file be deleted before sending', async () => {
    fakeApi({ 'GET media/page/1': { body: { results: [], nextPage: null } } });
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => undefined;
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(mediaRoutes, '/media');
    expect(await screen.findByText('The library has no images yet.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Upload' }));
    await user.upload(screen.getByLabelText('Select files'), [
      new File(['png'], 'old_town-square.png', { type: 'image/png' }),
      new File(['jpg'], 'bridge.jpg', { type: 'image/jpeg' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
    ]);
    const queue = screen.getByRole('list', { name: 'Images to upload' });
    expect(within(queue).getAllByRole('listitem')).toHaveLength(3);
    expect(within(queue).getByText('Only PNG and JPEG images can be uploaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 2 images' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit old_town-square.png' }));
    expect(within(queue).getByLabelText('Title')).toHaveProperty('value', 'old town square');
    await user.click(screen.getByRole('button', { name: 'Delete bridge.jpg' }));
    expect(within(queue).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upload (1)' })).toBeTruthy();
  });
});

type SentUpload = { method: string; url: string; headers: Record<string, string>; form: FormData };

/**
 * Stands in for the server behind `PUT media/`, which the upload sends with XMLHttpRequest (for
 * its progress events): answers each upload in turn, after half a progress event, and records it.
 */
function fakeUploads(answers: { status: number; body: unknown }[]) {
  const sent: SentUpload[] = [];
  class FakeRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private readonly request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      Object.assign(this.request, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(form: FormData) {
      const answer = answers[sent.length];
      sent.push({ ...this.request, form });
      setTimeout(() => {
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: 50, total: 100 }));
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.dispatchEvent(new Event('load'));
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

describe('uploading images', () => {
  it('says which upload failed and keeps the failed file, with the reason, on the Upload tab to retry', async () => {
    const bridge = image(7, 'Bridge');
    let library: Media[] = [];
    fakeApi({ 'GET media/page/1': () => ({ body: { results: library, nextPage: null } }) });
    const sent = fakeUploads([
      { status: 200, body: [bridge] },
      { status: 400, body: { errors: [{ msg: 'square.png is not a PNG or JPEG image.', path: 'upload' }] } },
    ]);
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => undefined;
    const user = userEvent.setup();
    renderScreen(mediaRoutes, '/media');
    await user.click(await screen.findByRole('tab', { name: 'Upload' }));
    await user.upload(screen.getByLabelText('Select files'), [
      new File(['jpg'], 'bridge.jpg', { type: 'image/jpeg' }),
      new File(['png'], 'square.png', { type: 'image/png' }),
    ]);
    library = [bridge];
    await user.click(screen.getByRole('button', { name: 'Upload 2 images' }));

    expect(await screen.findByText('Image upload failed')).toBeTruthy();
    expect(screen.getByText('Image uploaded')).toBeTruthy();
    const queue = screen.getByRole('list', { name: 'Images to upload' });
    await waitFor(() => expect(within(queue).getAllByRole('listitem')).toHaveLength(1));
    expect(within(queue).getByRole('alert').textContent).toBe('square.png is not a PNG or JPEG image.');
    expect(within(queue).getByLabelText('Upload progress of square.png')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Upload' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false);

    expect(
      sent.map(({ method, url, headers, form }) => [method, url, headers.authorization, form.get('upload_title'), (form.get('upload') as File).name]),
    ).toEqual([
      ['PUT', '/api/v1/media/', 'Bearer screen-test-token', 'bridge', 'bridge.jpg'],
      ['PUT', '/api/v1/media/', 'Bearer screen-test-token', 'square', 'square.png'],
    ]);
    await user.click(screen.getByRole('tab', { name: 'Media Library' }));
    expect(await screen.findByRole('button', { name: 'Bridge' })).toBeTruthy();
  });
});

describe('the forms that use images', () => {
  it.each([
    ['destination', '/destinations/create', ['Image'], ['Gallery']],
    ['region', '/regions/create', ['Image'], ['Gallery']],
    ['boat', '/boats/create', [], ['Gallery']],
    ['category', '/categories/create', ['Image'], ['Gallery']],
  ])('the %s form chooses its images with the image and gallery pickers, not by typing an id', async (_name, path, images, galleries) => {
    fakeApi({ 'GET tours/all': { body: [] }, 'GET regions': { body: [] } });
    renderReferenceScreen(path);
    await screen.findByLabelText('Name');
    for (const label of images) {
      const picker = screen.getByRole('group', { name: label });
      expect(within(picker).getByRole('button', { name: 'Choose image' })).toBeTruthy();
      expect(within(picker).queryByRole('textbox')).toBeNull();
      expect(within(picker).queryByRole('spinbutton')).toBeNull();
    }
    for (const label of galleries) {
      const picker = screen.getByRole('group', { name: label });
      expect(
        within(picker)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Create gallery', 'Pick from existing']);
      expect(within(picker).queryByRole('textbox')).toBeNull();
      expect(within(picker).queryByRole('spinbutton')).toBeNull();
    }
    // No field of the form asks for an image or gallery by its id.
    expect(screen.queryAllByLabelText(/^(image|gallery|media)/i, { selector: 'input, select, textarea' })).toEqual([]);
  });
});

const outerSubmits = vi.fn();

function PickerHarness() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        outerSubmits();
      }}
    >
      <ImagePickerField label="Overview image" value={value} onChange={setValue} />
      <output>{value === null ? 'none' : `picked ${value}`}</output>
    </form>
  );
}

describe('the image picker', () => {
  it('opens the library as a modal that keeps the focus, closes on Escape, and picks with Add image', async () => {
    fakeApi({ 'GET media/page/1': { body: { results: [lake, hills], nextPage: null } }, 'GET media/2': detail(hills), 'GET media/1': detail(lake) });
    const user = userEvent.setup();
    renderScreen([{ path: '/', element: <PickerHarness /> }], '/');
    const choose = screen.getByRole('button', { name: 'Choose image' });
    await user.click(choose);
    const modal = screen.getByRole('dialog', { name: 'Choose overview image' });
    await waitFor(() => expect(modal.contains(document.activeElement)).toBe(true));
    // Tab and Shift+Tab go round inside the modal.
    const close = within(modal).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab({ shift: true });
    expect(modal.contains(document.activeElement)).toBe(true);
    for (let step = 0; step < 8; step++) {
      await user.tab();
      expect(modal.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(choose);

    await user.click(choose);
    const again = screen.getByRole('dialog', { name: 'Choose overview image' });
    await user.click(await within(again).findByRole('button', { name: 'Hills' }));
    await user.click(await within(again).findByRole('button', { name: 'Add image' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('picked 2')).toBeTruthy();
    expect(await screen.findByText('Hills')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change image' }));
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Hills (added)' }));
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Remove image' }));
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('saves attachment details in the modal without submitting the form that opened it', async () => {
    const api = fakeApi({
      'GET media/page/1': { body: { results: [lake], nextPage: null } },
      'GET media/1': detail(lake),
      'PUT media/1': (body) => ({ body: { ...lake, ...(body as object), version: 2 } }),
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/', element: <PickerHarness /> }], '/');
    await user.click(screen.getByRole('button', { name: 'Choose image' }));
    const modal = screen.getByRole('dialog');
    await user.click(await within(modal).findByRole('button', { name: 'Lake' }));
    await user.type(await within(modal).findByLabelText('Caption'), 'Morning');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image saved')).toBeTruthy();
    expect(api.writes().map((call) => call.path)).toEqual(['media/1']);
    expect(outerSubmits).not.toHaveBeenCalled();
  });
});

function GalleryHarness() {
  const [value, setValue] = useState<number | null>(4);
  return <GalleryPickerField label="Gallery" value={value} onChange={setValue} />;
}

const galleryAnswer = (version: number, media: Media[]) => ({ body: { id: 4, version, createdAt: '2026-03-01T10:00:00.000Z', media } });
const shownImages = () =>
  within(screen.getByRole('list', { name: 'Images of gallery 4' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.gallery-image-name')?.textContent);

describe('the gallery picker', () => {
  it('saves each change with the version the gallery was read at, then the version each save answered', async () => {
    const api = fakeApi({
      'GET galleries/4': galleryAnswer(3, [lake, hills, castle]),
      'PUT galleries/4': (body) => {
        const { media, version } = body as { media: number[]; version: number };
        return galleryAnswer(
          version + 1,
          [lake, hills, castle].filter((image) => media.includes(image.id)),
        );
      },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/', element: <GalleryHarness /> }], '/');
    await screen.findByRole('list', { name: 'Images of gallery 4' });
    await user.click(screen.getByRole('button', { name: 'Remove Hills from the gallery' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove Lake from the gallery' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((call) => call.body)).toEqual([
      { media: [1, 3], version: 3 },
      { media: [3], version: 4 },
    ]);
  });

  it('shows the gallery as stored, without a message, when a save is refused because someone else changed it', async () => {
    let reads = 0;
    const api = fakeApi({
      // Between the first and second read, someone else put the castle first and took the hills out.
      'GET galleries/4': () => (++reads === 1 ? galleryAnswer(3, [lake, hills]) : galleryAnswer(5, [castle, lake])),
      'PUT galleries/4': (body) =>
        (body as { version: number }).version === 3
          ? { status: 409, body: { errors: [{ msg: 'This gallery was changed by someone else since you opened it.', path: 'version' }] } }
          : galleryAnswer(6, [castle]),
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/', element: <GalleryHarness /> }], '/');
    await screen.findByRole('list', { name: 'Images of gallery 4' });
    expect(shownImages()).toEqual(['Lake', 'Hills']);
    await user.click(screen.getByRole('button', { name: 'Remove Hills from the gallery' }));
    expect(shownImages()).toEqual(['Lake']);
    await waitFor(() => expect(shownImages()).toEqual(['Castle', 'Lake']));
    expect(api.writes().map((call) => call.body)).toEqual([{ media: [1], version: 3 }]);
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // The next change is made on the gallery as stored, with its version.
    await user.click(screen.getByRole('button', { name: 'Remove Lake from the gallery' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1].body).toEqual({ media: [3], version: 5 });
  });

  it('picks an existing gallery only on Use gallery or Enter, so the arrow keys can move through the list', async () => {
    const other = { id: 9, version: 1, createdAt: '2026-03-02T10:00:00.000Z', media: [], used_by: [] };
    fakeApi({
      'GET galleries': { body: [{ id: 4, version: 3, createdAt: '2026-03-01T10:00:00.000Z', media: [lake], used_by: ['Tour Danube'] }, other] },
      'GET galleries/4': galleryAnswer(3, [lake]),
      'GET galleries/9': { body: other },
    });
    function EmptyHarness() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <>
          <GalleryPickerField label="Gallery" value={value} onChange={setValue} />
          <output>{value === null ? 'none' : `picked ${value}`}</output>
        </>
      );
    }
    const user = userEvent.setup();
    renderScreen([{ path: '/', element: <EmptyHarness /> }], '/');
    await user.click(screen.getByRole('button', { name: 'Pick from existing' }));
    const list = await screen.findByRole('combobox', { name: 'Gallery' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Use gallery' })).toHaveProperty('disabled', true);
    await user.selectOptions(list, 'Gallery 4 · 1 image · used by Tour Danube');
    await user.selectOptions(list, 'Gallery 9 · 0 images · not used yet');
    expect(screen.getByRole('status').textContent).toBe('none');
    expect(document.activeElement).toBe(list);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('picked 9');
  });
});
