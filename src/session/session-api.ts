import type { answerTwoFactorChallenge } from '../../contract/api/two-factor';
import type { keepSessionAlive, login, logout, readSessionStatus } from '../../contract/api/auth';
import type { listAssociatedMembers } from '../../contract/api/members';
import { HEADER, channelForUsername } from '../../contract/http';
import type { ApiClient } from '../api/client';

/** The session's operations (contract/api/auth.ts, two-factor.ts, members.ts), which the app assembles its actors from. */
export const sessionApi = (api: ApiClient) => ({
  // No profile yet: the channel of a sign-in follows the username being submitted.
  login: (body: { username: string; password: string }) =>
    api.call<typeof login>('POST /auth/login', {
      body,
      headers: { [HEADER.channel]: channelForUsername(body.username) },
    }),
  answerChallenge: (body: { challengeToken: string; code: string }) =>
    api.call<typeof answerTwoFactorChallenge>('POST /auth/login/two-factor', { body }),
  /** The ending session's own token: the session context is cleared before the request leaves. */
  logout: (user: { sessionId: string; username: string }) =>
    api.call<typeof logout>('POST /auth/logout', {
      headers: { [HEADER.sessionToken]: user.sessionId, [HEADER.channel]: channelForUsername(user.username) },
    }),
  status: () => api.call<typeof readSessionStatus>('GET /auth/session'),
  keepAlive: () => api.call<typeof keepSessionAlive>('POST /auth/session/keep-alive'),
  associatedMembers: async (brokerId: number) =>
    (
      await api.call<typeof listAssociatedMembers>('GET /members/merchant-partner/associated-members', {
        query: { brokerId },
      })
    ).MemberDetailsList ?? [],
});
