import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { failureBody } from './envelope';
import { ApiError } from '../lib/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function issueXsrfCookie(c: Context, secure: boolean): string {
  const token = randomBytes(24).toString('base64url');
  // Readable by the page (double-submit); Strict so no other site can send it along.
  setCookie(c, XSRF_COOKIE, token, { path: '/', sameSite: 'Strict', secure, httpOnly: false });
  return token;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit check (docs/decisions/007-xsrf-cookie.md): a browser without the cookie gets one on its first
 * response, so even the login request is protected; a state-changing request whose
 * header and cookie differ or are missing is refused with 403.
 */
export const xsrfProtection =
  (options: { secure: boolean }): MiddlewareHandler =>
  async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    if (!SAFE_METHODS.has(c.req.method)) {
      const header = c.req.header(HEADER.xsrf);
      if (!cookie || !header || !same(cookie, header)) {
        // A browser refused for lacking the cookie gets one here, so its retry can succeed.
        if (!cookie) issueXsrfCookie(c, options.secure);
        const error = new ApiError(
          403,
          'XSRF_MISMATCH',
          'Request refused',
          'This request could not be verified. Reload the page and try again.',
        );
        return c.json(failureBody(error), 403);
      }
    }
    await next();
    if (!cookie && !c.res.headers.get('set-cookie')?.includes(`${XSRF_COOKIE}=`)) {
      issueXsrfCookie(c, options.secure);
    }
  };
