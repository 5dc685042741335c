import type { MiddlewareHandler } from 'hono';

/** No inline script anywhere: the built dashboard loads only hashed files from this origin. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with style attributes; no inline <script> is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // No frames of our own: KYC PDFs are only downloads (docs/security.md).
  "frame-src 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, the subdomains too: browsers then refuse plain HTTP to this host outright. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** HSTS only in production: a development server on plain http://localhost must stay reachable. */
export const securityHeaders =
  (options: { production: boolean }): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (options.production) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    // A route may set a stricter policy of its own (a KYC document's sandbox); it stays.
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };

/**
 * API answers hold session tokens and personal data (national IDs, addresses, balances): no
 * browser or proxy cache may keep them. The few public answers that may be cached (banners and
 * their images) set their own Cache-Control, which is left as it is.
 */
export const apiNoStore = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};
