import type { changePassword } from '../../../contract/api/auth';
import type { ApiClient } from '../../api/client';

/** The password pages' one operation (contract/api/auth.ts): the answer is the user object, mustChangePassword now false. */
export const passwordApi = (api: ApiClient) => ({
  change: (body: { currentPassword: string; newPassword: string }) =>
    api.call<typeof changePassword>('POST /auth/password', { body }),
});
