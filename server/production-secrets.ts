import { DEV_TWO_FACTOR_KEY } from './config';

/**
 * What a production start must be given (docs/security.md). Outside production public
 * development keys stand in; in production a missing one would mean XSRF tokens that die with
 * the process (and differ between replicas) or two-factor sign-in answering 503, so the server
 * refuses to start instead and names what is missing.
 */
const PRODUCTION_SECRETS = [
  { name: 'XSRF_SECRET', why: 'signs each session’s anti-forgery token; the same on every replica' },
  { name: 'TWO_FACTOR_KEY', why: 'encrypts two-factor secrets at rest' },
] as const;

const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/;

/** One line per missing or unusable secret; empty when production may start. */
export function productionSecretProblems(env: Record<string, string | undefined>): string[] {
  return PRODUCTION_SECRETS.flatMap(({ name, why }) => {
    const value = env[name]?.trim();
    if (!value) return [`${name} is not set (${why}).`];
    if (!HEX_32_BYTES.test(value)) return [`${name} must be 64 hexadecimal digits (32 random bytes).`];
    if (name === 'TWO_FACTOR_KEY' && Buffer.from(value, 'hex').equals(DEV_TWO_FACTOR_KEY)) {
      return [`${name} is the public development key; make a key of your own.`];
    }
    return [];
  });
}

/** The message a refused production start prints: what is missing and how to make it. */
export function productionSecretsMessage(problems: readonly string[]): string {
  return [
    '',
    '  Refusing to start with NODE_ENV=production:',
    ...problems.map((p) => `    - ${p}`),
    "  Make each key with: node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\"",
    '',
  ].join('\n');
}
