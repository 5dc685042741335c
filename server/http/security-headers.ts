import type { MiddlewareHandler } from 'hono';

/** No inline script anywhere: the built dashboard loads only hashed files from this origin. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with style attributes; no inline <script> is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // KYC documents are fetched with the session header and shown from blob URLs: PDFs in a frame.
  "frame-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
};
