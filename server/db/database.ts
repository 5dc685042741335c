import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../http/logger';
import { listenOnChannel } from './notification-listener';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type the app sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up banner (no credentials). */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for its metrics; null on PGlite (one connection). */
  pool: pg.Pool | null;
  /**
   * Hears the notifications committed on `channel` (`pg_notify`), by this server or, on
   * PostgreSQL, any other; `onMissed` when some may have been lost (a dropped connection).
   */
  listen(channel: string, handlers: ChannelHandlers): ChannelListener;
}

interface ChannelHandlers {
  logger: Logger;
  onMessage: (payload: string) => void;
  onMissed: () => void;
}

interface ChannelListener {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL extensions the migrations create (trigram search, migration 0012; names
 * searched without their accents, migration 0018): PGlite loads an extension only when it is
 * given to the constructor, so every `new PGlite` takes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseSource = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite; location?: string };

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if ('databaseUrl' in source) {
    const pool = new pg.Pool({ connectionString: source.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = new URL(source.databaseUrl);
    return {
      db,
      engine: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
      pool,
      listen: (channel, handlers) => listenOnChannel({ databaseUrl: source.databaseUrl, channel, ...handlers }),
    };
  }
  let client: PGlite;
  let location: string;
  if ('pglite' in source) {
    client = source.pglite;
    location = source.location ?? 'memory';
  } else {
    mkdirSync(source.dataDir, { recursive: true });
    client = new PGlite(source.dataDir, { extensions: PGLITE_EXTENSIONS });
    location = source.dataDir;
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    engine: 'pglite',
    location,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    pool: null,
    listen: (channel, handlers) => {
      // One process holds a PGlite database: no connection of its own to lose.
      const unlisten = client.listen(channel, handlers.onMessage);
      return {
        ready: unlisten.then(() => undefined),
        close: async () => (await unlisten)(),
      };
    },
  };
}
