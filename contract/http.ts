/**
 * The REST contract shared by the dashboard and the API (docs/api.md).
 * Both sides import these names so a header can never be spelt two ways.
 */
export const HEADER = {
  sessionToken: 'X-Session-Token',
  channel: 'Channel',
  xsrf: 'X-XSRF-TOKEN',
  requestId: 'X-Request-Id',
  idempotencyKey: 'Idempotency-Key',
} as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';

export const CHANNEL = { dashboard: 'dashboard', wap: 'wap1' } as const;
export type Channel = (typeof CHANNEL)[keyof typeof CHANNEL];

/** A username made only of digits is a phone-style login from the WAP channel. */
export function channelForUsername(username: string | undefined | null): Channel {
  return username && /^\d+$/.test(username) ? CHANNEL.wap : CHANNEL.dashboard;
}

interface ApiErrorEntry {
  code: string;
  shortMessage: string;
  longMessage: string;
}

export interface ApiFailure {
  status: false;
  sessionExpired?: true;
  errors: ApiErrorEntry[];
}

export function isApiFailure(body: unknown): body is ApiFailure {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === false &&
    Array.isArray((body as { errors?: unknown }).errors)
  );
}
