import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../lib/api-error';

/** The largest JSON body any API operation takes; file uploads carry their own, larger limit. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * The operations that take files (KYC documents, banner images, bulk batches): each route sets
 * its own limit, sized for its files, and answers 413 with its own code.
 */
const OWN_LIMIT: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/rest\/kyc\/accounts\/[^/]+\/documents\/?$/ },
  { method: 'POST', path: /^\/rest\/banners\/?$/ },
  { method: 'PUT', path: /^\/rest\/banners\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/rest\/bulk\/[^/]+\/(check|batches)\/?$/ },
];

const payloadTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    'Request too large',
    `This request carries more than ${Math.round(maxBytes / 1024)} KB; nothing was read.`,
  );

const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw payloadTooLarge(MAX_JSON_BODY_BYTES);
  },
});

/**
 * Every API body is measured before anything parses it, and before the session is looked up:
 * an oversized body is refused from its Content-Length, or as soon as a streamed one passes the
 * limit, so no request can make the server hold more than the limit in memory.
 */
export const apiBodyLimit = (): MiddlewareHandler => (c, next) => {
  const method = c.req.method;
  if (OWN_LIMIT.some((rule) => rule.method === method && rule.path.test(c.req.path))) return next();
  return jsonLimit(c, next);
};
