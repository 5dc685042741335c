/**
 * The session test model (DESIGN.md §1): written from SPEC.md §2, §4 and §8, not imported
 * from src/machines/session.ts. Its states name what the user must see; its events name
 * what the user (or the server) does. The jsdom runner (tests/unit/session.model.test.tsx)
 * and the Chromium runner (tests/e2e/session.model.spec.ts) drive the real UI through it,
 * each supplying one assertion per state and one executor per event — the types below make
 * both runners complete.
 */
import { type AnyStateMachine, type AnyStateNode, type SnapshotFrom, setup } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/demo-users';

const agent = DEMO_USERS.find((u) => u.username === 'agent');
if (!agent) throw new Error('server/db/demo-users.ts has no agent');
const supervisor = DEMO_USERS.find((u) => u.username === 'network-supervisor');
if (!supervisor) throw new Error('server/db/demo-users.ts has no network-supervisor');

/** Who signs in along the model's paths (an agent: a short menu keeps every page load light). */
export const MODEL_USER = { username: agent.username, name: agent.name, password: DEMO_PASSWORD } as const;
/** Refused credentials: an unknown user, so no demo account ever gets locked by the model. */
export const MODEL_REFUSED = { username: 'nobody-at-all', password: 'not-the-password' } as const;
/**
 * Who signs in with two-factor on (issue 9): a user of the admin menu, where /two-factor is.
 * The runners turn it on for this user (and off again afterwards); no demo user has it by default.
 */
export const MODEL_TWO_FACTOR_USER = {
  username: supervisor.username,
  name: supervisor.name,
  password: DEMO_PASSWORD,
} as const;
/** A protected page the agent may open, with a query that must survive the trip through /login. */
export const MODEL_DEEP_LINK = '/reports/individual-transaction-report?from=2024-01-01';

export type SessionModelEvent =
  /** Submit the login form with both fields empty. */
  | { type: 'SUBMIT_EMPTY' }
  /** Submit credentials the API refuses. */
  | { type: 'SUBMIT_WRONG' }
  /** Submit MODEL_USER's credentials; the API's answer is held back until ANSWER. */
  | { type: 'SUBMIT_VALID' }
  /** The API answers the held login request. */
  | { type: 'ANSWER' }
  /** Reload the page (the browser's reload button). */
  | { type: 'RELOAD' }
  /** Open /login from the address bar. */
  | { type: 'VISIT_LOGIN' }
  /** Open MODEL_DEEP_LINK from the address bar. */
  | { type: 'VISIT_PROTECTED' }
  /** Click Logout in the header. */
  | { type: 'LOGOUT' }
  /** The server ends the session (revoked or timed out), then the page makes an API call. */
  | { type: 'EXPIRE' }
  /** Dismiss the session-expired snackbar. */
  | { type: 'DISMISS' }
  /** Submit MODEL_TWO_FACTOR_USER's right password: the code is asked next. */
  | { type: 'SUBMIT_TWO_FACTOR_USER' }
  /** Submit a code the API refuses. */
  | { type: 'SUBMIT_WRONG_CODE' }
  /** Submit a valid code: the authenticator app's current one, or an unused recovery code. */
  | { type: 'SUBMIT_CODE' }
  /** "Back to sign in" from the code step. */
  | { type: 'CANCEL_CODE' };

export const sessionModel = setup({
  types: { events: {} as SessionModelEvent },
}).createMachine({
  id: 'session',
  initial: 'signedOut',
  states: {
    /** /login without a redirect, empty form, no message, no snackbar, no stored session. */
    signedOut: {
      on: {
        SUBMIT_EMPTY: 'incomplete',
        SUBMIT_WRONG: 'rejected',
        SUBMIT_VALID: 'submitting',
        VISIT_PROTECTED: 'deepLink',
        SUBMIT_TWO_FACTOR_USER: 'codeAsked',
      },
    },
    /**
     * The code step in place of the password form: its heading, the code field focused, no
     * message; still on /login, no request to sign in yet answered with a session, nothing stored.
     */
    codeAsked: {
      on: { SUBMIT_WRONG_CODE: 'codeRefused', SUBMIT_CODE: 'signedInWithCode', CANCEL_CODE: 'signedOut' },
    },
    /** The API's message shown in the code step, which stays usable; nothing stored. */
    codeRefused: {
      on: { SUBMIT_CODE: 'signedInWithCode' },
    },
    /** The shell at / with MODEL_TWO_FACTOR_USER's name in the header; the user object is stored. */
    signedInWithCode: {
      on: { LOGOUT: 'signedOut' },
    },
    /** Both required-field messages, still on /login, no request sent. */
    incomplete: {
      on: { SUBMIT_WRONG: 'rejected', SUBMIT_VALID: 'submitting' },
    },
    /** The API's message shown in the form, still on /login, nothing stored. */
    rejected: {
      on: { SUBMIT_VALID: 'submitting' },
    },
    /** The request is in flight: the submit button is disabled and says so. */
    submitting: {
      on: { ANSWER: 'signedIn' },
    },
    /** The shell at / with the user's name in the header; the user object is stored. */
    signedIn: {
      on: {
        RELOAD: 'restored',
        VISIT_LOGIN: 'signedIn',
        LOGOUT: 'signedOut',
        EXPIRE: 'expired',
      },
    },
    /** After a reload the stored user is restored: the shell directly, never the login page. */
    restored: {
      on: { LOGOUT: 'signedOut', EXPIRE: 'expired' },
    },
    /**
     * The server's longMessage in a snackbar at the bottom centre that stays until dismissed;
     * back on /login; nothing stored.
     */
    expired: {
      on: { DISMISS: 'signedOut' },
    },
    /** A protected URL opened without a session: the guard sends the user through /login. */
    deepLink: {
      initial: 'loginShown',
      states: {
        /** /login?redirect=<the wanted page>, the form. */
        loginShown: { on: { SUBMIT_WRONG: 'rejected', SUBMIT_VALID: 'submitting' } },
        /** The API's message, and the wanted page is still remembered. */
        rejected: { on: { SUBMIT_VALID: 'submitting' } },
        /** In flight, the wanted page still remembered. */
        submitting: { on: { ANSWER: '#session.atTarget' } },
      },
    },
    /** Signed in on the wanted page (path and query), with the user's name in the header. */
    atTarget: {
      on: { RELOAD: 'atTarget', LOGOUT: 'signedOut' },
    },
  },
});

export type SessionModelSnapshot = SnapshotFrom<typeof sessionModel>;

/** Every leaf state, as `path.test({ states })` keys (parents matched by `snapshot.matches`). */
export const SESSION_MODEL_STATES = [
  'signedOut',
  'incomplete',
  'rejected',
  'submitting',
  'signedIn',
  'restored',
  'expired',
  'deepLink.loginShown',
  'deepLink.rejected',
  'deepLink.submitting',
  'atTarget',
  'codeAsked',
  'codeRefused',
  'signedInWithCode',
] as const;
export type SessionModelState = (typeof SESSION_MODEL_STATES)[number];

/** What a runner supplies: an assertion for every state and an executor for every event. */
export interface SessionModelRunner {
  states: Record<SessionModelState, () => Promise<void>>;
  events: Record<SessionModelEvent['type'], () => Promise<void>>;
}

/**
 * A vertex per (state, incoming transition), self-transitions included, so the shortest paths
 * to all vertices take every transition of the model at least once.
 */
export function createSessionTestModel() {
  return createTestModel(sessionModel, {
    serializeTransition: (_snapshot, event, previous) =>
      event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : '',
  });
}

export function sessionModelPaths(): TestPath<SessionModelSnapshot, SessionModelEvent>[] {
  return createSessionTestModel().getShortestPaths();
}

/** Runs one generated path against a runner. */
export function runPath(path: TestPath<SessionModelSnapshot, SessionModelEvent>, runner: SessionModelRunner) {
  return path.test({
    states: runner.states,
    events: Object.fromEntries(Object.entries(runner.events).map(([type, exec]) => [type, () => exec()])),
  });
}

// ---- Transition coverage (generic over any test model) ----

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

const key = (source: AnyStateNode, eventType: string, targets: readonly AnyStateNode[] | undefined) =>
  `${source.id} --${eventType}--> ${(targets ?? [source]).map((t) => t.id).join(',')}`;

/** Every transition written in the machine, as `source --EVENT--> target` (ids). */
export function transitionsOf(machine: AnyStateMachine): string[] {
  return allNodes(machine.root).flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, defs]) =>
      defs.map((def) => key(node, eventType, def.target as AnyStateNode[] | undefined)),
    ),
  );
}

/** The transitions the given paths take, in the same notation as transitionsOf. */
export function transitionsCoveredBy(
  paths: readonly { steps: readonly { event: { type: string }; state: unknown }[] }[],
): Set<string> {
  const covered = new Set<string>();
  for (const path of paths) {
    let previous: { _nodes: AnyStateNode[] } | undefined;
    for (const step of path.steps) {
      const next = step.state as { _nodes: AnyStateNode[] };
      if (previous) {
        // The deepest active node that handles the event took it (XState's selection order).
        const sources = [...previous._nodes].reverse();
        for (const source of sources) {
          const def = source.transitions
            .get(step.event.type)
            ?.find((d) => (d.target ?? [source]).every((t) => next._nodes.includes(t as AnyStateNode)));
          if (def) {
            covered.add(key(source, step.event.type, def.target as AnyStateNode[] | undefined));
            break;
          }
        }
      }
      previous = next;
    }
  }
  return covered;
}
