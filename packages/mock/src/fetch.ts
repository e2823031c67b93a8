/**
 * The mock in-process: a function of the same shape as `fetch`, for tests that need no socket. A
 * dropped connection rejects as undici's `fetch` does (a `TypeError` whose cause has the code
 * `UND_ERR_SOCKET`); a slow body arrives in timed pieces on the mock's clock.
 *
 * @module
 */
import type { MockApi, MockReply } from './api.js';
import { type MockClock, realClock } from './clock.js';
import { slowPieces } from './delivery.js';

/** The shape of `fetch` the handler offers (a URL string or `URL`, and the usual init). */
export type MockFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

function body(reply: MockReply, clock: MockClock): string | ReadableStream<Uint8Array> | null {
  if (reply.status === 204 || reply.status === 304) return null;
  if (reply.delivery !== 'slow') return reply.body;
  const { pieces, pauseMs } = slowPieces(reply.body, reply.slowMs);
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i >= pieces.length) {
        controller.close();
        return;
      }
      if (i > 0) await clock.sleep(pauseMs);
      controller.enqueue(encoder.encode(pieces[i++]));
    },
  });
}

/**
 * A `fetch` answered by `api`, in-process. Only the URL's path and query are read, so any origin
 * works (`http://mock.invalid`). The caller's signal aborts the call as `fetch` does.
 */
export function mockFetch(api: MockApi, clock: MockClock = realClock): MockFetch {
  return async (input, init = {}) => {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const text =
      typeof init.body === 'string'
        ? init.body
        : init.body == null
          ? ''
          : await new Response(init.body).text();
    const handled = api.handle({
      method: (init.method ?? 'GET').toUpperCase(),
      url: `${url.pathname}${url.search}`,
      headers,
      body: text,
    });
    const reply = await (signal === undefined
      ? handled
      : new Promise<MockReply>((resolve, reject) => {
          const onAbort = (): void => reject(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
          handled.then((r) => {
            signal.removeEventListener('abort', onAbort);
            resolve(r);
          }, reject);
        }));
    if (reply.delivery === 'drop') {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      });
    }
    return new Response(body(reply, clock), { status: reply.status, headers: reply.headers });
  };
}
