import { and, eq, isNull, ne } from 'drizzle-orm';
import { changePassword } from '../../../contract/api/auth';
import { HEADER } from '../../../contract/http';
import { loadPasswordScorer } from '../../../contract/password-scorer';
import {
  PASSWORD_ERROR_CODES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
  passwordProblem,
} from '../../../contract/passwords';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { announceSessionChange } from '../../db/session-changes';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { ApiError } from '../../lib/api-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { claimAttempt, releaseAttempt } from '../../domain/sign-in/throttle';
import { buildUserObject } from '../../domain/sign-in/user-object';

/** The dictionaries load on the first change, not at start: most processes never need them. */
let scorer: ReturnType<typeof loadPasswordScorer> | undefined;
const passwordScorer = () => {
  scorer ??= loadPasswordScorer();
  return scorer;
};

const PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  tooShort: `The new password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The new password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`,
  sameAsUsername: 'The new password must not contain your username.',
  tooCommon: 'The new password is too common or too easy to guess: use a few unrelated words, or a longer one.',
};

const refused = (code: string, message: string) => new ApiError(400, code, 'Password not changed', message);

export function passwordRoutes() {
  const router = createRouter();
  router.use('/auth/password', requireSession());

  router.openapi(routeFor(changePassword), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { db, clock, config } = c.get('deps');
    const caller = c.get('user');
    const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
    if (!user) throw refused('CURRENT_PASSWORD_WRONG', 'The current password is not right.');
    // A wrong current password counts like a wrong sign-in: a session left open is no way to guess it.
    const attempt = await claimAttempt(c, user.username, user.id);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw refused('CURRENT_PASSWORD_WRONG', 'The current password is not right.');
    }
    await releaseAttempt(db, attempt);
    if (newPassword === currentPassword) {
      throw refused('PASSWORD_UNCHANGED', 'The new password must differ from the current one.');
    }
    const problem = passwordProblem(newPassword, user, await passwordScorer());
    if (problem) throw refused(PASSWORD_ERROR_CODES[problem], PROBLEM_MESSAGES[problem]);
    const passwordHash = await hashPassword(newPassword);
    const now = clock.now();
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false })
        .where(eq(users.id, user.id))
        .returning();
      // Whoever else holds a session of this user (a lost laptop, a shared password) is out.
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      await announceSessionChange(tx, user.id);
      await recordAudit(c, tx as unknown as Db, {
        action: 'auth.passwordChange',
        targetType: 'user',
        targetId: user.id,
        details: { oneTimePasswordReplaced: user.mustChangePassword, otherSessionsEnded: ended.length },
      });
      return row ?? user;
    });
    return c.json(
      {
        status: true as const,
        payload: await buildUserObject(db, updated, c.req.header(HEADER.sessionToken) ?? '', config.session),
      },
      200,
    );
  });

  return router;
}
