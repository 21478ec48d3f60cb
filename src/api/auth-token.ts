/** The one local-storage key that holds the staff login token (SPEC.md section 7). */
export const TOKEN_STORAGE_KEY = 'backoffice.token';

export const readToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const storeToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);
