/** Who the path tests sign in as: demo users of server/db/demo-users.ts. */
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/demo-users';

const agent = DEMO_USERS.find((u) => u.username === 'agent');
if (!agent) throw new Error('server/db/demo-users.ts has no agent');
const supervisor = DEMO_USERS.find((u) => u.username === 'network-supervisor');
if (!supervisor) throw new Error('server/db/demo-users.ts has no network-supervisor');

/** An agent: a short menu keeps every page load light. */
export const MODEL_USER = { username: agent.username, name: agent.name, password: DEMO_PASSWORD } as const;
/** Refused credentials: an unknown user, so no demo account ever gets locked by the paths. */
export const MODEL_REFUSED = { username: 'nobody-at-all', password: 'not-the-password', name: '' } as const;
/**
 * Who signs in with two-factor on: a user of the admin menu, where /two-factor is. The runners
 * turn it on for this user (and off again afterwards); no demo user has it by default.
 */
export const MODEL_TWO_FACTOR_USER = {
  username: supervisor.username,
  name: supervisor.name,
  password: DEMO_PASSWORD,
} as const;
/** A protected page the agent may open, with a query that must survive the trip through /login. */
export const MODEL_DEEP_LINK = '/reports/individual-transaction-report?from=2024-01-01';

/**
 * A user made with `npm run user:create`: signed in with the one-time password, they must set
 * a password of their own first. An agent, like MODEL_USER, for a light menu.
 */
export const MODEL_ONE_TIME_USER = {
  username: 'first-agent',
  name: 'Ndeye Agent',
  password: 'k7m2-9qx4-ab3d-efgh',
  newPassword: 'Baobab-Tiled-Ferry-42',
} as const;
