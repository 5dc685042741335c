import type { Context } from 'hono';
import * as operations from '../../../contract/api/users';
import { type StaffChangeKind, STAFF_CHANGE_KINDS } from '../../../contract/staff-users';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { pendingChanges } from '../../domain/change-requests/requests';
import { type CredentialChange, changeCredential } from '../../domain/users/credentials';
import { listUsers, loadUser, type ViewContext } from '../../domain/users/views';
import { createUser, updateUser } from '../../domain/users/changes';
import { aftuMembers, type Audit, cannotChangeOwn, setActive } from '../../domain/users/write';

function viewContext(c: Context<AppEnv>): ViewContext {
  const { groupIds, clock, config } = c.get('deps');
  return { groupIds, now: clock.now(), failureWindowMs: config.login.windowMs };
}

const auditIn =
  (c: Context<AppEnv>, tx: Db): Audit =>
  (entry) =>
    recordAudit(c, tx, entry);

/** An admin acts on other users; their own account is another admin's to change. */
function notOwn(c: Context<AppEnv>, id: number) {
  if (c.get('user').userId === id) throw cannotChangeOwn();
}

export function userRoutes() {
  const router = createRouter();
  router.use('/users', requireSession());
  router.use('/users/*', requireSession());

  router.openapi(routeFor(operations.listUsers), async (c) => {
    const { db } = c.get('deps');
    const [page, waiting] = await Promise.all([
      listUsers(db, c.req.valid('query'), viewContext(c)),
      pendingChanges(db, STAFF_CHANGE_KINDS, c.get('user').userId),
    ]);
    const pending = waiting.map(({ id, kind, summary, maker, mine, createdAt }) => ({
      id,
      kind: kind as StaffChangeKind,
      summary,
      maker,
      mine,
      createdAt,
    }));
    return c.json({ status: true as const, payload: { ...page, pending } }, 200);
  });

  router.openapi(routeFor(operations.listAftuMembers), async (c) => {
    const members = await aftuMembers(c.get('deps').db);
    return c.json({ status: true as const, payload: { members } }, 200);
  });

  router.openapi(routeFor(operations.createUser), async (c) => {
    const payload = await createUser(c, c.req.valid('json'), viewContext(c));
    return payload.applied
      ? c.json({ status: true as const, payload }, 201)
      : c.json({ status: true as const, payload }, 202);
  });

  router.openapi(routeFor(operations.updateUser), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    const payload = await updateUser(c, id, c.req.valid('json'), viewContext(c));
    return payload.applied
      ? c.json({ status: true as const, payload }, 200)
      : c.json({ status: true as const, payload }, 202);
  });

  router.openapi(routeFor(operations.deactivateUser), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    const { db, clock } = c.get('deps');
    await db.transaction((tx) => setActive(tx, id, false, clock.now(), auditIn(c, tx)));
    return c.json({ status: true as const, payload: await loadUser(db, id, viewContext(c)) }, 200);
  });

  /** At once (200, the user after it) or waiting for a second administrator (202). */
  const credentialAnswer = async (c: Context<AppEnv>, id: number, change: CredentialChange) =>
    change.applied
      ? c.json({ status: true as const, payload: await loadUser(c.get('deps').db, id, viewContext(c)) }, 200)
      : c.json({ status: true as const, payload: change }, 202);

  router.openapi(routeFor(operations.reactivateUser), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'reactivate'));
  });

  router.openapi(routeFor(operations.resetUserPassword), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    const change = await changeCredential(c, id, 'passwordReset');
    if (!change.applied) return c.json({ status: true as const, payload: change }, 202);
    const user = await loadUser(c.get('deps').db, id, viewContext(c));
    return c.json({ status: true as const, payload: { user, oneTimePassword: change.oneTimePassword ?? '' } }, 200);
  });

  router.openapi(routeFor(operations.unlockUser), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'unlock'));
  });

  router.openapi(routeFor(operations.resetUserTwoFactor), async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'twoFactorReset'));
  });

  return router;
}
