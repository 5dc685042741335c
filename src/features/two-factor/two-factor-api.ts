import type {
  confirmEnrolment,
  disableTwoFactor,
  readTwoFactor,
  readUserTwoFactor,
  renewRecoveryCodes,
  resetUserTwoFactor,
  startEnrolment,
} from '../../../contract/api/two-factor';
import type { ApiClient } from '../../api/client';

/** The /two-factor page's operations (contract/api/two-factor.ts). */
export const twoFactorApi = (api: ApiClient) => ({
  status: () => api.call<typeof readTwoFactor>('GET /two-factor'),
  startEnrolment: () => api.call<typeof startEnrolment>('POST /two-factor/enrolment'),
  confirmEnrolment: (code: string) =>
    api.call<typeof confirmEnrolment>('POST /two-factor/enrolment/confirm', { body: { code } }),
  disable: (code: string) => api.call<typeof disableTwoFactor>('POST /two-factor/disable', { body: { code } }),
  renewCodes: (code: string) =>
    api.call<typeof renewRecoveryCodes>('POST /two-factor/recovery-codes', { body: { code } }),
  userStatus: (username: string) =>
    api.call<typeof readUserTwoFactor>('GET /two-factor/users/{username}', { params: { username } }),
  /** 200 with the user's state once reset; 202 with a change request when a second administrator must approve. */
  reset: (username: string) =>
    api.call<typeof resetUserTwoFactor>('POST /two-factor/users/{username}/reset', { params: { username } }),
});
