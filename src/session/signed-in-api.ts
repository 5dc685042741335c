import type { keepSessionAlive, readSessionStatus } from '../../contract/api/auth';
import type { listAssociatedMembers } from '../../contract/api/members';
import type { ApiClient } from '../api/client';

/**
 * A signed-in session's operations (contract/api/auth.ts, members.ts): its idle time, and the
 * associated members. They load with the signed-in services, not with /login (decision 060).
 */
export const signedInSessionApi = (api: ApiClient) => ({
  status: () => api.call<typeof readSessionStatus>('GET /auth/session'),
  keepAlive: () => api.call<typeof keepSessionAlive>('POST /auth/session/keep-alive'),
  associatedMembers: async (brokerId: number) =>
    (
      await api.call<typeof listAssociatedMembers>('GET /members/merchant-partner/associated-members', {
        query: { brokerId },
      })
    ).MemberDetailsList ?? [],
});
