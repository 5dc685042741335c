import { and, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type GroupIdTable, groupKeyForId } from '../../../contract/groups';
import { BANK_PROFILES, type BankProfile, type UserListQuery } from '../../../contract/staff-users';
import type { StaffUserPage, StaffUserView } from '../../../contract/api/users';
import type { Db } from '../../db/database';
import { associatedMembers, banks, loginThrottle, userTwoFactor, users } from '../../db/schema';
import { notFoundError } from '../../lib/api-error';
import { containsPattern, nameContains } from '../search/patterns';
import { decides } from './reach';

/** What a view needs besides the rows: the group ids, and how long sign-in failures are remembered. */
export interface ViewContext {
  groupIds: GroupIdTable;
  now: Date;
  failureWindowMs: number;
}

const throttleKey = sql`'user:' || lower(${users.username})`;

const columns = {
  id: users.id,
  username: users.username,
  name: users.name,
  groupId: users.groupId,
  profile: users.profile,
  phone: users.phone,
  email: users.email,
  mustChangePassword: users.mustChangePassword,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  bankId: banks.id,
  bankCode: banks.code,
  bankName: banks.name,
  twoFactorOn: isNotNull(userTwoFactor.enabledAt),
  failures: loginThrottle.failures,
  lastFailureAt: loginThrottle.lastFailureAt,
};

type Members = Map<number, StaffUserView['members']>;

/** The AFTU members each of these users represents (brokers only have any). */
export async function membersOf(db: Db, userIds: readonly number[]): Promise<Members> {
  const members: Members = new Map();
  if (userIds.length === 0) return members;
  const rows = await db
    .select({
      userId: associatedMembers.brokerUserId,
      memberId: associatedMembers.memberId,
      name: associatedMembers.memberName,
    })
    .from(associatedMembers)
    .where(inArray(associatedMembers.brokerUserId, [...userIds]))
    .orderBy(associatedMembers.memberName);
  for (const { userId, memberId, name } of rows) {
    const list = members.get(userId) ?? [];
    list.push({ memberId, name });
    members.set(userId, list);
  }
  return members;
}

function viewOf(
  row: Awaited<ReturnType<typeof selectRows>>[number],
  ctx: ViewContext,
  members: Members,
): StaffUserView {
  const remembered =
    row.lastFailureAt !== null && ctx.now.getTime() - row.lastFailureAt.getTime() <= ctx.failureWindowMs;
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    group: groupKeyForId(row.groupId, ctx.groupIds),
    bank: row.bankId !== null ? { id: row.bankId, code: row.bankCode ?? '', name: row.bankName ?? '' } : null,
    profile: BANK_PROFILES.includes(row.profile as BankProfile) ? (row.profile as BankProfile) : null,
    phone: row.phone,
    email: row.email,
    members: members.get(row.id) ?? [],
    status: row.deactivatedAt ? 'deactivated' : 'active',
    mustChangePassword: row.mustChangePassword,
    twoFactor: Boolean(row.twoFactorOn),
    throttled: remembered && (row.failures ?? 0) > 0,
    decides: decides(row, ctx.groupIds),
    createdAt: row.createdAt.toISOString(),
  };
}

function selectRows(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select(columns)
    .from(users)
    .leftJoin(banks, eq(banks.id, users.bankId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .leftJoin(loginThrottle, eq(loginThrottle.key, throttleKey))
    .where(where)
    .orderBy(sql`${users.deactivatedAt} IS NOT NULL`, sql`lower(${users.name})`, users.id);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

function filtersOf(query: UserListQuery, groupIds: GroupIdTable): SQL | undefined {
  const needle = query.q?.trim();
  return and(
    needle ? or(ilike(users.username, containsPattern(needle)), nameContains(users.name, needle)) : undefined,
    query.group ? inArray(users.groupId, [...groupIds[query.group]]) : undefined,
    query.status === 'active' ? isNull(users.deactivatedAt) : undefined,
    query.status === 'deactivated' ? isNotNull(users.deactivatedAt) : undefined,
    query.id === undefined ? undefined : eq(users.id, query.id),
  );
}

/** Staff users by name or username, group and status: active users first, then by name. */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  ctx: ViewContext,
): Promise<Omit<StaffUserPage, 'pending'>> {
  const { page, pageSize } = query;
  const where = filtersOf(query, ctx.groupIds);
  const [rows, [total]] = await Promise.all([
    selectRows(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => viewOf(r, ctx, members)), total: total?.n ?? 0, page, pageSize };
}

export async function loadUser(db: Db, id: number, ctx: ViewContext): Promise<StaffUserView> {
  const [row] = await selectRows(db, eq(users.id, id));
  if (!row) throw notFoundError('There is no such user.');
  return viewOf(row, ctx, await membersOf(db, [id]));
}
