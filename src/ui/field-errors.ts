import { ApiError } from '../api/api-error.js';

/** Messages by field path ('name', 'rates.0.rate'); the first message of a field wins. */
export type FieldErrors = Record<string, string>;

export function errorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const full = path.join('.');
    errors[full] ??= issue.message;
    // A problem deep in a list is also a problem of the list's field, where the message shows.
    if (path.length > 1) errors[path[0]] ??= issue.message;
  }
  return errors;
}

/** The server's messages that name a field, to show beside it as well as in the notification. */
export function errorsFromApi(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return errorsFromIssues(error.items.filter((item) => item.path).map((item) => ({ path: item.path!.split('.'), message: item.msg })));
}
