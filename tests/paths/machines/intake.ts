/**
 * Graphs of the machines that take something in: the duplicate check while a number is typed
 * on the registration form, the KYC document upload, and the approvals inbox.
 */
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { normaliseNationalId } from '../../../contract/senegal-formats';
import { ApiRequestError } from '../../../src/api/client';
import { uploadMachine } from '../../../src/features/kyc/upload-machine';
import { waiting } from '../../../src/features/transfers/inbox.fixtures';
import { FRESH_MS, inboxMachine } from '../../../src/features/transfers/inbox-machine';
import { availabilityMachine } from '../../../src/features/registration/availability-machine';
import { LABEL, type MachineGraph } from '../graph-adapter';

/**
 * The national IDs typed on the registration's identity step, each as typed: one a demo
 * customer holds, one no account has, and one too short to be whole (the machine gets null).
 */
export const AVAILABILITY_TYPED = {
  taken: '1 123 4198 50042',
  free: '2 123 1995 00456',
  partial: '2 123',
} as const;
/** Who holds the taken number. */
export const AVAILABILITY_HOLDER = 'CUS-000002';

const stored = (typed: string) => normaliseNationalId(typed);

export const availabilityGraph: MachineGraph<typeof availabilityMachine> = {
  id: 'availability',
  machine: availabilityMachine,
  guardsBothWays: true,
  // What the user may see: which number was asked about, and whose answer is known.
  context: (c) => c.asked?.value ?? null,
  filter: (snapshot, name, event) => {
    const { asked, answer } = snapshot.context;
    // The taken number is waited for and answered; what typing over a check does the free one shows.
    const forTaken = asked?.value === stored(AVAILABILITY_TYPED.taken) && !snapshot.matches('idle');
    if (name === 'checkAvailability.error') return !forTaken;
    if (name !== 'number.typed') return true;
    if (forTaken) return false;
    // Typing the number already asked about again changes nothing the user sees.
    if ((event as { value?: string | null }).value === asked?.value) return false;
    // A free number is typed first, or in place of one the server said is taken.
    if (event[LABEL] !== 'free') return true;
    return answer === null ? asked === null : snapshot.matches('idle') && answer.by.taken;
  },
  variants: (snapshot) => {
    const asked = snapshot.context.asked?.value;
    const taken = asked === stored(AVAILABILITY_TYPED.taken);
    return {
      'number.typed': Object.entries(AVAILABILITY_TYPED).map(([label, typed]) => ({
        label,
        field: 'nationalId',
        value: label === 'partial' ? null : stored(typed),
      })),
      // The server's answer follows the number asked about.
      'checkAvailability.done': [
        {
          label: taken ? 'taken' : 'free',
          output: { phone: null, nationalId: { taken, account: taken ? AVAILABILITY_HOLDER : null } },
        },
      ],
      'checkAvailability.error': [{ label: 'no answer', error: new TypeError('Failed to fetch') }],
    };
  },
};

/**
 * What the uploader types in the finder, each told apart by the search's answer: a name only one
 * account has, a part of several names, a name no account has, one letter (refused in place).
 */
export const UPLOAD_TERMS = { one: 'Aminata', several: 'ar', none: 'Zuzana', 'too short': 'A' } as const;
/** The account the paths add documents to: opened from its number, or found by name. */
export const UPLOAD_ACCOUNT = { number: 'CUS-000001', name: 'Aminata Diallo' } as const;

const termOf = (term: string) => Object.entries(UPLOAD_TERMS).find(([, typed]) => typed === term)?.[0];
/** Everything required is on file: no type is chosen for the uploader. */
const uploadAccount = {
  account: { number: UPLOAD_ACCOUNT.number, label: UPLOAD_ACCOUNT.name },
  missingDocuments: [],
  permissions: { canUpload: true },
} as unknown as KycAccountDetail;
const match = (number: string) => ({ number, name: '', phone: null, kycStatus: 'pending' });
const noAnswer = () => new TypeError('Failed to fetch');

export const uploadGraph: MachineGraph<typeof uploadMachine> = {
  id: 'upload',
  machine: uploadMachine,
  inputs: [
    { label: 'by number', input: { number: UPLOAD_ACCOUNT.number } },
    { label: 'to find', input: {} },
  ],
  guardsBothWays: true,
  // What the form shows: whether a type is chosen and which file is picked.
  context: (c) => ({ type: c.docType !== '', file: c.file === null ? null : c.file.problem === null }),
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    const term = termOf(context.term);
    // The account opened from the link is the one documents are added to; the finder is tried from an empty page.
    const fromLink = context.term === UPLOAD_ACCOUNT.number;
    switch (name) {
      // Find with the link's number still in the field, clicked while the file is on its way.
      case 'account.search':
        return event[LABEL] === 'the number' ? snapshot.matches({ ready: 'uploading' }) : context.term === '';
      // The search's answer follows what was typed; a lost answer is shown once, for the several.
      case 'findAccounts.done':
        return event[LABEL] === term;
      case 'findAccounts.error':
        return term === 'several';
      case 'loadAccount@loadingAccount.error':
        return fromLink;
      case 'account.change':
        return term === 'one';
      // The type first, then the file: a wrong file is taken back or replaced by a right one.
      case 'document.type':
        return fromLink && context.docType === '' && context.file === null;
      case 'document.pick':
        return (
          context.docType !== '' &&
          (context.file === null || (context.file.problem !== null && event[LABEL] === 'an image'))
        );
      case 'document.clear':
        return context.file?.problem != null;
      // Upload with nothing chosen (refused in place), or with a type and a right file.
      case 'document.upload':
        return fromLink && (context.docType === '') === (context.file === null) && context.file?.problem == null;
      default:
        return true;
    }
  },
  variants: () => ({
    'account.search': [
      ...Object.entries(UPLOAD_TERMS).map(([label, term]) => ({ label, term })),
      { label: 'the number', term: UPLOAD_ACCOUNT.number },
    ],
    'findAccounts.done': [
      { label: 'one', output: [match(UPLOAD_ACCOUNT.number)] },
      { label: 'several', output: [match('MRC-00042'), match('CUS-000003')] },
      { label: 'none', output: [] },
    ],
    'findAccounts.error': [{ label: 'no answer', error: noAnswer() }],
    'account.choose': [{ label: 'the first', number: 'MRC-00042' }],
    'loadAccount@loadingAccount.done': [{ label: 'account', output: uploadAccount }],
    'loadAccount@loadingAccount.error': [{ label: 'no answer', error: noAnswer() }],
    'document.type': [{ label: 'selfie', docType: 'selfie' }],
    'document.pick': [
      { label: 'an image', checked: { file: new File(['x'], 'selfie.jpg'), problem: null } },
      { label: 'not an image', checked: { file: new File(['x'], 'selfie.png'), problem: 'type' } },
    ],
    'uploadDocument.done': [{ label: 'stored', output: { id: 1, type: 'selfie' } }],
    'uploadDocument.error': [{ label: 'no answer', error: noAnswer() }],
    'loadAccount@ready.refreshing.done': [{ label: 'account', output: uploadAccount }],
    'loadAccount@ready.refreshing.error': [{ label: 'no answer', error: noAnswer() }],
  }),
};

/**
 * What waits for the administrator: a transfer (approved without a reason, rejected with one)
 * and a password reset, whose approval hands over the second half of the new password. Two
 * more requests arrive one after the other while the list is open.
 */
export const INBOX_ITEMS = {
  transfer: waiting({
    kind: 'transfer',
    id: '41',
    subject: 'admin-cash-in',
    reference: 'TX2611270041',
    maker: 'Abdoulaye Kane',
    amount: 2_500_000,
  }),
  password: waiting({
    kind: 'change',
    id: '3',
    subject: 'user.passwordReset',
    maker: 'Ousmane Faye',
    change: {
      kind: 'user.passwordReset',
      user: { id: 9, username: 'bank-checker', name: 'Banque Islamique Checker' },
      flow: null,
    },
  }),
  arrived: waiting({
    kind: 'transfer',
    id: '46',
    subject: 'admin-cash-in',
    reference: 'TX2611270046',
    maker: 'Fatou Sow',
    amount: 40_000,
  }),
  arrivedLater: waiting({
    kind: 'transfer',
    id: '47',
    subject: 'admin-cash-in',
    reference: 'TX2611270047',
    maker: 'Fatou Sow',
    amount: 60_000,
  }),
} satisfies Record<string, InboxItem>;
const inboxPage = (...rows: InboxItem[]): InboxPage => ({
  rows,
  waiting: { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: 0 },
  bank: null,
  expired: [],
});
const FIRST = [INBOX_ITEMS.transfer, INBOX_ITEMS.password];
const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const pendingLabel = (c: { pending: { decision: string; item: InboxItem } | null }) =>
  c.pending ? `${c.pending.decision} ${c.pending.item.kind === 'change' ? 'password' : 'transfer'}` : null;

export const inboxGraph: MachineGraph<typeof inboxMachine> = {
  id: 'inbox',
  machine: inboxMachine,
  guardsBothWays: true,
  // The dialog open (what it decides, whether a reason is typed) and how many rows are listed.
  context: (c) => ({
    pending: pendingLabel(c),
    reason: c.reason !== '',
    rows: c.page?.rows.length ?? null,
    kind: c.kind,
  }),
  filter: (snapshot, name, event) => {
    const { context } = snapshot;
    const main = (state: string) => snapshot.matches({ main: state } as never);
    const refreshing = snapshot.matches({ live: 'refreshing' });
    const highlighted = snapshot.matches({ highlight: 'shown' });
    const pending = pendingLabel(context);
    const rows = context.page?.rows.length ?? 0;
    // The list as first loaded, nothing done yet: where each thing the user may do starts.
    const untouched =
      main('ready') &&
      !refreshing &&
      !highlighted &&
      context.kind === '' &&
      context.done === null &&
      context.reason === '' &&
      rows === FIRST.length;
    const label = event[LABEL];
    switch (name) {
      case 'listInbox@main.loading.error':
        return context.page === null;
      case 'kind.change':
      case 'decision.start':
        return untouched;
      // The server's news: refused after a failed first load; behind an approval's dialog; while
      // the list is shown, once more while it is asked for, and once more while new rows are highlighted.
      case 'list.changed':
        if (main('failed')) return true;
        if (main('confirming')) return !refreshing && pending === 'approve transfer' && context.failure === null;
        if (!main('ready') || context.kind !== '' || context.done !== null || context.reason !== '') return false;
        if (refreshing) return !highlighted && rows === FIRST.length;
        return highlighted ? rows === FIRST.length + 1 : rows === FIRST.length;
      // A refresh's answer: one more row each time (two at most), the same rows, or none.
      case 'listInbox@live.refreshing.done':
        if (main('loading')) return label === 'the same rows';
        if (!main('ready')) return false;
        if (rows === FIRST.length + 1) return label === 'another new row';
        return label !== 'another new row';
      case 'listInbox@live.refreshing.error':
        return main('ready') && rows === FIRST.length;
      case `after(${FRESH_MS})@highlight.shown`:
        return !refreshing && rows === FIRST.length + 1;
      // A rejection is first confirmed without a reason (refused), then given one and cancelled.
      case 'reason.change':
        return pending === 'reject transfer' && context.reason === '' && context.reasonInvalid;
      case 'decision.confirm':
        return pending !== 'reject transfer' || context.reason === '';
      case 'decision.cancel':
        return pending === 'reject transfer' && context.reason !== '';
      case 'decideItem.done':
        return (label === 'second half') === (pending === 'approve password');
      case 'decideItem.error':
        return pending === 'approve transfer' && !refreshing;
      case 'fresh.show':
        return false;
      default:
        return true;
    }
  },
  variants: () => ({
    'listInbox@main.loading.done': [{ label: 'rows', output: inboxPage(...FIRST) }],
    'listInbox@main.loading.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
    'list.retry': [{ label: 'retry' }],
    'kind.change': [{ label: 'transfers', kind: 'transfer' }],
    'decision.start': [
      { label: 'approve transfer', item: INBOX_ITEMS.transfer, decision: 'approve' },
      { label: 'reject transfer', item: INBOX_ITEMS.transfer, decision: 'reject' },
      { label: 'approve password', item: INBOX_ITEMS.password, decision: 'approve' },
    ],
    'reason.change': [{ label: 'a reason', reason: 'The amount does not match the invoice' }],
    'decision.cancel': [{ label: 'cancel' }],
    'decision.confirm': [{ label: 'confirm' }],
    'decideItem.done': [
      { label: 'decided', output: {} },
      { label: 'second half', output: { secondHalf: 'K7P2-9QXD' } },
    ],
    'decideItem.error': [{ label: 'expired', error: apiError(409, 'REQUEST_EXPIRED') }],
    'secondHalf.copy': [{ label: 'copy' }],
    'copyText.done': [{ label: 'copied', output: undefined }],
    'copyText.error': [{ label: 'refused', error: new Error('Clipboard refused') }],
    'secondHalf.dismiss': [{ label: 'done' }],
    'list.changed': [{ label: 'news' }],
    'listInbox@live.refreshing.done': [
      { label: 'a new row', output: inboxPage(...FIRST, INBOX_ITEMS.arrived) },
      { label: 'another new row', output: inboxPage(...FIRST, INBOX_ITEMS.arrived, INBOX_ITEMS.arrivedLater) },
      { label: 'the same rows', output: inboxPage(...FIRST) },
    ],
    'listInbox@live.refreshing.error': [{ label: 'no answer', error: new TypeError('Failed to fetch') }],
    [`after(${FRESH_MS})@highlight.shown`]: [{ label: 'time passes' }],
  }),
};
