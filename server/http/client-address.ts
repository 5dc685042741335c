import type { Context } from 'hono';
import { nodeIncoming } from './node-incoming';

/**
 * The client's address: the socket's, or, behind `hops` trusted proxies (TRUST_PROXY_HOPS), the
 * one the outermost of them appended to X-Forwarded-For. Entries further left are whatever the
 * client wrote and are never believed. Null when the request came through no socket (in-process).
 */
export function clientAddress(c: Context, hops: number): string | null {
  const socket = nodeIncoming(c)?.socket?.remoteAddress ?? null;
  if (hops === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - hops] ?? socket;
}
