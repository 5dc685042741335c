import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { failureBody } from './envelope';
import { ApiError } from '../lib/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface XsrfOptions {
  secure: boolean;
  /** The server's XSRF secret (config.xsrfSecret): a session's token is its HMAC. */
  secret: Buffer;
}

/** The one XSRF token a session accepts: an HMAC of its session token, so no other pair passes. */
export function sessionXsrfToken(secret: Buffer, sessionToken: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sessionToken}`).digest('base64url');
}

function setXsrfCookie(c: Context, value: string, secure: boolean) {
  // Readable by the page (double-submit); Strict so no other site can send it along.
  setCookie(c, XSRF_COOKIE, value, { path: '/', sameSite: 'Strict', secure, httpOnly: false });
}

/** A signed-out browser's token: random, checked by double-submit until a session binds one. */
function issueAnonymousCookie(c: Context, secure: boolean) {
  setXsrfCookie(c, randomBytes(24).toString('base64url'), secure);
}

/** After sign-in: the cookie becomes the new session's bound token. */
export function issueSessionXsrfCookie(c: Context, options: XsrfOptions, sessionToken: string) {
  setXsrfCookie(c, sessionXsrfToken(options.secret, sessionToken), options.secure);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const mismatch = () =>
  new ApiError(
    403,
    'XSRF_MISMATCH',
    'Request refused',
    'This request could not be verified. Reload the page and try again.',
  );

/**
 * Double-submit check (docs/decisions/007-xsrf-cookie.md), bound to the session: a request
 * that speaks for a session must carry that session's token (an HMAC of it with the server's
 * secret) in the header and the cookie; a signed-out request (the sign-in itself) needs an
 * equal cookie and header. A browser whose cookie is missing or belongs to another session gets
 * the right one with this answer, so its retry can succeed.
 */
export const xsrfProtection =
  (options: XsrfOptions): MiddlewareHandler =>
  async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    const sessionToken = c.req.header(HEADER.sessionToken);
    const expected = sessionToken ? sessionXsrfToken(options.secret, sessionToken) : undefined;
    const cookieFits = expected ? cookie !== undefined && same(cookie, expected) : cookie !== undefined;
    const refresh = () => {
      if (cookieFits) return;
      if (expected) setXsrfCookie(c, expected, options.secure);
      else issueAnonymousCookie(c, options.secure);
    };
    if (!SAFE_METHODS.has(c.req.method)) {
      const header = c.req.header(HEADER.xsrf);
      if (!cookie || !header || !same(cookie, header) || !cookieFits) {
        refresh();
        return c.json(failureBody(mismatch()), 403);
      }
    }
    await next();
    if (!c.res.headers.get('set-cookie')?.includes(`${XSRF_COOKIE}=`)) refresh();
  };
