import { ApiError, messagesFromBody } from './api-error.js';
import { MUST_CHANGE_PASSWORD } from '../domain/staff.js';
import { clearToken, readToken, setMustChoosePassword } from './auth-token.js';

export const API_BASE = '/api/v1';

type Unauthorised = () => void;
let onUnauthorised: Unauthorised = () => window.location.assign('/login');

/** The shell decides what a 401 does (clear the token, go to /login) without a page reload. */
export const setUnauthorisedHandler = (handler: Unauthorised) => {
  onUnauthorised = handler;
};

/** For calls made outside apiRequest (an upload with progress): a 401 ends the session the same way. */
export function endSessionAfterUnauthorised() {
  clearToken();
  onUnauthorised();
}

export type RequestOptions = { body?: unknown; signal?: AbortSignal; formData?: FormData };

/** Calls the API with the stored token; a 401 ends the session, other failures throw ApiError. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const relative = path.replace(/^\//, '');
  const response = await fetch(`${API_BASE}/${relative}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : null;
  if (response.status === 401 && !relative.startsWith('auth/login')) {
    clearToken();
    onUnauthorised();
  }
  if (!response.ok) {
    const items = messagesFromBody(parsed);
    // A colleague reset this account's password: the shell shows Choose your password (RequireLogin).
    if (response.status === 403 && items.some((item) => item.msg === MUST_CHANGE_PASSWORD)) setMustChoosePassword(true);
    throw new ApiError(response.status, items.length ? items : [{ msg: `Request failed (HTTP ${response.status})` }]);
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
