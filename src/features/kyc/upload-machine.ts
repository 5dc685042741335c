import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import type { DocumentType } from '../../../contract/kyc';
import type { KycAccountDetail, KycDocumentView } from '../../../contract/api/kyc';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import type { CheckedFile, FileProblem } from '../../ui/files/document-file';
import { notProvided } from '../../machines/not-provided';

/**
 * /upload-document: find the account (its number, or a phone or name through the review
 * lists), then add documents to it one at a time.
 *
 * start → finding ⇄ searching → (choosing →) loadingAccount → ready.editing → uploading →
 * refreshing → ready.editing. The file is checked in the browser before it may be sent (the
 * page sends it already checked); the server's refusal (415, 413, 400) comes back in place.
 *
 * Effects are provided by the page: `findAccounts`, `loadAccount`, `uploadDocument` and the
 * action `announceUpload` (a toast).
 */
export interface AccountMatch {
  number: string;
  name: string;
  phone: string | null;
  kycStatus: string;
}

export type UploadEvent =
  | { type: 'account.search'; term: string }
  | { type: 'account.choose'; number: string }
  | { type: 'account.change' }
  | { type: 'document.type'; docType: DocumentType | '' }
  | { type: 'document.pick'; checked: CheckedFile }
  | { type: 'document.clear' }
  | { type: 'document.upload' };

interface UploadErrors {
  term?: 'required';
  type?: 'required';
  file?: 'required' | FileProblem;
}

export interface UploadContext {
  term: string;
  number: string;
  matches: AccountMatch[];
  notFound: boolean;
  account: KycAccountDetail | null;
  docType: DocumentType | '';
  file: CheckedFile | null;
  errors: UploadErrors;
  failure: RequestFailure | null;
  uploaded: KycDocumentView | null;
}

const MIN_TERM_LENGTH = 2;

/** The first required document the account lacks: what the uploader most likely came for. */
const firstMissing = (account: KycAccountDetail): DocumentType | '' => account.missingDocuments[0] ?? '';

const clearedDocument = { docType: '' as const, file: null, errors: {}, failure: null };

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { number?: string },
  },
  actors: {
    findAccounts: notProvided<AccountMatch[], { term: string }>('findAccounts'),
    loadAccount: notProvided<KycAccountDetail, { number: string }>('loadAccount'),
    uploadDocument: notProvided<KycDocumentView, { number: string; docType: DocumentType; file: File }>(
      'uploadDocument',
    ),
  },
  actions: {
    announceUpload: (_, _params: { document: KycDocumentView; number: string }) => {},
  },
  guards: {
    hasNumber: ({ context }) => context.number !== '',
    termLongEnough: (_, params: { term: string }) => params.term.trim().length >= MIN_TERM_LENGTH,
    oneMatch: (_, params: { matches: AccountMatch[] }) => params.matches.length === 1,
    noMatch: (_, params: { matches: AccountMatch[] }) => params.matches.length === 0,
    readyToUpload: ({ context }) => context.docType !== '' && context.file !== null && context.file.problem === null,
  },
}).createMachine({
  id: 'upload',
  initial: 'start',
  context: ({ input }) => ({
    term: input.number ?? '',
    number: input.number ?? '',
    matches: [],
    notFound: false,
    account: null,
    docType: '',
    file: null,
    errors: {},
    failure: null,
    uploaded: null,
  }),
  on: {
    'account.search': [
      {
        guard: { type: 'termLongEnough', params: ({ event }) => ({ term: event.term }) },
        target: '.searching',
        actions: assign({ term: ({ event }) => event.term.trim(), errors: {}, failure: null, notFound: false }),
      },
      {
        target: '.finding',
        actions: assign({
          term: ({ event }) => event.term,
          errors: { term: 'required' },
          matches: [],
          notFound: false,
        }),
      },
    ],
  },
  states: {
    start: {
      always: [{ guard: 'hasNumber', target: 'loadingAccount' }, { target: 'finding' }],
    },
    finding: {
      tags: ['find'],
    },
    searching: {
      tags: ['find', 'busy'],
      entry: assign({ account: null, uploaded: null, ...clearedDocument }),
      invoke: {
        src: 'findAccounts',
        input: ({ context }) => ({ term: context.term }),
        onDone: [
          {
            guard: { type: 'oneMatch', params: ({ event }) => ({ matches: event.output }) },
            target: 'loadingAccount',
            actions: assign({ number: ({ event }) => event.output[0]?.number ?? '', matches: [] }),
          },
          {
            guard: { type: 'noMatch', params: ({ event }) => ({ matches: event.output }) },
            target: 'finding',
            actions: assign({ matches: [], notFound: true }),
          },
          { target: 'choosing', actions: assign({ matches: ({ event }) => event.output }) },
        ],
        onError: { target: 'finding', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    choosing: {
      tags: ['find'],
      on: {
        'account.choose': { target: 'loadingAccount', actions: assign({ number: ({ event }) => event.number }) },
      },
    },
    loadingAccount: {
      tags: ['find', 'busy'],
      invoke: {
        src: 'loadAccount',
        input: ({ context }) => ({ number: context.number }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            account: event.output,
            number: event.output.account.number,
            ...clearedDocument,
            docType: firstMissing(event.output),
          })),
        },
        onError: { target: 'finding', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    ready: {
      initial: 'editing',
      on: {
        'account.change': {
          target: 'finding',
          actions: assign({ account: null, number: '', uploaded: null, ...clearedDocument }),
        },
      },
      states: {
        editing: {
          tags: ['form'],
          on: {
            'document.type': {
              actions: assign(({ context, event }) => ({
                docType: event.docType,
                errors: { ...context.errors, type: undefined },
              })),
            },
            'document.pick': {
              actions: assign(({ context, event }) => ({
                file: event.checked,
                failure: null,
                uploaded: null,
                errors: { ...context.errors, file: event.checked.problem ?? undefined },
              })),
            },
            'document.clear': {
              actions: assign(({ context }) => ({ file: null, errors: { ...context.errors, file: undefined } })),
            },
            'document.upload': [
              { guard: 'readyToUpload', target: 'uploading' },
              {
                actions: assign(({ context }) => ({
                  errors: {
                    type: context.docType === '' ? ('required' as const) : undefined,
                    file: context.file === null ? ('required' as const) : (context.file.problem ?? undefined),
                  },
                })),
              },
            ],
          },
        },
        uploading: {
          tags: ['form', 'busy', 'uploading'],
          entry: assign({ failure: null, uploaded: null }),
          // The file is on its way: another account is searched for only once it has arrived ("Another
          // account" is disabled meanwhile).
          on: { 'account.search': {} },
          invoke: {
            src: 'uploadDocument',
            input: ({ context }) => ({
              number: context.number,
              docType: context.docType as DocumentType,
              file: (context.file as CheckedFile).file,
            }),
            onDone: {
              target: 'refreshing',
              actions: [
                assign({ uploaded: ({ event }) => event.output }),
                {
                  type: 'announceUpload',
                  params: ({ context, event }) => ({ document: event.output, number: context.number }),
                },
              ],
            },
            onError: { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
          },
        },
        refreshing: {
          tags: ['form', 'busy'],
          invoke: {
            src: 'loadAccount',
            input: ({ context }) => ({ number: context.number }),
            onDone: {
              target: 'editing',
              actions: assign(({ event }) => ({
                account: event.output,
                file: null,
                errors: {},
                docType: firstMissing(event.output),
              })),
            },
            // The document is stored; only the list beside it is stale.
            onError: { target: 'editing', actions: assign({ file: null, errors: {} }) },
          },
        },
      },
    },
  },
});

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
export type UploadActor = ActorRefFrom<typeof uploadMachine>;

export const selectIsFinding = (s: UploadSnapshot) => s.hasTag('find');
export const selectIsBusy = (s: UploadSnapshot) => s.hasTag('busy');
export const selectIsUploading = (s: UploadSnapshot) => s.hasTag('uploading');
export const selectIsChoosing = (s: UploadSnapshot) => s.matches('choosing');
export const selectTerm = (s: UploadSnapshot) => s.context.term;
export const selectMatches = (s: UploadSnapshot) => s.context.matches;
export const selectNotFound = (s: UploadSnapshot) => s.context.notFound;
export const selectAccount = (s: UploadSnapshot) => s.context.account;
export const selectDocType = (s: UploadSnapshot) => s.context.docType;
export const selectFile = (s: UploadSnapshot) => s.context.file;
export const selectErrors = (s: UploadSnapshot) => s.context.errors;
export const selectFailure = (s: UploadSnapshot) => s.context.failure;
