import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { NoticeHost } from '../../src/ui/notice-host.js';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { storeToken } from '../../src/api/auth-token.js';
import { createQueryClient } from '../../src/ui/query-client.js';
import { ConfirmDialogHost } from '../../src/ui/confirm-dialog.js';
import { MergeConflictDialogHost } from '../../src/ui/merge-conflict-dialog.js';
import { UnsavedChangesGuard } from '../../src/ui/unsaved-changes-guard.js';
import { referenceRoutes } from '../../src/screens/reference/reference-routes.js';

export type RecordedCall = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
/** Answers by "METHOD path" (path after /api/v1/, query included); a function sees the body sent. */
export type FakeApi = Record<string, Answer | ((body: unknown, path: string) => Answer)>;

/**
 * Stands in for the server: answers the calls a screen makes from a table and records them, so a
 * test can say both what staff saw and which calls (if any) were made.
 */
export function fakeApi(table: FakeApi) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input).replace(/^.*\/api\/v1\//, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    const entry = table[key] ?? table[`${method} ${path.split('?')[0]}`];
    const answer = typeof entry === 'function' ? entry(body, path) : (entry ?? { status: 404, body: { errors: [{ msg: `No fake answer for ${key}` }] } });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}

/** The reference screens at `path`, inside the app's query client, toasts and confirm dialog. */
export const renderReferenceScreen = (path: string) => renderScreen(referenceRoutes, path);

/** Any screens' routes at `path`, inside the app's query client, toasts and confirm dialog. */
export function renderScreen(routes: RouteObject[], path: string) {
  storeToken('screen-test-token');
  // jsdom has <dialog> without its methods; these do what a browser does to the open attribute.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  // Tiptap (ProseMirror) measures the text it edits; jsdom does no layout, so nothing has a size.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Element.prototype.getClientRects ??= noRects;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
  // Toasts live in a module-wide store: start each screen without the last test's.
  toast.remove();
  // The app shell's one navigation guard around the screens, as in the app.
  const shell = {
    element: (
      <>
        <UnsavedChangesGuard />
        <Outlet />
      </>
    ),
    children: [...routes, { path: '*', element: <p>Elsewhere</p> }],
  };
  const router = createMemoryRouter([shell], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
      <MergeConflictDialogHost />
      <NoticeHost />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** The texts of the notifications on screen, in order. */
export const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

/** Picks a row in a list picker the way staff do: focus its search box, click the row in the list. */
export async function pickFromList(user: { click: (element: Element) => Promise<void> }, listLabel: string, optionName: string): Promise<void> {
  await user.click(await screen.findByRole('combobox', { name: new RegExp(`^${listLabel}`) }));
  await user.click(await screen.findByRole('option', { name: optionName }));
}

/** The error shown beside a labelled form field, or null when it shows none. */
export const errorBeside = (label: string) => screen.getByLabelText(label).closest('.form-field')?.querySelector('.field-error')?.textContent ?? null;
