import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error the API means to show a client: the error handler turns it into the error envelope (docs/api.md). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly shortMessage: string,
    readonly longMessage: string = shortMessage,
    readonly sessionExpired = false,
    /** Headers the answer carries besides the envelope (Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(longMessage);
    this.name = 'ApiError';
  }
}

export const sessionExpiredError = (longMessage = 'Your session has expired. Please sign in again.') =>
  new ApiError(401, 'SESSION_EXPIRED', 'Session expired', longMessage, true);

export const forbiddenError = (longMessage = 'You are not allowed to do this.') =>
  new ApiError(403, 'FORBIDDEN', 'Forbidden', longMessage);

export const notFoundError = (longMessage = 'Nothing was found at this address.') =>
  new ApiError(404, 'NOT_FOUND', 'Not found', longMessage);
