import { type AnyEventObject, assign, type DoneActorEvent, type SnapshotFrom, setup } from 'xstate';
import { isRecoveryCode, isTotpCode, normaliseCode } from '../../../contract/two-factor-codes';
import type {
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
} from '../../../contract/api/two-factor';
import { notProvided } from '../../machines/not-provided';

/**
 * The caller's own two-factor sign-in (/two-factor; docs/security.md, Two-factor sign-in):
 *
 * loading → off → starting → scanning (QR code and key; the first code) → confirming →
 * showingCodes (the ten recovery codes, this once: copy, download) → on → disabling (a code
 * from the app or a recovery code) → off. While on, regenerating (a code again) gives a new set
 * of ten recovery codes, shown the same way (showingCodes), the old ones no longer working.
 *
 * Effects are named and provided by the page (two-factor-actors.ts): `loadStatus`,
 * `startEnrolment`, `confirmEnrolment`, `disable`, `regenerateCodes`, `copyCodes`, and the
 * action `downloadCodes`. The input's `account` (the caller's username) names the downloaded file.
 */
export type CodeProblem = 'required' | 'format';

export type TwoFactorEvent =
  | { type: 'status.retry' }
  | { type: 'enrol.start' }
  | { type: 'enrol.cancel' }
  | { type: 'enrol.confirm'; code: string }
  | { type: 'codes.copy' }
  | { type: 'codes.download' }
  | { type: 'codes.done' }
  | { type: 'disable.start' }
  | { type: 'disable.cancel' }
  | { type: 'disable.confirm'; code: string }
  | { type: 'regenerate.start' }
  | { type: 'regenerate.cancel' }
  | { type: 'regenerate.confirm'; code: string };

export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  enrolment: TwoFactorEnrolment | null;
  /** Shown once, then dropped from memory. */
  recoveryCodes: string[] | null;
  /** Why the codes are on screen: two-factor just turned on, or a new set replaced the old one. */
  codesFrom: 'enrolment' | 'regeneration';
  /** The caller's username, for the downloaded file when there is no enrolment on screen. */
  account: string;
  /** The server's message for the last request refused. */
  failure: string | null;
  codeProblem: CodeProblem | null;
  copied: 'no' | 'yes' | 'failed';
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What is wrong with a typed code before it goes to the server, if anything. */
export function codeProblem(code: string, allowRecovery: boolean): CodeProblem | null {
  const typed = normaliseCode(code);
  if (typed === '') return 'required';
  if (isTotpCode(typed) || (allowRecovery && isRecoveryCode(typed))) return null;
  return 'format';
}

const twoFactorSetup = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    input: {} as { account?: string },
  },
  actors: {
    loadStatus: notProvided<TwoFactorStatus>('loadStatus'),
    startEnrolment: notProvided<TwoFactorEnrolment>('startEnrolment'),
    confirmEnrolment: notProvided<TwoFactorEnabled, { code: string }>('confirmEnrolment'),
    disable: notProvided<TwoFactorStatus, { code: string }>('disable'),
    regenerateCodes: notProvided<TwoFactorRecoveryCodes, { code: string }>('regenerateCodes'),
    copyCodes: notProvided<void, { codes: string[] }>('copyCodes'),
  },
  actions: {
    downloadCodes: (_, _params: { codes: string[]; account: string }) => {},
    checkAppCode: assign({ codeProblem: (_, params: { code: string }) => codeProblem(params.code, false) }),
    checkAnyCode: assign({ codeProblem: (_, params: { code: string }) => codeProblem(params.code, true) }),
  },
  guards: {
    appCodeLooksRight: (_, params: { code: string }) => codeProblem(params.code, false) === null,
    anyCodeLooksRight: (_, params: { code: string }) => codeProblem(params.code, true) === null,
  },
});

interface CodeOutputs {
  disable: TwoFactorStatus;
  regenerateCodes: TwoFactorRecoveryCodes;
}

/**
 * Turning two-factor off and getting new recovery codes both ask for a fresh code (from the
 * app, or a recovery code) before they happen, so that a session left open is not enough: one
 * shape, `entering` (the code checked in the browser first) then `sending`, back to `entering`
 * with the server's refusal, and the cancel event back to `on`.
 */
function codeConfirmState<K extends keyof CodeOutputs>(step: {
  tag: 'disabling' | 'regenerating';
  confirm: 'disable.confirm' | 'regenerate.confirm';
  cancel: 'disable.cancel' | 'regenerate.cancel';
  send: K;
  doneTarget: `#twoFactor.${string}`;
  whenDone: (output: CodeOutputs[K]) => Partial<TwoFactorContext>;
}) {
  return twoFactorSetup.createStateConfig({
    initial: 'entering',
    tags: [step.tag],
    on: {
      [step.cancel]: { target: 'on', actions: assign({ failure: null, codeProblem: null }) },
    },
    states: {
      entering: {
        on: {
          [step.confirm]: [
            {
              guard: {
                type: 'anyCodeLooksRight',
                params: ({ event }: { event: { code: string } }) => ({ code: event.code }),
              },
              target: 'sending',
            },
            {
              actions: {
                type: 'checkAnyCode',
                params: ({ event }: { event: { code: string } }) => ({ code: event.code }),
              },
            },
          ],
        },
      },
      sending: {
        tags: ['busy'],
        entry: assign({ failure: null, codeProblem: null }),
        invoke: {
          src: step.send,
          input: ({ event }) => ({ code: normaliseCode((event as { code: string }).code) }),
          onDone: {
            target: step.doneTarget,
            actions: assign(({ event }: { event: AnyEventObject }) =>
              step.whenDone((event as DoneActorEvent<CodeOutputs[K]>).output),
            ),
          },
          onError: { target: 'entering', actions: assign({ failure: ({ event }) => message(event.error) }) },
        },
      },
    },
  });
}

export const twoFactorMachine = twoFactorSetup.createMachine({
  id: 'twoFactor',
  initial: 'loading',
  context: ({ input }) => ({
    status: null,
    enrolment: null,
    recoveryCodes: null,
    codesFrom: 'enrolment',
    account: input.account ?? '',
    failure: null,
    codeProblem: null,
    copied: 'no',
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: ({ event }) => event.output.enabled,
            target: 'on',
            actions: assign({ status: ({ event }) => event.output }),
          },
          { target: 'off', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => message(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'status.retry': { target: 'loading', actions: assign({ failure: null }) } },
    },
    off: {
      on: { 'enrol.start': { target: 'starting', actions: assign({ failure: null }) } },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startEnrolment',
        onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output, codeProblem: null }) },
        onError: { target: 'off', actions: assign({ failure: ({ event }) => message(event.error) }) },
      },
    },
    scanning: {
      tags: ['enrolling'],
      on: {
        'enrol.confirm': [
          {
            guard: { type: 'appCodeLooksRight', params: ({ event }) => ({ code: event.code }) },
            target: 'confirming',
          },
          { actions: { type: 'checkAppCode', params: ({ event }) => ({ code: event.code }) } },
        ],
        'enrol.cancel': {
          target: 'off',
          actions: assign({ enrolment: null, failure: null, codeProblem: null }),
        },
      },
    },
    confirming: {
      tags: ['enrolling', 'busy'],
      entry: assign({ failure: null, codeProblem: null }),
      invoke: {
        src: 'confirmEnrolment',
        input: ({ event }) => ({
          code: normaliseCode((event as Extract<TwoFactorEvent, { type: 'enrol.confirm' }>).code),
        }),
        onDone: {
          target: 'showingCodes',
          actions: assign(({ context, event }) => ({
            recoveryCodes: event.output.recoveryCodes,
            codesFrom: 'enrolment' as const,
            status: {
              enabled: true,
              enabledAt: event.output.enabledAt,
              pending: false,
              recoveryCodesLeft: event.output.recoveryCodes.length,
            },
            // The key is no longer needed on screen; the account name is, for the file.
            enrolment: context.enrolment ? { ...context.enrolment, secret: '', qrCode: '', otpauthUri: '' } : null,
            copied: 'no' as const,
          })),
        },
        onError: { target: 'scanning', actions: assign({ failure: ({ event }) => message(event.error) }) },
      },
    },
    showingCodes: {
      tags: ['codes'],
      initial: 'idle',
      on: {
        'codes.download': {
          actions: {
            type: 'downloadCodes',
            params: ({ context }) => ({
              codes: context.recoveryCodes ?? [],
              account: context.enrolment?.account || context.account,
            }),
          },
        },
        'codes.done': {
          target: 'on',
          actions: assign({ recoveryCodes: null, enrolment: null, copied: 'no' as const }),
        },
      },
      states: {
        idle: {
          on: { 'codes.copy': 'copying' },
        },
        copying: {
          invoke: {
            src: 'copyCodes',
            input: ({ context }) => ({ codes: context.recoveryCodes ?? [] }),
            onDone: { target: 'idle', actions: assign({ copied: 'yes' as const }) },
            onError: { target: 'idle', actions: assign({ copied: 'failed' as const }) },
          },
        },
      },
    },
    on: {
      on: {
        'disable.start': { target: 'disabling', actions: assign({ failure: null, codeProblem: null }) },
        'regenerate.start': { target: 'regenerating', actions: assign({ failure: null, codeProblem: null }) },
      },
    },
    regenerating: codeConfirmState({
      tag: 'regenerating',
      confirm: 'regenerate.confirm',
      cancel: 'regenerate.cancel',
      send: 'regenerateCodes',
      doneTarget: '#twoFactor.showingCodes',
      whenDone: (output) => ({
        recoveryCodes: output.recoveryCodes,
        codesFrom: 'regeneration' as const,
        status: output.status,
        copied: 'no' as const,
      }),
    }),
    disabling: codeConfirmState({
      tag: 'disabling',
      confirm: 'disable.confirm',
      cancel: 'disable.cancel',
      send: 'disable',
      doneTarget: '#twoFactor.off',
      whenDone: (output) => ({ status: output }),
    }),
  },
});

export type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

export type TwoFactorScreen =
  | 'loading'
  | 'loadFailed'
  | 'off'
  | 'enrolling'
  | 'codes'
  | 'on'
  | 'disabling'
  | 'regenerating';

export function selectScreen(s: TwoFactorSnapshot): TwoFactorScreen {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.hasTag('enrolling')) return 'enrolling';
  if (s.hasTag('codes')) return 'codes';
  if (s.hasTag('disabling')) return 'disabling';
  if (s.hasTag('regenerating')) return 'regenerating';
  if (s.matches('on')) return 'on';
  // off, and starting (the button shows it is busy)
  return 'off';
}
export const selectBusy = (s: TwoFactorSnapshot) => s.hasTag('busy');
export const selectStatus = (s: TwoFactorSnapshot) => s.context.status;
export const selectEnrolment = (s: TwoFactorSnapshot) => s.context.enrolment;
export const selectRecoveryCodes = (s: TwoFactorSnapshot) => s.context.recoveryCodes;
export const selectCodesFrom = (s: TwoFactorSnapshot) => s.context.codesFrom;
export const selectFailure = (s: TwoFactorSnapshot) => s.context.failure;
export const selectCodeProblem = (s: TwoFactorSnapshot) => s.context.codeProblem;
export const selectCopied = (s: TwoFactorSnapshot) => s.context.copied;
