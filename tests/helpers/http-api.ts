/** An answer of the API over real HTTP: its status, its body read as JSON when there is one, and its headers. */
export type HttpAnswer<T> = { status: number; json: T; text: string; headers: Headers };

/** Calls a running server's API over HTTP (fetch) as the staff member whose Authorization header is given. */
export async function httpCall<T = unknown>(
  baseUrl: string,
  authorization: string,
  method: string,
  path: string,
  body?: unknown,
  /** Give up (the call throws a TimeoutError) after this long; fetch's own limit is 5 minutes. */
  timeoutMs?: number,
): Promise<HttpAnswer<T>> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const json = (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T;
  return { status: response.status, json, text, headers: response.headers };
}
