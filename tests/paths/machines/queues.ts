/**
 * Graphs of the chargeback and wallet-migration pages' machines and of the student onboarding:
 * two checker queues (src/ui/list/checker-queue.ts) like the approvals' and the forms beside
 * them. What each step means on screen is in the step tables (tests/paths/steps/).
 */
import { ApiRequestError } from '../../../src/api/client';
import { askMachine } from '../../../src/features/chargebacks/ask-machine';
import { chargebackListMachine } from '../../../src/features/chargebacks/list-machine';
import { migrationDecisionMachine } from '../../../src/features/migration/decision-machine';
import { migrationMachine } from '../../../src/features/migration/migration-machine';
import { onboardMachine } from '../../../src/features/students/onboard-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const SERVER_ERROR = { label: 'server error', error: apiError(500, 'SERVER_ERROR') };

/**
 * What changes the list: taken before a decision, not again beside its outcome (the paths to an
 * outcome are long, and these do the same with it or without).
 */
const LIST_CHANGES: readonly string[] = [
  'filters.change',
  'page.change',
  'pageSize.change',
  'list.reload',
  'list.retry',
];

/** The id of the chargeback the graph decides: the first the checker may decide. */
const CHARGEBACK_ID = 1;

export const chargebackListGraph: MachineGraph<typeof chargebackListMachine> = {
  id: 'chargebackList',
  machine: chargebackListMachine,
  guardsBothWays: true,
  // Whether a decision's outcome is on screen (it stays while the list loads again, or fails to).
  context: (c) => c.outcome !== null,
  filter: (snapshot, name) => {
    // "Dismiss" belongs to the outcome, shown only when there is one.
    if (name === 'outcome.dismiss') return snapshot.context.outcome !== null;
    return snapshot.context.outcome === null || !LIST_CHANGES.includes(name);
  },
  variants: (snapshot) => ({
    'listRows.done': [
      {
        label: 'a page of many',
        output: { rows: [{ id: CHARGEBACK_ID, canDecide: true }], total: 12, page: 1, pageSize: 10 },
      },
    ],
    'listRows.error': [SERVER_ERROR],
    'list.retry': [{ label: 'retry' }],
    // A chargeback asked for above the list.
    'list.reload': [{ label: 'asked above' }],
    'filters.change': [{ label: 'every status', filters: { status: '' } }],
    'page.change': [{ label: 'next page', page: 2 }],
    // Only rows the checker may decide have the buttons.
    'decision.start': [
      { label: 'approve', decision: 'approve', ids: [CHARGEBACK_ID], scope: 'row' },
      { label: 'reject', decision: 'reject', ids: [CHARGEBACK_ID], scope: 'row' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'Paid twice by mistake' }],
    'decision.cancel': [{ label: 'cancel' }],
    'decision.confirm': [{ label: 'confirm' }],
    'decideRows.done': [
      {
        label: 'decided',
        output: {
          original: { reference: 'TR26112200000001' },
          reversalReference: snapshot.context.pending?.decision === 'approve' ? 'CB26112200000001' : null,
        },
      },
    ],
    'decideRows.error': [{ label: 'refused', error: apiError(409, 'CHARGEBACK_INSUFFICIENT_FUNDS') }],
    'outcome.dismiss': [{ label: 'dismiss' }],
  }),
};

/** The pending wallet changes' page size: the fake server has more, so the pager shows. */
const MIGRATION_PAGE_SIZE = 10;

export const migrationDecisionsGraph: MachineGraph<typeof migrationDecisionMachine> = {
  id: 'migrationDecisions',
  machine: migrationDecisionMachine,
  guardsBothWays: true,
  context: (c) => c.outcome !== null,
  filter: (snapshot, name) => {
    const { context } = snapshot;
    if (name === 'outcome.dismiss') return context.outcome !== null;
    if (context.outcome !== null && LIST_CHANGES.includes(name)) return false;
    // The pager shows beside rows when one page does not hold them all: at the first page size.
    if (name === 'pageSize.change') return context.page !== null && context.query.pageSize === MIGRATION_PAGE_SIZE;
    if (name === 'page.change') return context.query.pageSize === MIGRATION_PAGE_SIZE && context.query.page === 1;
    // Cancel after a refusal also reloads the list (it is out of date): two events, left to the plain tests.
    if (name === 'decision.cancel') return context.decisionFailure === null;
    return true;
  },
  variants: (snapshot) => ({
    'listRows.done': [
      {
        label: 'more than a page',
        output: { rows: [{ id: 1, canDecide: true }], total: 13, page: 1, pageSize: MIGRATION_PAGE_SIZE },
      },
    ],
    'listRows.error': [SERVER_ERROR],
    'list.retry': [{ label: 'retry' }],
    // A wallet change asked for on the same page.
    'list.reload': [{ label: 'asked on the page' }],
    'page.change': [{ label: 'next page', page: 2 }],
    'pageSize.change': [{ label: '25 a page', pageSize: 25 }],
    'decision.start': [
      { label: 'approve', decision: 'approve', ids: [1], scope: 'row' },
      { label: 'reject', decision: 'reject', ids: [1], scope: 'row' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'The holder called back' }],
    'decision.cancel': [{ label: 'cancel' }],
    'decision.confirm': [{ label: 'confirm' }],
    'decideRows.done': [
      {
        label: 'decided',
        output: {
          migration: { id: 1 },
          wallet: { number: 'CUS-000101' },
          decision: snapshot.context.pending?.decision,
        },
      },
    ],
    'decideRows.error': [{ label: 'already decided', error: apiError(409, 'MIGRATION_ALREADY_DECIDED') }],
    'outcome.dismiss': [{ label: 'dismiss' }],
  }),
};

/** What the maker types: a reference as printed, or something that is none. */
const ASK_TYPED = { reference: 'TR26112900000101', malformed: '42' } as const;

export const askGraph: MachineGraph<typeof askMachine> = {
  id: 'ask',
  machine: askMachine,
  guardsBothWays: true,
  // A transaction found that cannot be charged back shows why, and no reason to give.
  context: (c) => c.lookup?.refusal != null,
  filter: (snapshot, name) => {
    // Find is busy while a transaction is looked up.
    if (name === 'reference.lookup') return !snapshot.matches('looking');
    if (name === 'reason.change' || name === 'chargeback.submit') return snapshot.context.lookup?.refusal === null;
    return true;
  },
  variants: () => ({
    'reference.lookup': Object.entries(ASK_TYPED).map(([label, reference]) => ({ label, reference })),
    'lookupTransaction.done': [
      { label: 'reversible', output: { transaction: {}, existing: null, refusal: null } },
      {
        label: 'not reversible',
        output: { transaction: {}, existing: { id: 1 }, refusal: { code: 'CHARGEBACK_EXISTS', message: '' } },
      },
    ],
    'lookupTransaction.error': [{ label: 'not found', error: apiError(404, 'TRANSACTION_NOT_FOUND') }],
    'reason.change': [{ label: 'a reason', reason: 'The customer was charged twice' }],
    'chargeback.submit': [{ label: 'ask' }],
    'requestChargeback.done': [{ label: 'asked', output: { id: 1, original: { reference: ASK_TYPED.reference } } }],
    'requestChargeback.error': [SERVER_ERROR],
    'ask.reset': [{ label: 'another' }],
  }),
};

/**
 * What the manager types, each a whole form, told apart in the graph by the first name: a valid
 * form, a valid one whose student's phone an account already uses, one the page refuses in place.
 * The runner types the whole form the label names.
 */
const STUDENT_TYPED = { valid: 'Aïssatou', 'taken phone': 'Awa', invalid: 'Khadija' } as const;

export const onboardGraph: MachineGraph<typeof onboardMachine> = {
  id: 'onboard',
  machine: onboardMachine,
  guardsBothWays: true,
  input: { today: new Date('2025-03-04T09:00:00.000Z') },
  provide: {
    guards: {
      isValid: ({ context }) =>
        context.values.firstName === STUDENT_TYPED.valid || context.values.firstName === STUDENT_TYPED['taken phone'],
    },
  },
  // What is typed decides the server's answer: a state of its own.
  context: (c) => c.values.firstName,
  filter: (snapshot, name, event) => {
    const taken = snapshot.context.values.firstName === STUDENT_TYPED['taken phone'];
    // The server answers from the phone typed.
    if (name === 'onboardStudent.done') return !taken;
    if (name === 'onboardStudent.error') return (event as { taken?: boolean }).taken ? taken : true;
    // A form is typed whole, once: a refused one is put right by its field's own message.
    if (name === 'field.change') return snapshot.context.values.firstName === '';
    return true;
  },
  variants: () => ({
    'field.change': Object.entries(STUDENT_TYPED).map(([label, value]) => ({ label, name: 'firstName', value })),
    'student.submit': [{ label: 'submit' }],
    'onboardStudent.done': [{ label: 'onboarded', output: { number: 'CUS-000501' } }],
    'onboardStudent.error': [
      { label: 'phone taken', taken: true, error: apiError(409, 'DUPLICATE_PHONE') },
      { ...SERVER_ERROR, taken: false },
    ],
    'student.new': [{ label: 'another' }],
  }),
};

/**
 * What the user types in the migration form, each a whole phone change, told apart by its
 * reason: one the API takes, one whose new phone another account uses, one the page refuses.
 */
const MIGRATION_TYPED = {
  valid: 'Lost the SIM card',
  'phone taken': 'Moved to a new operator',
  invalid: 'x',
} as const;
const TYPED_FINE: readonly string[] = [MIGRATION_TYPED.valid, MIGRATION_TYPED['phone taken']];

/** The wallet the graph finds, and another whose request may be decided on the page. */
const MIGRATION_NUMBER = 'CUS-000003';
const FOUND_WALLET = {
  number: MIGRATION_NUMBER,
  phone: '+221 77 100 00 03',
  typeChangeTo: 'merchant',
  typeBlockers: [],
  blockers: [],
};

export const migrationGraph: MachineGraph<typeof migrationMachine> = {
  id: 'migration',
  machine: migrationMachine,
  guardsBothWays: true,
  provide: {
    guards: {
      formValid: ({ context }) => context.values.kind === 'phone' && TYPED_FINE.includes(context.values.reason),
    },
  },
  // What is typed decides the server's answer; the history's page is what its pager shows.
  context: (c) => [c.values.kind, c.values.reason, c.wallet !== null, c.historyPage],
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    const typed = context.values.reason;
    // The two regions are told apart in time so the paths stay few: while the history loads,
    // only a wallet is looked up (its answer reloads the history that is loading).
    const historyLoading = snapshot.matches({ history: 'loading' });
    const finding = snapshot.matches({ flow: 'finding' }) || snapshot.matches({ flow: 'looking' });
    const historyEvent = name.startsWith('history.') || name.startsWith('listHistory.');
    if (historyLoading && !historyEvent && name !== 'wallet.find' && name !== 'findWallet.done') return false;
    if (name === 'listHistory.error') return snapshot.matches({ flow: 'finding' });
    // The history's second page is looked at, and the path ends there.
    if (context.historyPage > 1 && !historyEvent) return false;
    // An unreadable term is refused in place, whatever the history shows: once is enough.
    if (name === 'wallet.find' && (event as { term?: string }).term !== MIGRATION_NUMBER) {
      return snapshot.matches({ history: 'ready' });
    }
    // Raised by the flow itself, never sent.
    if (name === 'history.reload') return false;
    // A failed history is retried, or reloaded by the flow's next step, before anything else.
    if (snapshot.matches({ history: 'failed' }) && !historyEvent && !finding) return false;
    // A form is typed whole, once: the phone change, or the account type chosen before typing.
    if (name === 'field.change') return typed === '' && context.values.kind === 'phone';
    if (name === 'kind.change') return typed === '' && context.values.kind === 'phone';
    // The server answers from the phone typed.
    if (name === 'migrateWallet.done') return typed === MIGRATION_TYPED.valid;
    if (name === 'migrateWallet.error') {
      return (event as { taken?: boolean }).taken ? typed === MIGRATION_TYPED['phone taken'] : true;
    }
    // Everyone's history has more than a page; a wallet's own, one.
    if (name === 'history.page') {
      return context.wallet === null && context.historyPage === 1 && snapshot.matches({ flow: 'finding' });
    }
    // Another wallet is found, or a decision taken above, before anything is typed.
    if (name === 'wallet.change') return typed === '' && context.values.kind === 'phone';
    // A decision is taken in the list above, while the flow waits on the user.
    if (name === 'wallet.decided') {
      const waiting = snapshot.matches({ flow: 'finding' }) || snapshot.matches({ flow: { ready: 'editing' } });
      return waiting && snapshot.matches({ history: 'ready' }) && typed === '' && context.values.kind === 'phone';
    }
    return true;
  },
  variants: () => ({
    'wallet.find': [
      { label: 'a wallet number', term: MIGRATION_NUMBER },
      { label: 'unreadable', term: 'hello' },
    ],
    'findWallet.done': [{ label: 'found', output: FOUND_WALLET }],
    'findWallet.error': [{ label: 'not found', error: apiError(404, 'ACCOUNT_NOT_FOUND') }],
    'kind.change': [{ label: 'account type', kind: 'type' }],
    'field.change': Object.entries(MIGRATION_TYPED).map(([label, value]) => ({ label, name: 'reason', value })),
    'migration.review': [{ label: 'review' }],
    'migration.back': [{ label: 'back' }],
    'migration.confirm': [{ label: 'confirm' }],
    'migrateWallet.done': [{ label: 'requested', output: { migration: { id: 99 }, wallet: FOUND_WALLET } }],
    'migrateWallet.error': [
      { label: 'phone taken', taken: true, error: apiError(409, 'DUPLICATE_PHONE') },
      SERVER_ERROR,
    ],
    'migration.another': [{ label: 'another' }],
    'wallet.change': [{ label: 'another wallet' }],
    'history.page': [{ label: 'next page', page: 2 }],
    'history.retry': [{ label: 'retry' }],
    'listHistory.done': [{ label: 'a page', output: { rows: [], total: 0, page: 1, pageSize: 10 } }],
    'listHistory.error': [SERVER_ERROR],
    'wallet.decided': [
      { label: 'the wallet in view', wallet: FOUND_WALLET },
      { label: 'another wallet', wallet: { ...FOUND_WALLET, number: 'CUS-000101' } },
    ],
  }),
};
