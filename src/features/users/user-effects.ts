import { fromPromise } from 'xstate';
import type { BankOption } from '../../../contract/api/banks';
import type { UserCreateBody } from '../../../contract/staff-users';
import type { AftuMemberOption, StaffChangeWaiting, StaffUserChange, StaffUserPage, StaffUserView } from '../../../contract/api/users';
import type { ApiClient } from '../../api/client';
import type { ActResult, UserAction, UsersQuery } from './users-machine';

/** The path each row action posts to. */
const ACTION_PATHS: Record<UserAction, string> = {
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  passwordReset: 'password-reset',
  unlock: 'unlock',
  twoFactorReset: 'two-factor/reset',
};

function queryOf(query: UsersQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  if (query.q.trim()) out.q = query.q.trim();
  if (query.group) out.group = query.group;
  if (query.status) out.status = query.status;
  return out;
}

/** The users machine's effects over the one API client, and the clipboard. */
export function userEffects(api: ApiClient, copy: (text: string) => Promise<void>) {
  return {
    loadUsers: fromPromise<StaffUserPage, UsersQuery>(({ input, signal }) =>
      api.get<StaffUserPage>('users', { query: queryOf(input), signal }),
    ),
    loadBanks: fromPromise<BankOption[]>(async () => (await api.get<{ banks: BankOption[] }>('banks/options')).banks),
    loadAftuMembers: fromPromise<AftuMemberOption[]>(
      async () => (await api.get<{ members: AftuMemberOption[] }>('users/aftu-members')).members,
    ),
    saveUser: fromPromise<StaffUserChange, { id: number | null; body: UserCreateBody }>(({ input }) => {
      if (input.id === null) return api.post<StaffUserChange>('users', input.body);
      const { username: _fixed, ...fields } = input.body;
      return api.put<StaffUserChange>(`users/${input.id}`, fields);
    }),
    actOnUser: fromPromise<ActResult, { id: number; action: UserAction }>(async ({ input }) => {
      const path = `users/${input.id}/${ACTION_PATHS[input.action]}`;
      type Answer = StaffUserView | { user: StaffUserView; oneTimePassword: string } | StaffChangeWaiting;
      const answer = await api.post<Answer>(path);
      // 202: a deciding user's action waits for a second administrator (decision 031).
      if ('applied' in answer) return answer;
      return 'user' in answer ? { applied: true, ...answer } : { applied: true, user: answer };
    }),
    copyText: fromPromise<void, { text: string }>(({ input }) => copy(input.text)),
  };
}
