import { fromPromise } from 'xstate';
import type {
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
  TwoFactorUserStatus,
} from '../../../contract/two-factor';
import type { StaffChangeWaiting } from '../../../contract/api/users';
import type { ApiClient } from '../../api/client';

/** The /two-factor machines' effects over the one API client (docs/architecture.md: pages never fetch). */
export function twoFactorEffects(
  api: ApiClient,
  browser: { copy: (text: string) => Promise<void>; download: (name: string, text: string) => void },
) {
  return {
    actors: {
      loadStatus: fromPromise(() => api.get<TwoFactorStatus>('two-factor')),
      startEnrolment: fromPromise(() => api.post<TwoFactorEnrolment>('two-factor/enrolment')),
      confirmEnrolment: fromPromise<TwoFactorEnabled, { code: string }>(({ input }) =>
        api.post<TwoFactorEnabled>('two-factor/enrolment/confirm', { code: input.code }),
      ),
      disable: fromPromise<TwoFactorStatus, { code: string }>(({ input }) =>
        api.post<TwoFactorStatus>('two-factor/disable', { code: input.code }),
      ),
      regenerateCodes: fromPromise<TwoFactorRecoveryCodes, { code: string }>(({ input }) =>
        api.post<TwoFactorRecoveryCodes>('two-factor/recovery-codes', { code: input.code }),
      ),
      copyCodes: fromPromise<void, { codes: string[] }>(({ input }) => browser.copy(input.codes.join('\n'))),
    },
    actions: {
      downloadCodes: (_: unknown, params: { codes: string[]; account: string }) =>
        browser.download(recoveryFileName(params.account), recoveryFileText(params.codes, params.account)),
    },
  };
}

export function adminResetEffects(api: ApiClient) {
  const userPath = (username: string) => `two-factor/users/${encodeURIComponent(username)}`;
  return {
    actors: {
      lookUp: fromPromise<TwoFactorUserStatus, { username: string }>(({ input }) =>
        api.get<TwoFactorUserStatus>(userPath(input.username)),
      ),
      reset: fromPromise<{ target: TwoFactorUserStatus; waiting: boolean }, { username: string }>(async ({ input }) => {
        const answer = await api.post<TwoFactorUserStatus | StaffChangeWaiting>(`${userPath(input.username)}/reset`);
        if (!('applied' in answer)) return { target: answer, waiting: false };
        // 202: the user decides something; a second administrator approves the reset in the inbox.
        return { target: await api.get<TwoFactorUserStatus>(userPath(input.username)), waiting: true };
      }),
    },
  };
}

export const recoveryFileName = (account: string) =>
  `recovery-codes-${account.replace(/[^\w.-]+/g, '_') || 'account'}.txt`;

/** The downloaded file: the codes, one a line, with what they are for. */
export function recoveryFileText(codes: readonly string[], account: string): string {
  return [
    `Wallet Back-office: two-step verification recovery codes for ${account}`,
    'Each code signs you in once, instead of the code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
