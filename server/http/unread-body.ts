import type { MiddlewareHandler } from 'hono';
import { nodeIncoming } from './node-incoming';

/**
 * A request refused before its body was read (a 413 from its Content-Length, a 401 or 403 before
 * the route read anything) leaves that body on the connection. The Node adapter drains it for a
 * moment and then drops the socket, so a client that reused the connection after an answer
 * saying keep-alive would see its next request fail. Saying `Connection: close` makes it open a
 * new one.
 */
export const closeAfterUnreadBody = (): MiddlewareHandler => async (c, next) => {
  await next();
  const incoming = nodeIncoming(c);
  if (!incoming || incoming.readableEnded) return;
  const length = Number(incoming.headers['content-length'] ?? 0);
  const hasBody = length > 0 || incoming.headers['transfer-encoding'] !== undefined;
  if (hasBody) c.header('Connection', 'close');
};
