/**
 * The graphs of the two machines around a signed-in user: their own two-step verification
 * (/two-factor) and the idle countdown. What each step means on screen is in the runners
 * (tests/unit/two-factor.paths.test.tsx, tests/unit/idle.paths.test.tsx).
 */
import { ApiRequestError } from '../../../src/api/client';
import { twoFactorMachine } from '../../../src/features/two-factor/two-factor-machine';
import { IDLE_WARNING_MS, idleMachine } from '../../../src/session/idle-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);

/** The codes a step types, by the graph's label: one the browser refuses, one it sends. */
export const TWO_FACTOR_TYPED = { 'malformed code': '1234', 'a code': '314159' } as const;
/** Recovery codes are accepted where a code is asked again (turning off, a new set). */
export const TWO_FACTOR_CONFIRM = { 'malformed code': 'abc', 'a code': 'k7m23-9qx43' } as const;

const typed = (codes: Record<string, string>) => Object.entries(codes).map(([label, code]) => ({ label, code }));
const OFF = { enabled: false, enabledAt: null, pending: false, recoveryCodesLeft: 0 };
const ON = { enabled: true, enabledAt: '2026-11-22T09:00:00.000Z', pending: false, recoveryCodesLeft: 10 };
const CODES = ['k7m20-9qx40'];

export const twoFactorGraph: MachineGraph<typeof twoFactorMachine> = {
  id: 'twoFactor',
  machine: twoFactorMachine,
  input: { account: 'admin' },
  // Cancel is disabled while a code is being checked.
  filter: (snapshot, name) => !(name.endsWith('.cancel') && snapshot.hasTag('busy')),
  variants: () => ({
    'loadStatus.done': [
      { label: 'off', output: OFF },
      { label: 'on', output: ON },
    ],
    'loadStatus.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'status.retry': [{ label: 'retry' }],
    'enrol.start': [{ label: 'set up' }],
    'startEnrolment.done': [
      {
        label: 'key',
        output: { secret: 'S', otpauthUri: 'otpauth://x', qrCode: 'data:,', issuer: 'I', account: 'admin' },
      },
    ],
    'startEnrolment.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'enrol.confirm': typed(TWO_FACTOR_TYPED),
    'enrol.cancel': [{ label: 'cancel' }],
    'confirmEnrolment.done': [{ label: 'codes', output: { enabledAt: ON.enabledAt, recoveryCodes: CODES } }],
    'confirmEnrolment.error': [{ label: 'wrong code', error: apiError(400, 'INVALID_TWO_FACTOR_CODE') }],
    'codes.copy': [{ label: 'copy' }],
    'copyCodes.done': [{ label: 'copied' }],
    'copyCodes.error': [{ label: 'clipboard refused', error: new Error('denied') }],
    'codes.download': [{ label: 'download' }],
    'codes.done': [{ label: 'saved' }],
    'disable.start': [{ label: 'turn off' }],
    'disable.cancel': [{ label: 'cancel' }],
    'disable.confirm': typed(TWO_FACTOR_CONFIRM),
    'disable.done': [{ label: 'off', output: OFF }],
    'disable.error': [{ label: 'wrong code', error: apiError(400, 'INVALID_TWO_FACTOR_CODE') }],
    'regenerate.start': [{ label: 'new codes' }],
    'regenerate.cancel': [{ label: 'cancel' }],
    'regenerate.confirm': typed(TWO_FACTOR_CONFIRM),
    'regenerateCodes.done': [{ label: 'codes', output: { recoveryCodes: CODES, status: ON } }],
    'regenerateCodes.error': [{ label: 'wrong code', error: apiError(400, 'INVALID_TWO_FACTOR_CODE') }],
  }),
};

/** The server's idle timeout the graph starts with, and what its answers leave of it. */
export const IDLE_MS = 15 * 60_000;
export const IDLE_LEFT = { 'plenty left': IDLE_MS, 'some left': IDLE_WARNING_MS / 2, 'none left': 0 } as const;
const left = Object.entries(IDLE_LEFT).map(([label, idleRemainingMs]) => ({
  label,
  output: { at: 0, idleRemainingMs },
}));
const idleErrors = [
  { label: 'session ended', error: Object.assign(new Error('expired'), { sessionExpired: true }) },
  { label: 'no answer', error: new TypeError('Failed to fetch') },
];

export const idleGraph: MachineGraph<typeof idleMachine> = {
  id: 'idle',
  machine: idleMachine,
  // The app starts the countdown when a session begins, and only then.
  filter: (snapshot, name) => name !== 'idle.start' || snapshot.matches('off'),
  variants: (snapshot) => ({
    'idle.start': [{ label: 'signed in', idleMs: IDLE_MS, at: 0 }],
    'idle.stop': [{ label: 'signed out' }],
    'idle.activity': [{ label: 'a request', at: snapshot.context.learntAt }],
    'idle.tick': [
      { label: 'a second', now: snapshot.context.deadline - 1000 },
      { label: 'zero', now: snapshot.context.deadline },
    ],
    'idle.stay': [{ label: 'stay' }],
    'idle.signOut': [{ label: 'sign out' }],
    'after(untilWarning)@on.watching': [{ label: 'two minutes before the end' }],
    'checkSession@on.verifying.done': left.filter((l) => l.label !== 'none left'),
    'checkSession@on.verifying.error': idleErrors,
    'checkSession@on.confirmingExpiry.done': left,
    'checkSession@on.confirmingExpiry.error': idleErrors,
    'keepAlive.done': [left[0] as (typeof left)[number]],
    'keepAlive.error': idleErrors,
  }),
};
