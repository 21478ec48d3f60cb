import { endpointPath } from '../domain/contract/endpoint';
import { streamEventSchema, type StreamEvent } from '../domain/contract/presence';
import type { presenceStreamEndpoints } from '../domain/contract/presence';
import { API_BASE, endSessionAfterUnauthorised } from './api-client';
import { readToken } from './auth-token';
import { eventStreamParser } from './event-stream-parser';

/** The first wait before reconnecting, doubled after each failure up to the longest. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;
/** The server sends a heartbeat every 15 s: twice that in silence means the connection is dead. */
const SILENCE_MS = 35_000;

type StreamEndpoint = (typeof presenceStreamEndpoints)[keyof typeof presenceStreamEndpoints];

/**
 * Follows one presence stream (issue 29) until `stop` is called: each event the server sends is
 * handed to `onEvent`. The stream is read with fetch, not EventSource, so that the token travels
 * in the Authorization header as on every call and never in an address (where logs and the
 * browser's history keep it). A stream that fails or goes silent is opened again after a wait
 * that doubles each time (1 s to 30 s, with some jitter so tabs do not come back all at once);
 * a 401 ends the session as any call's does.
 */
export function followPresenceStream(endpoint: StreamEndpoint, params: Record<string, string | number>, onEvent: (event: StreamEvent) => void): () => void {
  const stopped = new AbortController();
  let retryMs = FIRST_RETRY_MS;

  const connectOnce = async () => {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    stopped.signal.addEventListener('abort', abort);
    let silence = setTimeout(abort, SILENCE_MS);
    try {
      const token = readToken();
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`${API_BASE}${endpointPath(endpoint.path, params)}`, { headers, signal: attempt.signal });
      if (response.status === 401) {
        endSessionAfterUnauthorised();
        stopped.abort();
        return;
      }
      if (!response.ok || !response.body) return;
      const feed = eventStreamParser(({ data }) => {
        const parsed = streamEventSchema.safeParse(JSON.parse(data));
        if (parsed.success) onEvent(parsed.data);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(abort, SILENCE_MS);
        // Connected and heard from: the next failure starts its waits from the shortest again.
        retryMs = FIRST_RETRY_MS;
        feed(value);
      }
    } catch {
      // A network failure, a silent connection aborted, or the stop: the loop decides.
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', abort);
    }
  };

  const run = async () => {
    while (!stopped.signal.aborted) {
      await connectOnce();
      if (stopped.signal.aborted) return;
      const wait = retryMs * (0.75 + Math.random() / 2);
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        stopped.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  };
  void run();
  return () => stopped.abort();
}
