import { afterEach, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { clearToken } from '../../src/api/auth-token.js';

// findBy and waitFor wait up to 10 s for the screen to show something (1 s by default): on a busy
// two-core machine a first render with its lazy chunks took longer than 1 s, and a save refused,
// merged and refused again took over 5 s while another test run shared the cores; a wait this
// long costs nothing when the screen is quick (the browser tests' polls wait as long).
configure({ asyncUtilTimeout: 10_000 });

// The toaster asks whether motion should be reduced; jsdom has no media queries.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;

// The screen files share one module graph per worker (vitest.config.ts), so whatever a test leaves
// in a module's store would meet the next file: notices, the session, stubbed globals, fake clocks.
afterEach(() => {
  cleanup();
  act(() => toast.remove());
  // Through clearToken, so the session atom ends with the stored token.
  clearToken();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
