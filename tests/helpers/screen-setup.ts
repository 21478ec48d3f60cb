import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearToken } from '../../src/api/auth-token.js';

afterEach(() => {
  cleanup();
  // Through clearToken, so the session atom ends with the stored token.
  clearToken();
  localStorage.clear();
});
