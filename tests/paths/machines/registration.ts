/**
 * The registration machine's graph (a customer, by the zone sales manager). A step is told
 * apart by one field, the one its guards read: the national ID for identity, the phone for
 * contact, the street for the address, the enrolling agent for the settings. The runner
 * (tests/unit/registration.paths.test.tsx) types the whole step the value stands for.
 */
import { REGISTRATION_FORMS, type RegistrationDraft } from '../../../contract/registration-forms';
import { ApiRequestError } from '../../../src/api/client';
import { registrationMachine } from '../../../src/features/registration/registration-machine';
import { LABEL, type MachineGraph } from '../graph-adapter';

const form = REGISTRATION_FORMS.customer;

/** What the user types, by step: the value of the field that stands for the whole step. */
export const REGISTRATION_TYPED = {
  identity: { valid: '2 123 1995 00456', invalid: '12345' },
  contact: { valid: '77 987 65 43', taken: '+221 77 111 22 33', fresh: '78 444 55 66' },
  address: { valid: 'Rue 12, Médina' },
  settings: { valid: 'AGT-00001' },
} as const;
const FIELD = { identity: 'nationalId', contact: 'phone', address: 'street', settings: 'agentNumber' } as const;
type DataStep = keyof typeof FIELD;

/** Files picked on the documents step, one event each, in this order. */
export const REGISTRATION_FILES = ['id_front', 'id_back', 'selfie'] as const;

/** A draft left on the contact step: the start that shows the notice and discards it. */
export const REGISTRATION_DRAFT: RegistrationDraft = {
  kind: 'customer',
  step: 'contact',
  values: {
    identity: { firstName: 'Khadija', lastName: 'Sy', birthDate: '1995-06-15', gender: 'female' },
    contact: {},
    address: {},
    settings: {},
  } as RegistrationDraft['values'],
  savedAt: '2025-03-04T09:00:00.000Z',
};
const DRAFT_DAY = new Date('2025-03-04T09:00:00.000Z');

const apiError = (status: number, code: string, sessionExpired = false) =>
  new ApiRequestError(code, status, code, sessionExpired);
const CHECKED_FILE = (name: string) => ({ file: new File(['x'], name), problem: null });

type Snapshot = Parameters<NonNullable<MachineGraph<typeof registrationMachine>['filter']>>[0];
const typed = (s: Snapshot, step: DataStep) => s.context.values[step][FIELD[step]] ?? '';
const filesPicked = (s: Snapshot) => Object.keys(s.context.files).length;

export const registrationGraph: MachineGraph<typeof registrationMachine> = {
  id: 'registration',
  machine: registrationMachine,
  guardsBothWays: true,
  inputs: [
    { label: 'empty form', input: { form, today: new Date('2025-03-04T09:00:00.000Z') } },
    { label: 'with a draft', input: { form, today: DRAFT_DAY, draft: REGISTRATION_DRAFT } },
  ],
  provide: {
    guards: {
      stepIsValid: ({ context }) => {
        const step = context.step as DataStep;
        if (!(step in FIELD)) return true;
        const value = context.values[step][FIELD[step]];
        return value !== undefined && value !== '' && value !== REGISTRATION_TYPED.identity.invalid;
      },
    },
    actions: { saveDraft: () => {}, clearDraft: () => {} },
  },
  // What the user sees: the step, what that step holds, the files picked, how the uploads went.
  context: (c) => ({
    step: c.step,
    here: c.step in FIELD ? c.values[c.step as DataStep][FIELD[c.step as DataStep]] : null,
    // The files show on the documents step and the review only.
    files: c.step === 'documents' || c.step === 'review' ? Object.keys(c.files).length : null,
    uploads: c.uploads,
  }),
  filter: (s, name, event) => {
    const variant = event[LABEL];
    const editing = s.matches('editing');
    const step = s.context.step;
    // The start with a draft only shows the notice and discards it; the rest is the empty form's.
    if (s.context.today === DRAFT_DAY && s.context.restoredFrom === null) return false;
    if (s.context.restoredFrom !== null) return name === 'draft.discard';
    switch (name) {
      // Offered with a restored draft only (above); tried once registered, where it is refused.
      case 'draft.discard':
        return s.matches('done');
      // The debounced save is waited for on the first step only.
      case 'draft.save':
        return (
          (editing && step === 'identity' && typed(s, 'identity') === REGISTRATION_TYPED.identity.valid) ||
          s.matches('done')
        );
      case 'field.change': {
        if (!editing || !(step in FIELD) || (event as { step?: string }).step !== step) return false;
        const now = typed(s, step as DataStep);
        if (step === 'identity') return variant === 'invalid' ? now === '' : now !== REGISTRATION_TYPED.identity.valid;
        if (step === 'contact') {
          if (variant === 'taken') return now === '';
          if (variant === 'valid') return now === '' || now === REGISTRATION_TYPED.contact.taken;
          // Another number, once the server refused this one.
          return now === REGISTRATION_TYPED.contact.valid;
        }
        return now === '';
      }
      case 'step.next':
        if (!editing) return false;
        if (step === 'documents') return filesPicked(s) === 0 || filesPicked(s) === REGISTRATION_FILES.length;
        return typed(s, step as DataStep) !== '';
      // Back is disabled on the first step (tried on the empty form); taken from contact, the
      // review and after a failure.
      case 'step.back':
        return (
          !editing ||
          (step === 'identity' && typed(s, 'identity') === '') ||
          (step === 'contact' && typed(s, 'contact') === REGISTRATION_TYPED.contact.valid)
        );
      case 'step.goto':
        return !editing || (step === 'documents' && filesPicked(s) === 0);
      case 'document.pick': {
        if (!editing || step !== 'documents') return false;
        if (variant === 'not an image') return filesPicked(s) === 0 && !('id_front' in s.context.errors);
        return variant === REGISTRATION_FILES[filesPicked(s)];
      }
      case 'document.remove':
        return editing && step === 'documents' && filesPicked(s) === REGISTRATION_FILES.length;
      // The server answers the check from the number typed.
      case 'checkDuplicates.done':
        return (
          (variant === 'taken') === (step === 'contact' && typed(s, 'contact') === REGISTRATION_TYPED.contact.taken)
        );
      case 'checkDuplicates.error':
        return step === 'identity';
      case 'createAccount.error':
        return variant !== 'phone taken meanwhile' || typed(s, 'contact') === REGISTRATION_TYPED.contact.valid;
      // One document fails on the first try: one with more to come, or the last one.
      case 'uploadDocument.error': {
        const uploads = s.context.uploads;
        if (Object.values(uploads).includes('failed')) return false;
        return s.context.uploading === 'id_back'
          ? uploads.selfie === 'waiting'
          : s.context.uploading === 'selfie' && uploads.id_back === 'done';
      }
      // "Upload again" is offered only after a document failed (tried once all are stored).
      case 'uploads.retry':
        return Object.values(s.context.uploads).includes('failed') || s.matches('done');
      default:
        return true;
    }
  },
  variants: (s) => ({
    'field.change': (Object.keys(FIELD) as DataStep[]).flatMap((step) =>
      Object.entries(REGISTRATION_TYPED[step]).map(([label, value]) => ({ label, step, name: FIELD[step], value })),
    ),
    'step.goto': [
      { label: 'identity', step: 'identity' },
      { label: 'check and register', step: 'review' },
    ],
    'document.pick': [
      ...REGISTRATION_FILES.map((docType) => ({ label: docType, docType, checked: CHECKED_FILE(`${docType}.png`) })),
      { label: 'not an image', docType: 'id_front', checked: { file: new File(['MZ'], 'front.png'), problem: 'type' } },
    ],
    'document.remove': [{ label: 'selfie', docType: 'selfie' }],
    'checkDuplicates.done': [
      { label: 'free', output: { phone: { taken: false, account: null }, nationalId: null } },
      { label: 'taken', output: { phone: { taken: true, account: 'CUS-000042' }, nationalId: null } },
    ],
    'checkDuplicates.error': [
      { label: 'session ended', error: apiError(401, 'SESSION_EXPIRED', true) },
      { label: 'no answer', error: new TypeError('Failed to fetch') },
    ],
    'createAccount.done': [
      {
        label: 'account created',
        output: {
          number: 'CUS-000101',
          kind: 'customer',
          registrationKind: 'customer',
          label: 'Khadija Sy',
          phone: typed(s, 'contact'),
          kycStatus: 'pending',
          status: 'inactive',
        },
      },
    ],
    'createAccount.error': [
      { label: 'phone taken meanwhile', error: apiError(409, 'DUPLICATE_PHONE') },
      { label: 'no answer', error: new TypeError('Failed to fetch') },
    ],
    'uploadDocument.done': [{ label: 'stored', output: {} }],
    'uploadDocument.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};
