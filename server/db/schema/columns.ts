import { customType, text, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers the tables of several domains share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Raw bytes: KYC documents live in the database, so both engines back them up with the rest. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Who runs a background job and until when (server/jobs/lease.ts): a server that stops
 * renewing its lease loses the job to another one.
 */
export const leaseColumns = () => ({
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
