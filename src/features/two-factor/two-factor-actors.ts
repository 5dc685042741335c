import { fromPromise } from 'xstate';
import type {
  TwoFactorEnabled,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
  TwoFactorUserStatus,
} from '../../../contract/api/two-factor';
import type { ApiClient } from '../../api/client';
import { twoFactorApi } from './two-factor-api';

/** The /two-factor machines' effects: its operations (two-factor-api.ts), the clipboard and the file download. */
export function twoFactorEffects(
  api: ApiClient,
  browser: { copy: (text: string) => Promise<void>; download: (name: string, text: string) => void },
) {
  const calls = twoFactorApi(api);
  return {
    actors: {
      loadStatus: fromPromise(() => calls.status()),
      startEnrolment: fromPromise(() => calls.startEnrolment()),
      confirmEnrolment: fromPromise<TwoFactorEnabled, { code: string }>(({ input }) =>
        calls.confirmEnrolment(input.code),
      ),
      disable: fromPromise<TwoFactorStatus, { code: string }>(({ input }) => calls.disable(input.code)),
      regenerateCodes: fromPromise<TwoFactorRecoveryCodes, { code: string }>(({ input }) =>
        calls.renewCodes(input.code),
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
  const calls = twoFactorApi(api);
  return {
    actors: {
      lookUp: fromPromise<TwoFactorUserStatus, { username: string }>(({ input }) => calls.userStatus(input.username)),
      reset: fromPromise<{ target: TwoFactorUserStatus; waiting: boolean }, { username: string }>(async ({ input }) => {
        const answer = await calls.reset(input.username);
        if (!('applied' in answer)) return { target: answer, waiting: false };
        // 202: the user decides something; a second administrator approves the reset in the inbox.
        return { target: await calls.userStatus(input.username), waiting: true };
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
