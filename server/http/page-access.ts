import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { groupKeyForId } from '../../contract/groups';
import { ENDPOINT_ACCESS, linksOpenAny, OPEN_BEFORE_PASSWORD_CHANGE } from '../../contract/navigation/endpoint-access';
import { menuFor, menuLinks } from '../../contract/navigation/menus';
import { associatedMembers } from '../db/schema';
import type { AppEnv } from './env';
import type { SessionUser } from '../lib/session-user';
import { ApiError } from '../lib/api-error';
import { operationKey, pathParams } from './operations';

/** The links of the caller's menu, built exactly as the dashboard builds it. */
export async function menuLinksOf(c: Context<AppEnv>, user: SessionUser, groupId = user.groupId): Promise<string[]> {
  const { db, groupIds, sessionCache } = c.get('deps');
  const group = groupKeyForId(groupId, groupIds);
  // Cached with the session: a change of a broker's members announces the broker (decision 062).
  const members =
    group === 'aftuMaster'
      ? await sessionCache.membersOf(user.userId, () =>
          db
            .select({ memberId: associatedMembers.memberId, memberName: associatedMembers.memberName })
            .from(associatedMembers)
            .where(eq(associatedMembers.brokerUserId, user.userId)),
        )
      : [];
  return menuLinks(menuFor({ group, profileName: user.profileName, members }));
}

const pageForbidden = () =>
  new ApiError(403, 'FORBIDDEN', 'Forbidden', 'Your menu has no page that uses this operation.');

/** The operation the request is routed to: the handler among the matched routes, not a middleware. */
function operationOf(c: Context<AppEnv>): { key: string; template: string } | null {
  // The first: the dashboard's catch-all GET handler is registered after every API route.
  const handler = c.req.matchedRoutes.find((r) => r.method !== 'ALL');
  if (!handler) return null;
  const key = operationKey(c.req.method === 'HEAD' ? 'GET' : c.req.method, handler.path);
  return { key, template: key.slice(key.indexOf(' ') + 1) };
}

/**
 * A session signed in with a one-time password calls nothing but the password change (and what
 * keeps or ends the session) until the password is its own.
 */
export function refuseUntilPasswordChanged(c: Context<AppEnv>): void {
  const operation = operationOf(c);
  if (operation && OPEN_BEFORE_PASSWORD_CHANGE.has(operation.key)) return;
  throw new ApiError(
    403,
    'PASSWORD_CHANGE_REQUIRED',
    'Password change required',
    'You signed in with a one-time password: set a password of your own first.',
  );
}

/**
 * A signed-in caller may use an operation when its menu links to a page the operation serves
 * (contract/navigation/endpoint-access.ts); anything else is 403, and an operation nobody declared is closed.
 */
export async function authorizeOperation(c: Context<AppEnv>, user: SessionUser, groupId: number): Promise<void> {
  const operation = operationOf(c);
  const access = operation ? ENDPOINT_ACCESS[operation.key] : undefined;
  if (!operation || !access) throw pageForbidden();
  if (access.kind !== 'pages') return;
  const path = c.req.path.replace(/^\/rest(?=\/)/, '');
  const pages = access.pages(pathParams(operation.template, path));
  // Parameters that name no page (an unknown report or flow) are the resource's to answer: 404 or 400.
  if (pages.length === 0) return;
  if (!linksOpenAny(await menuLinksOf(c, user, groupId), pages)) throw pageForbidden();
}
