import { atom, getDefaultStore } from 'jotai';

/** The one local-storage key that holds the staff login token (SPEC.md section 7). */
export const TOKEN_STORAGE_KEY = 'backoffice.token';

/**
 * Whether this tab has a session: set by a login here, dropped by a logout, a 401 or the login
 * page. The token itself stays in local storage, read at each request, so a login in another tab
 * serves this one too; a logout elsewhere ends this tab's session at its next request (a 401).
 */
// Outside a browser (the server-side and unit tests import the client's types and calls) there is no storage.
export const loggedInAtom = atom(typeof localStorage !== 'undefined' && localStorage.getItem(TOKEN_STORAGE_KEY) !== null);

/** Set while the session's password is a temporary one (a colleague reset it): only choosing one's own is open. */
const MUST_CHOOSE_PASSWORD_KEY = 'backoffice.must-choose-password';
export const mustChoosePasswordAtom = atom(typeof localStorage !== 'undefined' && localStorage.getItem(MUST_CHOOSE_PASSWORD_KEY) !== null);

const store = getDefaultStore();

export const readToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);

export function storeToken(token: string, { mustChoosePassword = false } = {}) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  store.set(loggedInAtom, true);
  setMustChoosePassword(mustChoosePassword);
}

export function clearToken() {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  store.set(loggedInAtom, false);
  setMustChoosePassword(false);
}

/** The server said the password is temporary (true), or the staff member has chosen their own (false). */
export function setMustChoosePassword(must: boolean) {
  if (must) localStorage.setItem(MUST_CHOOSE_PASSWORD_KEY, '1');
  else localStorage.removeItem(MUST_CHOOSE_PASSWORD_KEY);
  store.set(mustChoosePasswordAtom, must);
}
