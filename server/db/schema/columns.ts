import { sql } from 'drizzle-orm';
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers the tables of several domains share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Raw bytes: KYC documents and export files live in the database, so both engines back them up
 * with the rest. Written as base64 text the database decodes: PGlite turns a binary parameter
 * into text byte by byte in JavaScript, about 200 ms per megabyte against 15 this way, and
 * PostgreSQL receives a third less than the hex text node-postgres would send.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) =>
    sql`decode(${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')}, 'base64')`,
});

/**
 * Who runs a background job and until when (server/jobs/lease.ts): a server that stops
 * renewing its lease loses the job to another one.
 */
export const leaseColumns = () => ({
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
