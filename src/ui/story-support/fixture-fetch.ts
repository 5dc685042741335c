/**
 * A `fetch` for the catalogue's page stories: it answers from fixtures, never from the network,
 * in the API's own envelopes (docs/api.md), so the page's real client, machines and views run
 * as they would against the server.
 */
import type { ApiFailure } from '../../../contract/http';

/** An answer: an HTTP status and the JSON body; `'never'` is a request that stays in flight. */
export type FixtureAnswer = { status: number; body: unknown } | 'never';

/** What a route sees of a request: the query string and the JSON body, if any. */
interface FixtureRequest {
  query: URLSearchParams;
  body: unknown;
}

/**
 * Answers by `'METHOD path'`, the path under the API base without its query:
 * `'GET reports/transaction-report'`, `'POST inbox/change/7/decision'`.
 */
export type FixtureRoutes = Record<string, FixtureAnswer | ((request: FixtureRequest) => FixtureAnswer)>;

export const answer = (payload: unknown): FixtureAnswer => ({ status: 200, body: { status: true, payload } });

export const refusal = (status: number, code: string, longMessage: string): FixtureAnswer => ({
  status,
  body: {
    status: false,
    errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage } satisfies ApiFailure['errors'][number]],
  } satisfies ApiFailure,
});

/** A request that never ends: the page stays in its loading state. */
export const inFlight: FixtureAnswer = 'never';

const abortError = () => new DOMException('The request was aborted.', 'AbortError');

export function fixtureFetch(routes: FixtureRoutes, apiBase = '/rest/'): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input), window.location.href);
    const base = new URL(apiBase, window.location.href).pathname;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname.replace(/^\//, '');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const route = routes[`${method} ${path}`];
    const found =
      typeof route === 'function'
        ? route({ query: url.searchParams, body: text ? JSON.parse(text) : undefined })
        : route;
    // Said in the browser's console too: a page may show nothing of a call it makes on its own.
    if (!found) console.warn(`No fixture for ${method} ${path}`);
    const given = found ?? refusal(404, 'NOT_FOUND', `The story has no fixture for ${method} ${path}.`);
    const signal = init?.signal ?? request?.signal;
    if (given === 'never') {
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(abortError()), { once: true });
      });
    }
    if (signal?.aborted) throw abortError();
    return new Response(JSON.stringify(given.body), {
      status: given.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
