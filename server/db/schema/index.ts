/**
 * The database schema, one module per domain; importing `db/schema` gives every table, as
 * drizzle-kit and the queries expect.
 */
export * from './core';
export * from './identity';
export * from './ledger';
export * from './transfers';
export * from './reports';
export * from './kyc';
export * from './bulk';
export * from './settings';
export * from './changes';
export * from './presence';
