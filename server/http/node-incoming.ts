import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

interface NodeBindings {
  incoming?: IncomingMessage;
  server?: NodeBindings;
}

/** The Node request under a Hono request, or null when it came through no socket (in-process). */
export function nodeIncoming(c: Context): IncomingMessage | null {
  const bindings = c.env as NodeBindings | undefined;
  return (bindings?.server ?? bindings)?.incoming ?? null;
}
