import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmAction, ConfirmDialogHost } from '../../src/ui/confirm-dialog.js';

describe('the one confirmation dialog', () => {
  it('answers Cancel to a question still open when its host goes, and the next host opens with none', async () => {
    const first = render(<ConfirmDialogHost />);
    const answer = confirmAction({ title: 'Leave this page?', text: 'Any unsaved data will be lost!' });
    expect(await screen.findByText('Leave this page?')).toBeTruthy();
    first.unmount();
    await expect(answer).resolves.toBe(false);
    render(<ConfirmDialogHost />);
    expect(screen.queryByText('Leave this page?')).toBeNull();
  });
});
