import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/api-error';
import { failureBody } from './envelope';

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/** Whether the path and every query name and value are valid percent-encoding (`%zz`, a lone `%` are not). */
function isWellEncoded(url: string): boolean {
  const { pathname, search } = new URL(url);
  if (!decodes(pathname)) return false;
  return search
    .slice(1)
    .split('&')
    .every((pair) => pair.split('=').every((part) => decodes(part.replaceAll('+', ' '))));
}

/**
 * A request address that does not decode is the client's mistake: refused with 400 in the
 * error shape before any route (or the static file server) tries to decode it and throws.
 */
export const rejectMalformedUrl = (): MiddlewareHandler => async (c, next) => {
  if (isWellEncoded(c.req.url)) return next();
  const error = new ApiError(400, 'MALFORMED_URL', 'Bad address', 'The address holds invalid percent-encoding.');
  return c.json(failureBody(error), 400);
};
