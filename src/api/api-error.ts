/** A failed API call, carrying the server's messages (and the fields they concern). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: { msg: string; path?: string }[],
  ) {
    super(items.map((item) => item.msg).join('\n') || `Request failed (HTTP ${status})`);
  }
}

type MessageItem = { msg?: unknown };

/**
 * The server may answer with a string, a list of items with msg, or an object of items with msg
 * (SPEC.md section 8), alone or under `errors`; all become a list of messages.
 */
export function messagesFromBody(body: unknown): { msg: string; path?: string }[] {
  const payload = body && typeof body === 'object' && 'errors' in body ? (body as { errors: unknown }).errors : body;
  if (typeof payload === 'string') return [{ msg: payload }];
  const items: [string | undefined, unknown][] = Array.isArray(payload)
    ? payload.map((item) => [undefined, item])
    : payload && typeof payload === 'object'
      ? Object.entries(payload)
      : [];
  return items.flatMap(([key, item]) => {
    if (typeof item === 'string') return [{ msg: item, path: key }];
    const message = (item as MessageItem | null)?.msg;
    if (typeof message !== 'string') return [];
    const path = (item as { path?: unknown }).path;
    return [{ msg: message, path: typeof path === 'string' ? path : key }];
  });
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The server's 409 for a save whose `version` is not the stored one: someone else saved since. */
export const isStaleVersion = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.items.some((item) => item.path === 'version');
