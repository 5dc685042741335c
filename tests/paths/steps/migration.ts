/**
 * The step table of /migration's flow and history (the graph is migrationGraph in
 * tests/paths/machines/queues.ts), run in jsdom by tests/unit/migration.paths.test.tsx over a
 * small stateful fake server. The wallet's lookup, the request and every history load are held
 * by the runner (`hold`: the history, the pending list and the request share one address) until
 * the path says how they end. Which wallet is typed follows how its lookup ends; the phone taken
 * is refused by the fake server itself; only server errors are answered in its place. A decision
 * is taken in the list of wallet changes above, on the wallet in view or another one.
 */
import { REASON_MIN } from '../../../contract/reasons';
import { en, said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';

const M = en.migration;
const SERVER_FAILURE = 'Something went wrong on our side.';
const SERVER_ERROR: HeldAnswer = {
  status: 500,
  body: {
    status: false,
    errors: [{ code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: SERVER_FAILURE }],
  },
};

const NOT_FOUND_MESSAGE = 'No wallet has this number.';
const NOT_FOUND: HeldAnswer = {
  status: 404,
  body: {
    status: false,
    errors: [{ code: 'ACCOUNT_NOT_FOUND', shortMessage: 'Not found', longMessage: NOT_FOUND_MESSAGE }],
  },
};

type Held = 'history' | 'find' | 'request';

/** What only the runner knows: who migrates, the wallets the server knows, how it holds. */
export interface MigrationWorld {
  user: string;
  /** The wallet that is found, and another whose change waits for a decision on the first page. */
  wallet: string;
  other: string;
  /** A new phone no account uses, and one another account uses (with the server's words). */
  freePhone: string;
  takenPhone: { phone: string; message: string };
  hold(kind: Held): HeldRequest;
  /** How many migrations the page has asked for. */
  requested(): number;
}

/** Each whole form the graph names (by its reason), as typed. */
const FORMS = {
  valid: { reason: 'Lost the SIM card', taken: false },
  'phone taken': { reason: 'Moved to a new operator', taken: true },
  invalid: { reason: 'x', taken: false },
} as const;

const MAIN: Target = { role: 'main' };
const label = (text: string) => new RegExp(`^${text}`);
const TERM: Target = { label: label(M.find.label), in: MAIN };
const REASON: Target = { label: label(M.form.reason), in: MAIN };
const HISTORY_PAGER: Target = { role: 'navigation', name: M.history.pages, in: MAIN };

export function migrationSteps(driver: Driver, world: MigrationWorld): PathSteps {
  let history: HeldRequest[] = [];
  let held: HeldRequest | undefined;
  /** What the user expects on screen, from the steps taken so far. */
  let walletShown = false;
  let invalid = false;
  let findFailure: string | null = null;
  let typed: keyof typeof FORMS | null = null;
  let typeKind = false;
  let reviewRefused = false;
  let fieldRefusal: string | null = null;
  let reviewFailure: string | null = null;
  let historyPage = 1;
  let requestedBefore = 0;

  async function holdingHistory(cause: () => Promise<void>) {
    const request = world.hold('history');
    history.push(request);
    await cause();
    await request.reached;
  }
  async function releaseHistory(answer?: HeldAnswer) {
    const requests = history;
    history = [];
    for (const request of requests) await request.release(answer);
  }
  async function release(answer?: HeldAnswer) {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }
  const freshForm = () => {
    typed = null;
    typeKind = false;
    reviewRefused = false;
    fieldRefusal = null;
    reviewFailure = null;
  };

  return {
    async start() {
      history = [];
      held = undefined;
      walletShown = false;
      invalid = false;
      findFailure = null;
      freshForm();
      historyPage = 1;
      await holdingHistory(() => driver.open(world.user, '/migration'));
    },
    states: {
      async 'flow.finding'() {
        await driver.expectVisible(TERM);
        await driver.expectAbsent({ role: 'button', name: M.find.change, in: MAIN });
        const problem: Target = { text: M.find.invalid, in: MAIN };
        if (invalid) await driver.expectVisible(problem);
        else await driver.expectAbsent(problem);
        const failure: Target = { text: findFailure ?? '', in: MAIN };
        if (findFailure) await driver.expectVisible(failure);
      },
      async 'flow.looking'() {
        await driver.expectVisible({ role: 'button', name: M.find.searching, in: MAIN });
      },
      async 'flow.ready.editing'() {
        await driver.expectVisible({ role: 'heading', name: M.form.title, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.find.change, in: MAIN });
        // The account type asks for the business instead of a phone.
        if (typeKind) await driver.expectVisible({ label: label(M.form.businessName), in: MAIN });
        else await driver.expectValue(REASON, typed ? FORMS[typed].reason : '');
        if (reviewRefused && typed === 'invalid') {
          await driver.expectVisible({ text: said(M.errors.reason, { min: REASON_MIN }), in: MAIN });
        }
        if (reviewRefused && typeKind) await driver.expectVisible({ text: M.errors.businessName, in: MAIN });
        if (fieldRefusal) await driver.expectVisible({ text: fieldRefusal, in: MAIN });
      },
      async 'flow.ready.reviewing'() {
        await driver.expectVisible({ role: 'heading', name: M.review.title, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.review.confirm, in: MAIN });
        if (reviewFailure) await driver.expectVisible({ text: reviewFailure, in: MAIN });
      },
      async 'flow.ready.submitting'() {
        await driver.expectVisible({ role: 'button', name: M.review.confirming, in: MAIN });
        if (world.requested() !== requestedBefore + 1) throw new Error('Not exactly one migration was asked for');
      },
      async 'flow.done'() {
        await driver.expectVisible({ role: 'heading', name: M.done.title, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.done.another, in: MAIN });
      },
      async 'history.loading'() {
        await driver.expectVisible({ text: M.history.loading, in: MAIN });
      },
      async 'history.ready'() {
        await driver.expectAbsent({ text: M.history.loading, in: MAIN });
        await driver.expectAbsent({ text: M.history.failed, in: MAIN });
        const heading = walletShown ? said(M.history.title, { number: world.wallet }) : M.history.recent;
        await driver.expectVisible({ role: 'heading', name: heading, in: MAIN });
        if (!walletShown) {
          await driver.expectText(HISTORY_PAGER, said(M.history.page, { page: historyPage, pages: 2 }));
        }
      },
      async 'history.failed'() {
        await driver.expectVisible({ text: M.history.failed, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.history.retry, in: MAIN });
      },
    },
    events: {
      async 'wallet.find'({ step }) {
        const term = step.label === 'unreadable' ? 'hello' : world.wallet;
        await driver.fill(TERM, term);
        const find = () => driver.click({ role: 'button', name: M.find.button, in: MAIN });
        findFailure = null;
        if (step.states.includes('flow.looking')) {
          held = world.hold('find');
          await find();
          await held.reached;
          invalid = false;
        } else {
          await find();
          invalid = true;
        }
      },
      async 'findWallet.done'() {
        await holdingHistory(() => release());
        walletShown = true;
        invalid = false;
        freshForm();
      },
      async 'findWallet.error'() {
        // The lookup may end after other steps: the wallet typed is found, so its absence is answered here.
        await release(NOT_FOUND);
        findFailure = NOT_FOUND_MESSAGE;
      },
      async 'kind.change'() {
        await driver.click({ role: 'radio', name: label(M.form.kinds.type) });
        typeKind = true;
      },
      async 'field.change'({ step }) {
        const name = step.label as keyof typeof FORMS;
        const form = FORMS[name];
        await driver.fill(
          { label: label(M.form.newPhone), in: MAIN },
          form.taken ? world.takenPhone.phone : world.freePhone,
        );
        await driver.fill(REASON, form.reason);
        typed = name;
      },
      async 'migration.review'({ step }) {
        await driver.click({ role: 'button', name: M.form.review, in: MAIN });
        reviewRefused = step.states.includes('flow.ready.editing');
        reviewFailure = null;
      },
      async 'migration.back'() {
        await driver.click({ role: 'button', name: M.review.back, in: MAIN });
        reviewFailure = null;
      },
      async 'migration.confirm'() {
        requestedBefore = world.requested();
        held = world.hold('request');
        await driver.click({ role: 'button', name: M.review.confirm, in: MAIN });
        await held.reached;
        reviewFailure = null;
      },
      async 'migrateWallet.done'() {
        await holdingHistory(() => release());
      },
      async 'migrateWallet.error'({ step }) {
        if (step.label === 'phone taken') {
          await release();
          fieldRefusal = world.takenPhone.message;
        } else {
          await release(SERVER_ERROR);
          reviewFailure = SERVER_FAILURE;
        }
      },
      async 'migration.another'() {
        await holdingHistory(() => driver.click({ role: 'button', name: M.done.another, in: MAIN }));
        walletShown = false;
        freshForm();
        historyPage = 1;
      },
      async 'wallet.change'() {
        await holdingHistory(() => driver.click({ role: 'button', name: M.find.change, in: MAIN }));
        walletShown = false;
        freshForm();
        historyPage = 1;
      },
      async 'history.page'() {
        await holdingHistory(() => driver.click({ role: 'button', name: M.history.next, in: HISTORY_PAGER }));
        historyPage = 2;
      },
      async 'history.retry'() {
        await holdingHistory(() => driver.click({ role: 'button', name: M.history.retry, in: MAIN }));
      },
      async 'listHistory.done'() {
        await releaseHistory();
      },
      async 'listHistory.error'() {
        await releaseHistory(SERVER_ERROR);
      },
      async 'wallet.decided'({ step }) {
        const number = step.label === 'the wallet in view' ? world.wallet : world.other;
        await driver.click({ role: 'button', name: said(M.decisions.approveNamed, { number }) });
        await holdingHistory(() =>
          driver.click({ role: 'button', name: M.decisions.confirmApprove, in: { role: 'dialog' } }),
        );
        await driver.expectVisible({ testId: 'migration-decision-outcome' });
        // The history shows its first page again.
        historyPage = 1;
      },
    },
  };
}
