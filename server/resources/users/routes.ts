import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type StaffChangeKind, STAFF_CHANGE_KINDS, userListQuerySchema } from '../../../contract/staff-users';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { pendingChanges } from '../../domain/change-requests/requests';
import { type CredentialChange, changeCredential } from '../../domain/users/credentials';
import {
  aftuMemberList,
  appliedChange,
  createBody,
  passwordReset,
  updateBody,
  userIdParam,
  userPage,
  userView,
} from './schemas';
import { pendingChange } from '../../http/schemas/staff-change-pending';
import { listUsers, loadUser, type ViewContext } from '../../domain/users/views';
import { createUser, updateUser } from '../../domain/users/changes';
import { aftuMembers, type Audit, cannotChangeOwn, setActive } from '../../domain/users/write';

const TAGS = ['Staff accounts'];

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups with the admin menu manage staff accounts (FORBIDDEN)'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/users',
  tags: TAGS,
  summary: 'Staff users by name or username, group and status; active first, then by name',
  security: [{ session: [] }],
  request: { query: userListQuerySchema },
  responses: { 200: jsonSuccess(userPage, 'One page of users'), 400: errorResponse('VALIDATION_FAILED'), ...refusals },
});

const aftuMembersRoute = createRoute({
  method: 'get',
  path: '/users/aftu-members',
  tags: TAGS,
  summary: 'The AFTU members an AFTU master (broker) may represent, for the staff-user form',
  security: [{ session: [] }],
  responses: { 200: jsonSuccess(aftuMemberList, 'Every AFTU member, by member id'), ...refusals },
});

const createUserRoute = createRoute({
  method: 'post',
  path: '/users',
  tags: TAGS,
  summary:
    'Create a staff user with a one-time password (shown once). A user who will decide something (the admin menu’s groups, a bank Checker, support, KYC reviewers) waits for a second administrator instead (202): the maker gets the first half of the one-time password, the approving administrator the second. Audited.',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: createBody } }, required: true } },
  responses: {
    201: jsonSuccess(appliedChange, 'The new user and its one-time password'),
    202: jsonSuccess(pendingChange, 'A change request waits for a second administrator'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    409: errorResponse('USERNAME_TAKEN; CHANGE_PENDING (the same user already waits for a decision)'),
    422: errorResponse('BANK_NOT_FOUND; MEMBER_NOT_FOUND'),
  },
});

const updateUserRoute = createRoute({
  method: 'put',
  path: '/users/{id}',
  tags: TAGS,
  summary:
    'Change a staff user’s name, group, bank, profile or contact. Into or out of the admin menu’s groups, or a change that widens what the user decides (a bank Checker’s profile or bank, a deciding group), waits for a second administrator (202). Audited.',
  security: [{ session: [] }],
  request: {
    params: userIdParam,
    body: { content: { 'application/json': { schema: updateBody } }, required: true },
  },
  responses: {
    200: jsonSuccess(appliedChange, 'The user after the change'),
    202: jsonSuccess(pendingChange, 'A change request waits for a second administrator'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('NOT_FOUND'),
    409: errorResponse('CANNOT_CHANGE_OWN; CHANGE_PENDING (a change of this user already waits)'),
    422: errorResponse('BANK_NOT_FOUND; MEMBER_NOT_FOUND'),
  },
});

const actionRoute = (path: string, summary: string, conflicts?: string) =>
  createRoute({
    method: 'post',
    path: `/users/{id}/${path}`,
    tags: TAGS,
    summary,
    security: [{ session: [] }],
    request: { params: userIdParam },
    responses: {
      200: jsonSuccess(userView, 'The user after the change'),
      400: errorResponse('VALIDATION_FAILED'),
      ...refusals,
      404: errorResponse('NOT_FOUND'),
      ...(conflicts ? { 409: errorResponse(conflicts) } : {}),
    },
  });

/** An action that waits for a second administrator when its user decides something (decision 031). */
const credentialRoute = (path: string, summary: string, conflicts: string) => {
  const route = actionRoute(path, summary, conflicts);
  return {
    ...route,
    responses: {
      ...route.responses,
      202: jsonSuccess(pendingChange, 'The user decides something: a change request waits for a second administrator'),
    },
  };
};

const WAITS = ' A user who decides something (isDecidingUser) waits for a second administrator (202).';

const deactivateRoute = actionRoute(
  'deactivate',
  'Deactivate a staff user: every session ends at once and sign-in is refused. Audited.',
  'ALREADY_DEACTIVATED; CANNOT_CHANGE_OWN',
);
const reactivateRoute = credentialRoute(
  'reactivate',
  `Let a deactivated user sign in again.${WAITS} Audited.`,
  'ALREADY_ACTIVE; CANNOT_CHANGE_OWN; CHANGE_PENDING',
);
const unlockRoute = credentialRoute(
  'unlock',
  `Forget the user’s sign-in failures: the next attempt is checked at once.${WAITS} Audited.`,
  'CANNOT_CHANGE_OWN; CHANGE_PENDING',
);
const twoFactorResetRoute = credentialRoute(
  'two-factor/reset',
  `Remove the user’s two-factor sign-in (a lost phone): the password alone signs in until they turn it on again.${WAITS} Audited.`,
  'CANNOT_CHANGE_OWN; TWO_FACTOR_NOT_ENABLED; CHANGE_PENDING',
);

const passwordResetRoute = createRoute({
  method: 'post',
  path: '/users/{id}/password-reset',
  tags: TAGS,
  summary:
    'Issue a new one-time password: the old one stops working, sessions end, the user must choose a new one at next sign-in. For a user who decides nothing, at once, the password shown once (200). For a user who decides something, a change request (202): the maker gets the first half of the password, the approving administrator the second. Audited.',
  security: [{ session: [] }],
  request: { params: userIdParam },
  responses: {
    200: jsonSuccess(passwordReset, 'The user and its one-time password'),
    202: jsonSuccess(pendingChange, 'Waits for a second administrator; the first half of the password, shown once'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('NOT_FOUND'),
    409: errorResponse('CANNOT_CHANGE_OWN; CHANGE_PENDING'),
    503: errorResponse('SECRET_KEY_MISSING: no server key to keep the first half with'),
  },
});

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

  router.openapi(listRoute, async (c) => {
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

  router.openapi(aftuMembersRoute, async (c) => {
    const members = await aftuMembers(c.get('deps').db);
    return c.json({ status: true as const, payload: { members } }, 200);
  });

  router.openapi(createUserRoute, async (c) => {
    const payload = await createUser(c, c.req.valid('json'), viewContext(c));
    return payload.applied
      ? c.json({ status: true as const, payload }, 201)
      : c.json({ status: true as const, payload }, 202);
  });

  router.openapi(updateUserRoute, async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    const payload = await updateUser(c, id, c.req.valid('json'), viewContext(c));
    return payload.applied
      ? c.json({ status: true as const, payload }, 200)
      : c.json({ status: true as const, payload }, 202);
  });

  router.openapi(deactivateRoute, async (c) => {
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

  router.openapi(reactivateRoute, async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'reactivate'));
  });

  router.openapi(passwordResetRoute, async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    const change = await changeCredential(c, id, 'passwordReset');
    if (!change.applied) return c.json({ status: true as const, payload: change }, 202);
    const user = await loadUser(c.get('deps').db, id, viewContext(c));
    return c.json({ status: true as const, payload: { user, oneTimePassword: change.oneTimePassword ?? '' } }, 200);
  });

  router.openapi(unlockRoute, async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'unlock'));
  });

  router.openapi(twoFactorResetRoute, async (c) => {
    const id = c.req.valid('param').id;
    notOwn(c, id);
    return credentialAnswer(c, id, await changeCredential(c, id, 'twoFactorReset'));
  });

  return router;
}
