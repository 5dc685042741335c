import type { answerTwoFactorChallenge } from '../../contract/api/two-factor';
import type { login, logout } from '../../contract/api/auth';
import { HEADER, channelForUsername } from '../../contract/http';
import type { ApiClient } from '../api/client';

/**
 * The session's operations of signing in and out (contract/api/auth.ts, two-factor.ts), which
 * the app assembles its session actor from; a signed-in session's own are signed-in-api.ts.
 */
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
});
