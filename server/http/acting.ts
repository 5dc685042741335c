import type { Context } from 'hono';
import type { AppEnv } from './env';

/**
 * Who acts, through which channel, in which request and when: what the ledger records with every
 * money movement and decision made through the API.
 */
export const acting = (c: Context<AppEnv>) => ({
  caller: c.get('user'),
  channel: c.get('channel'),
  requestId: c.get('requestId') ?? null,
  now: c.get('deps').clock.now(),
});
