/**
 * `npm run user:create -- --username <name> --group <group> [--name "Full Name"] [--bank <id|code>]
 * [--profile <profile>] [--phone <phone>] [--email <email>]`: creates a staff user on the server's database (the same
 * DATABASE_URL or DATA_DIR) and prints its one-time password once. A bank user's profile
 * (Teller, Checker, Bridge, Bridge Checker: contract/staff-users.ts) is what its menu follows.
 * With PGlite, stop the server first: one data directory takes one process at a time.
 */
import { parseArgs } from 'node:util';
import { GROUP_KEYS, groupIdTable } from '../../contract/groups';
import { BANK_PROFILES } from '../../contract/staff-users';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { seedProduction } from '../db/seed-production';
import { CreateUserError, createUserWithOneTimePassword, resolveGroup } from '../domain/users/create-user';

const USAGE = `Usage: npm run user:create -- --username <name> --group <group> [--name "Full Name"] [--bank <id|code>] [--profile <profile>] [--phone <phone>] [--email <email>]
Groups: ${GROUP_KEYS.join(', ')}
Bank profiles: ${BANK_PROFILES.join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = readArgs();
function readArgs() {
  try {
    return parseArgs({
      options: {
        username: { type: 'string' },
        group: { type: 'string' },
        name: { type: 'string' },
        bank: { type: 'string' },
        profile: { type: 'string' },
        phone: { type: 'string' },
        email: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.username || !args.group) fail(`--username and --group are required.\n${USAGE}`);

const groupIds = groupIdTable({ usePrimary: process.env.GROUP_IDS_PRIMARY !== 'false' });
// Refused before the database is opened: a typo answers at once.
try {
  resolveGroup(args.group, groupIds);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await handle.migrate();
  // A production database may be prepared by this command before the server's first start.
  if (config.production) await seedProduction(handle.db, new Date());
  const user = await createUserWithOneTimePassword(
    handle.db,
    {
      username: args.username,
      group: args.group,
      name: args.name,
      bank: args.bank,
      profile: args.profile,
      phone: args.phone,
      email: args.email,
    },
    {
      groupIds,
      channel: 'cli',
      actorUserId: null,
      now: new Date(),
    },
  );
  process.stdout.write(
    [
      `Created user "${user.username}" (id ${user.id}, group ${user.group}) on ${handle.engine} (${handle.location}).`,
      `One-time password (shown once, give it to the user in person): ${user.oneTimePassword}`,
      'At first sign-in they must choose a password of their own.',
      '',
    ].join('\n'),
  );
  await handle.close();
} catch (error) {
  await handle.close();
  if (error instanceof CreateUserError) fail(error.message);
  throw error;
}
