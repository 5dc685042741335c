import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { GroupIdSetName } from '../contract/groups';

/** The demo's seed when DEMO_SEED is unset: the demo data (and its withdrawal codes) the README shows. */
export const DEFAULT_DEMO_SEED = 20231;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  NODE_ENV: z.string().default('development'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(8),
  // Sign-in throttling (auth/throttle.ts): failures allowed before each further attempt waits,
  // for an address failing at one username and for an address across usernames; the longest
  // wait of each; how long a failure is remembered.
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(60),
  LOGIN_ADDRESS_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  // How many reverse proxies in front of the server append to X-Forwarded-For; 0 (the default)
  // ignores the header and takes the socket's address, which a client cannot forge.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // "false" selects the alternate group-id set (decision 005); anything else keeps the primary one.
  GROUP_IDS_PRIMARY: z.string().optional(),
  DEMO_SEED: z.coerce.number().int().default(DEFAULT_DEMO_SEED),
  DEMO_SIZE: z.enum(['small', 'default', 'large']).default('default'),
  STATIC_DIR: z.string().default('./dist'),
  // Finished exports (their files are in the database) are deleted this long after they finish.
  EXPORT_RETENTION_HOURS: z.coerce.number().positive().default(24),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  // Prometheus metrics on a port of their own (never exposed by the load balancer); unset: none.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Money movement (integer XOF). Above the threshold every flow waits for a checker, whatever
  // its own rule.
  APPROVAL_THRESHOLD_XOF: z.coerce.number().int().nonnegative().default(1_000_000),
  // How long any request waits for a second person (a transfer, a bulk batch, a chargeback, a
  // wallet change, an administrative change) before it expires undecided (decision 034).
  APPROVAL_TTL_HOURS: z.coerce.number().positive().default(24),
  // What one customer wallet may send out (amounts and fees) in a calendar day (UTC, Dakar's time).
  CUSTOMER_DAILY_LIMIT_XOF: z.coerce.number().int().positive().default(2_000_000),
  // The largest single movement any flow accepts; the fee schedule may narrow it per flow.
  MAX_TRANSFER_XOF: z.coerce.number().int().positive().max(1_000_000_000_000).default(50_000_000),
  // The largest KYC document (ID photo, selfie, PDF) an upload may carry, in bytes.
  MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  // Encrypts two-factor secrets at rest (aes-256-gcm): 32 bytes as 64 hex digits. Outside
  // production a fixed development key stands in; production refuses it, like the demo password.
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'Use 64 hexadecimal digits (32 random bytes)')
    .optional(),
  // Signs each session's XSRF token (an HMAC of the session): 32 bytes as 64 hex digits, the same
  // on every replica. Outside production a fixed development key stands in; production without
  // it uses a random key per process (a single replica works; several need the variable).
  XSRF_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'Use 64 hexadecimal digits (32 random bytes)')
    .optional(),
  TWO_FACTOR_ISSUER: z.string().trim().min(1).max(60).default('Wallet Back-office'),
});

/** The development stand-in for TWO_FACTOR_KEY: public, so production never accepts it. */
export const DEV_TWO_FACTOR_KEY = createHash('sha256').update('wallet-backoffice development two-factor key').digest();

/** The development stand-in for XSRF_SECRET: public, so production never uses it. */
const DEV_XSRF_SECRET = createHash('sha256').update('wallet-backoffice development xsrf secret').digest();

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  session: { idleMs: number; absoluteMs: number };
  login: LoginThrottleSettings;
  trustProxyHops: number;
  demo: { seed: number; size: 'small' | 'default' | 'large'; passwordAllowed: boolean };
  staticDir: string;
  /** How long a finished report export (its file included) is kept for download. */
  exportRetentionMs: number;
  logLevel: 'silent' | 'error' | 'info';
  /** The active group-id set: which ids users carry, and which transaction codes postings store. */
  groupIdSet: GroupIdSetName;
  /** Where /metrics is served, or null for no metrics. */
  metricsPort: number | null;
  transfers: TransferSettings;
  kyc: { maxDocumentBytes: number };
  /** key: null in production without TWO_FACTOR_KEY: two-factor sign-in answers 503 until it is set. */
  twoFactor: { key: Buffer | null; issuer: string };
  /** Binds XSRF tokens to sessions (server/http/xsrf.ts). */
  xsrfSecret: Buffer;
}

export interface LoginThrottleSettings {
  /** For one address failing at one username, counting the username's failures from everywhere. */
  user: { freeFailures: number; maxDelayMs: number };
  address: { freeFailures: number; maxDelayMs: number };
  windowMs: number;
}

export interface TransferSettings {
  approvalThreshold: number;
  /** The lifetime of every waiting request, not only of transfers (resources/inbox/expiry.ts). */
  approvalTtlMs: number;
  customerDailyLimit: number;
  maxAmount: number;
  /** Picks each flow's transaction code (contract/transfers.ts `codes`). */
  groupIdSet: GroupIdSetName;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (a shell or CI often exports blanks).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const groupIdSet: GroupIdSetName = e.GROUP_IDS_PRIMARY === 'false' ? 'alternate' : 'primary';
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    production,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    login: {
      user: { freeFailures: e.LOGIN_MAX_FAILURES, maxDelayMs: e.LOGIN_MAX_DELAY_SECONDS * 1000 },
      address: { freeFailures: e.LOGIN_ADDRESS_MAX_FAILURES, maxDelayMs: e.LOGIN_ADDRESS_MAX_DELAY_SECONDS * 1000 },
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    demo: { seed: e.DEMO_SEED, size: e.DEMO_SIZE, passwordAllowed: !production },
    staticDir: resolve(e.STATIC_DIR),
    exportRetentionMs: e.EXPORT_RETENTION_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    groupIdSet,
    metricsPort: e.METRICS_PORT ?? null,
    transfers: {
      approvalThreshold: e.APPROVAL_THRESHOLD_XOF,
      approvalTtlMs: e.APPROVAL_TTL_HOURS * 3_600_000,
      customerDailyLimit: e.CUSTOMER_DAILY_LIMIT_XOF,
      maxAmount: e.MAX_TRANSFER_XOF,
      groupIdSet,
    },
    kyc: { maxDocumentBytes: e.MAX_DOCUMENT_BYTES },
    twoFactor: { key: twoFactorKey(e.TWO_FACTOR_KEY, production), issuer: e.TWO_FACTOR_ISSUER },
    xsrfSecret: e.XSRF_SECRET ? Buffer.from(e.XSRF_SECRET, 'hex') : production ? randomBytes(32) : DEV_XSRF_SECRET,
  };
}

function twoFactorKey(hex: string | undefined, production: boolean): Buffer | null {
  const key = hex ? Buffer.from(hex, 'hex') : DEV_TWO_FACTOR_KEY;
  if (production && key.equals(DEV_TWO_FACTOR_KEY)) return null;
  return key;
}
