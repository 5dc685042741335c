/**
 * Graphs of the machines that take something in: the duplicate check while a number is typed
 * on the registration form, the KYC document upload, and the approvals inbox.
 */
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { normaliseNationalId } from '../../../contract/senegal-formats';
import { uploadMachine } from '../../../src/features/kyc/upload-machine';
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
    // A free number is the first one typed: later the user corrects towards the taken one or away.
    return event[LABEL] !== 'free' || (asked === null && answer === null);
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
