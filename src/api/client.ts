import type { FetchError, FetchOptions } from 'ofetch';
import type {
  OperationDefinition,
  OperationInput,
  OperationKey,
  OperationOutput,
  TakesNothing,
} from '../../contract/api/operation';
import { HEADER, XSRF_COOKIE, channelForUsername, isApiFailure } from '../../contract/http';

export interface ApiClientOptions {
  /** The API base, ending in `/rest/`. */
  baseURL: string;
  /** The current session token and username, read on every request. */
  session: () => { token: string; username: string | undefined };
  /** Called with the server's message when any answer says the session has expired. */
  onSessionExpired: (message: string) => void;
  readCookie?: (name: string) => string | undefined;
  fetch?: typeof globalThis.fetch;
}

/** An error the API answered, carrying its first message for the page to show. */
/** What any call may add: a way to abandon it, and headers of its own (logout names the ending session). */
interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a goodbye sent as the tab closes). */
  keepalive?: boolean;
}

/** A call's input with its options; left out when the operation takes nothing. */
type CallArguments<Op extends OperationDefinition> =
  TakesNothing<Op> extends true
    ? [input?: OperationInput<Op> & CallOptions]
    : [input: OperationInput<Op> & CallOptions];

interface AnyInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  read?: 'blob' | 'stream' | 'text';
}

/** `GET /banks/{id}` and `{ id: 3 }`: the method and the path under the API base, `banks/3`. */
export function requestOf(key: string, params: Record<string, unknown> = {}) {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/^\//, '')
    .replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  return { method: key.slice(0, space), path };
}

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
    readonly sessionExpired: boolean,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function readDocumentCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

const isRelative = (url: string) => !/^[a-z][a-z\d+\-.]*:\/\//i.test(url) && !url.startsWith('//');

const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/**
 * Names one request in the server's log and in an error's "Reference"; not a secret, so
 * Math.random will do (crypto.randomUUID exists only on HTTPS and localhost).
 */
const newRequestId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * ofetch is fetched with the first request, not with /login's code: the sign-in form needs it
 * only once submitted (docs/performance.md). A failed fetch of it is a network failure.
 */
const loadOfetch = () => import('ofetch');
type Ofetch = Awaited<ReturnType<typeof loadOfetch>>;
type RawFetch = ReturnType<Ofetch['ofetch']['create']>;

export function createApiClient(options: ApiClientOptions) {
  const readCookie = options.readCookie ?? readDocumentCookie;
  let loaded: Promise<RawFetch> | null = null;
  const fetcher = () => {
    loaded ??= loadOfetch().then(
      ({ ofetch }) => createRaw(ofetch),
      () => {
        // Not downloaded: the next request tries again.
        loaded = null;
        throw new ApiRequestError(NETWORK_MESSAGE, undefined, undefined, false);
      },
    );
    return loaded;
  };
  const createRaw = (ofetch: Ofetch['ofetch']) =>
    ofetch.create(
      {
        baseURL: options.baseURL,
        // Only reads are retried: a payment must never be sent twice by the client.
        retry: 0,
        onRequest({ request, options: req }) {
          const { token, username } = options.session();
          const headers = new Headers(req.headers);
          // A file upload's multipart boundary is set by the browser; everything else is JSON.
          if (typeof FormData !== 'undefined' && req.body instanceof FormData) headers.delete('Content-Type');
          else headers.set('Content-Type', 'application/json');
          headers.set('Accept', 'application/json');
          headers.set(HEADER.requestId, newRequestId());
          // A caller may speak for a session that is ending (logout sends the old token itself).
          if (!headers.has(HEADER.sessionToken)) headers.set(HEADER.sessionToken, token);
          if (!headers.has(HEADER.channel)) headers.set(HEADER.channel, channelForUsername(username));
          const method = (req.method ?? 'GET').toUpperCase();
          const url = typeof request === 'string' ? request : request.url;
          if (method !== 'GET' && method !== 'HEAD' && isRelative(url)) {
            const xsrf = readCookie(XSRF_COOKIE);
            if (xsrf) headers.set(HEADER.xsrf, xsrf);
          }
          req.headers = headers;
        },
      },
      options.fetch ? { fetch: options.fetch } : undefined,
    );

  /** A failure read as a Blob (a document download) is still the API's JSON error shape. */
  async function failureBodyOf(error: FetchError): Promise<unknown> {
    const data = error.data;
    // Duck-typed: the fetch in use may not share this realm's Blob class.
    if (data && typeof data === 'object' && typeof (data as Blob).text === 'function') {
      try {
        return JSON.parse(await (data as Blob).text());
      } catch {
        return undefined;
      }
    }
    return data;
  }

  /** ofetch's FetchError, known without loading ofetch (a request that failed has loaded it). */
  const isFetchError = (error: unknown): error is FetchError => error instanceof Error && error.name === 'FetchError';

  async function translate(error: unknown): Promise<never> {
    if (isFetchError(error)) {
      const body = await failureBodyOf(error);
      if (isApiFailure(body)) {
        const message = body.errors[0]?.longMessage ?? error.message;
        if (body.sessionExpired) options.onSessionExpired(message);
        throw new ApiRequestError(message, error.statusCode, body.errors[0]?.code, Boolean(body.sessionExpired));
      }
      throw new ApiRequestError(
        error.statusCode ? `${error.statusCode} ${error.statusMessage ?? ''}`.trim() : NETWORK_MESSAGE,
        error.statusCode,
        undefined,
        false,
      );
    }
    throw error;
  }

  /** The XSRF cookie arrives with the first API answer; a first write without one asks for it. */
  async function ensureXsrfCookie(raw: RawFetch, path: string) {
    if (isRelative(path) && !readCookie(XSRF_COOKIE)) {
      await raw('health', { method: 'GET' }).catch(() => undefined);
    }
  }

  /**
   * The XSRF token is bound to the session (docs/security.md): a sign-in of another user in this
   * browser replaces the shared cookie, and the refusal brings this session's own token back.
   */
  const isXsrfMismatch = (error: unknown) =>
    isFetchError(error) &&
    error.statusCode === 403 &&
    isApiFailure(error.data) &&
    error.data.errors[0]?.code === 'XSRF_MISMATCH';

  async function call<T>(path: string, init: FetchOptions<'json'>, retried = false): Promise<T> {
    try {
      const raw = await fetcher();
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') await ensureXsrfCookie(raw, path);
      const body = await raw(path, init);
      // An answer that says it failed is a failure, whatever its HTTP status.
      if (isApiFailure(body)) {
        throw new ApiRequestError(
          body.errors[0]?.longMessage ?? 'The request failed.',
          200,
          body.errors[0]?.code,
          false,
        );
      }
      return (body && typeof body === 'object' && 'payload' in body ? body.payload : body) as T;
    } catch (error) {
      if (!retried && isXsrfMismatch(error)) return call<T>(path, init, true);
      return translate(error);
    }
  }

  /** Reads are retried once on a gateway's or a throttle's refusal; writes never are. */
  const READ_RETRY = { retry: 1, retryDelay: 500, retryStatusCodes: [408, 429, 502, 503, 504] };

  /**
   * Calls an operation defined in contract/api: `call<typeof listBanks>('GET /banks', { query })`.
   * The key is checked against the definition, and what is sent and answered is typed from it.
   */
  function callOperation<Op extends OperationDefinition>(
    key: OperationKey<Op>,
    ...[input]: CallArguments<Op>
  ): Promise<OperationOutput<Op>> {
    const { params, query, body, read, signal, headers, keepalive } = (input ?? {}) as AnyInput;
    const { method, path } = requestOf(key, params);
    return call<OperationOutput<Op>>(path, {
      method,
      query,
      body: body as Record<string, unknown>,
      headers,
      signal,
      ...(keepalive ? { keepalive } : {}),
      responseType: (read ?? 'json') as 'json',
      ...(method === 'GET' ? READ_RETRY : {}),
    });
  }

  return {
    call: callOperation,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
