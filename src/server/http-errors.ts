/** One item of the API's error shape: `{ errors: [{ msg, path }] }` (DESIGN.md section 4). */
export type ErrorItem = { msg: string; path?: string };

/** An error the routes throw on purpose; the error handler turns it into its status and shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: ErrorItem[],
  ) {
    super(errors.map((item) => item.msg).join('; '));
  }
}

export const badRequest = (msg: string, path?: string) => new HttpError(400, [{ msg, path }]);
export const unauthorized = (msg = 'Please log in') => new HttpError(401, [{ msg }]);
export const notFound = (what: string) => new HttpError(404, [{ msg: `${what} not found` }]);
export const conflict = (msg: string, path?: string) => new HttpError(409, [{ msg, path }]);
export const staleVersion = (what: string) =>
  conflict(`${what} was changed by someone else since you opened it. Reload to see their changes, then save again.`, 'version');
