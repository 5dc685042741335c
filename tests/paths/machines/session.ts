/**
 * The session machine's graph: the outcomes its actors can have. What each step means on
 * screen is in the runners (tests/unit/session.paths.test.tsx, tests/e2e/session.paths.spec.ts).
 */
import { TWO_FACTOR_ERRORS } from '../../../contract/two-factor';
import { sessionMachine } from '../../../src/machines/session';
import type { MachineGraph } from '../graph-adapter';

/** The API's error object, as the app's client throws it (only `code` decides the machine's way). */
const apiError = (code: string) => Object.assign(new Error(code), { code });
const USER = { profile: { username: 'someone' }, groupDetails: {}, sessionId: 's' };
/** Signed in with a one-time password (npm run user:create): a password of their own comes first. */
const ONE_TIME_USER = { ...USER, mustChangePassword: true };

export const sessionGraph: MachineGraph<typeof sessionMachine> = {
  id: 'session',
  machine: sessionMachine,
  // "Back to sign in" is disabled while a code is being checked.
  filter: (snapshot, name) =>
    !(name === 'session.twoFactor.cancel' && snapshot.matches({ signedOut: { twoFactor: 'verifying' } })),
  variants: () => ({
    'restoreSession.done': [
      { label: 'stored user', output: USER },
      { label: 'stored user with a one-time password', output: ONE_TIME_USER },
      { label: 'nothing stored', output: null },
    ],
    'restoreSession.error': [{ label: 'storage refused', error: new Error('storage refused') }],
    'session.login': [{ label: 'password', username: 'someone', password: 'x' }],
    'loginRequest.done': [
      { label: 'user', output: USER },
      { label: 'one-time password', output: ONE_TIME_USER },
      { label: 'code asked', output: { twoFactorRequired: true, challengeToken: 't', expiresAt: '2099-01-01' } },
    ],
    'loginRequest.error': [{ label: 'refused', error: apiError('INVALID_CREDENTIALS') }],
    'session.twoFactor.submit': [{ label: 'code', code: '123456' }],
    'verifyTwoFactor.done': [{ label: 'user', output: USER }],
    'verifyTwoFactor.error': [
      { label: 'wrong code', error: apiError('INVALID_TWO_FACTOR_CODE') },
      { label: 'challenge expired', error: apiError(TWO_FACTOR_ERRORS.challengeExpired) },
      { label: 'too many attempts', error: apiError('TOO_MANY_ATTEMPTS') },
    ],
    'session.expired': [{ label: 'server ended it', message: 'expired' }],
    'session.passwordChanged': [{ label: 'new password', user: USER }],
  }),
};
