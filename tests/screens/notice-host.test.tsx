// The app's notices close with their own button: one under the pointer stays while hovered, and a
// notice can sit over a toolbar button the clerk wants now.

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NoticeHost } from '../../src/ui/notice-host.js';
import { notifyError, notifySuccess } from '../../src/ui/notify.js';

describe('NoticeHost', () => {
  it('closes the notice whose close button is pressed, from the keyboard too, and leaves the others', async () => {
    render(<NoticeHost />);
    act(() => {
      notifySuccess('Saved');
      notifyError(new Error('Refused'));
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    const closers = screen.getAllByRole('button', { name: 'Close this notice' });
    expect(closers).toHaveLength(2);

    const user = userEvent.setup();
    const savedCloser = closers.find((button) => button.parentElement?.textContent?.includes('Saved'))!;
    savedCloser.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 2000 });
    expect(screen.getByText('Refused')).toBeTruthy();
  });
});
