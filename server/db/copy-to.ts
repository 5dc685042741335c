import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './database';

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`No SQL literal for a ${typeof value} parameter`);
}

/**
 * The query's text with its parameters written in as literals: COPY takes no parameters. Our
 * queries put values only in parameters, never `$n` in their own text, so each `$n` is one.
 */
function inlineParameters(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`Parameter $${n} has no value`);
    return literal(params[index]);
  });
}

/** Bytes gathered before they are passed on: PostgreSQL sends one CopyData message per row. */
const BATCH_BYTES = 64 * 1024;

/**
 * `COPY … TO STDOUT` on a connection of its own, as a stream of the bytes PostgreSQL sends: the
 * driver hands each CopyData message here (a pg "submittable"), and a full stream pauses the
 * socket, so the server waits rather than memory filling up. Rows are gathered into 64 KiB
 * chunks: passed on one by one, a million rows cost a million trips through every stream after.
 */
class CopyOutStream extends Readable {
  private socket: { pause(): void; resume(): void } | null = null;
  private failed = false;
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private filled = 0;

  constructor(private readonly text: string) {
    super();
  }

  submit(connection: { query(text: string): void; stream: { pause(): void; resume(): void } }) {
    this.socket = connection.stream;
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }) {
    const { chunk } = message;
    if (this.filled + chunk.length > BATCH_BYTES) this.flush();
    // Copied: the chunk is a view of the driver's read buffer, which the next socket read reuses.
    if (chunk.length > BATCH_BYTES) this.pass(Buffer.from(chunk));
    else this.filled += chunk.copy(this.batch, this.filled);
  }

  handleError(error: Error) {
    this.failed = true;
    this.socket?.resume();
    this.destroy(error);
  }

  handleReadyForQuery() {
    if (this.failed) return;
    this.flush();
    this.push(null);
    // The last rows may have filled the stream and paused the socket: the connection goes back
    // to the pool, and a paused socket would leave its next query waiting for ever.
    this.socket?.resume();
  }

  handleCommandComplete() {}
  handleEmptyQuery() {}

  override _read() {
    this.socket?.resume();
  }

  private flush() {
    if (this.filled === 0) return;
    const full = this.batch.subarray(0, this.filled);
    this.batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.filled = 0;
    this.pass(full);
  }

  private pass(bytes: Buffer) {
    if (!this.push(bytes)) this.socket?.pause();
  }
}

function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

function pgliteClient(db: Db): PGlite | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** True on PostgreSQL, where one COPY streams the whole result; PGlite copies into memory. */
export function copyStreams(db: Db): boolean {
  return postgresPool(db) !== null;
}

/**
 * PostgreSQL: the query's rows in COPY's text format, streamed from a connection taken from
 * the pool for it and returned when the stream ends (closed instead if it ended half way, since
 * it may still be sending).
 */
export async function copyOut(db: Db, query: SQL): Promise<Readable> {
  const pool = postgresPool(db);
  if (!pool) throw new Error('copyOut needs PostgreSQL; on PGlite use copyToBuffer');
  const client = await pool.connect();
  const stream = client.query(new CopyOutStream(`COPY (${inlineParameters(query)}) TO STDOUT`) as never) as Readable;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error ?? false);
  };
  stream.once('end', () => release());
  stream.once('close', () => release(stream.readableEnded ? undefined : new Error('COPY stopped early')));
  return stream;
}

/** PGlite: the query's rows in COPY's text format, all at once (keep the query's result small). */
export async function copyToBuffer(db: Db, query: SQL): Promise<Buffer> {
  const client = pgliteClient(db);
  if (!client) throw new Error('copyToBuffer needs PGlite');
  const result = await client.query(`COPY (${inlineParameters(query)}) TO '/dev/blob'`);
  return result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
}
