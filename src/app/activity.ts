import { HEADER } from '../../contract/http';

/** Sees each request the API client sends, before it goes. */
export type RequestWatcher = (input: RequestInfo | URL, init?: RequestInit) => void;

/** Requests that do not restart the server's idle timer (no session, or reads every tab makes on its own). */
const NOT_ACTIVITY = new Set([
  'GET inbox/count',
  'GET inbox/stream',
  'GET health',
  'POST auth/login',
  'POST auth/login/two-factor',
  'POST auth/logout',
  'GET auth/session',
]);

/** An open page says so every few seconds by itself (decision 050): that is not the user at work. */
const PRESENCE_PATH = /^presence\//;

/**
 * Watches the API client's requests, calling `onActivity` for each the server will count as
 * activity: any other request that carries the session token.
 */
export function activityOf(apiBase: string, onActivity: () => void): RequestWatcher {
  const basePath = new URL(apiBase, 'http://localhost').pathname;
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const headers = new Headers(init?.headers ?? request?.headers);
    if (headers.get(HEADER.sessionToken)) {
      const { pathname } = new URL(request ? request.url : String(input), 'http://localhost');
      const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\//, '');
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      if (!NOT_ACTIVITY.has(`${method} ${path}`) && !PRESENCE_PATH.test(path)) onActivity();
    }
  };
}
