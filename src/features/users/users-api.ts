import type { listBankOptions } from '../../../contract/api/banks';
import type {
  createUser,
  deactivateUser,
  listAftuMembers,
  listUsers,
  reactivateUser,
  resetUserPassword,
  resetUserTwoFactor,
  StaffUserChange,
  unlockUser,
  updateUser,
} from '../../../contract/api/users';
import type { UserCreateBody } from '../../../contract/staff-users';
import type { ApiClient } from '../../api/client';
import type { UserAction, UsersQuery } from './users-machine';

/** The filters as the list takes them: an empty search or filter is left out. */
function queryOf(query: UsersQuery) {
  const q = query.q.trim();
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(q ? { q } : {}),
    ...(query.group ? { group: query.group } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.id ? { id: query.id } : {}),
  };
}

/** One user's action: a deciding user's (202) waits for a second administrator (decision 031). */
function act(api: ApiClient, id: number, action: UserAction) {
  const params = { id };
  switch (action) {
    case 'deactivate':
      return api.call<typeof deactivateUser>('POST /users/{id}/deactivate', { params });
    case 'reactivate':
      return api.call<typeof reactivateUser>('POST /users/{id}/reactivate', { params });
    case 'passwordReset':
      return api.call<typeof resetUserPassword>('POST /users/{id}/password-reset', { params });
    case 'unlock':
      return api.call<typeof unlockUser>('POST /users/{id}/unlock', { params });
    case 'twoFactorReset':
      return api.call<typeof resetUserTwoFactor>('POST /users/{id}/two-factor/reset', { params });
  }
}

/** The users page's operations (contract/api/users.ts). */
export const usersApi = (api: ApiClient) => ({
  list: (query: UsersQuery, signal?: AbortSignal) =>
    api.call<typeof listUsers>('GET /users', { query: queryOf(query), signal }),
  bankOptions: async () => (await api.call<typeof listBankOptions>('GET /banks/options')).banks,
  aftuMembers: async () => (await api.call<typeof listAftuMembers>('GET /users/aftu-members')).members,
  save: (id: number | null, body: UserCreateBody) => {
    if (id === null) return api.call<typeof createUser>('POST /users', { body });
    const { username: _fixed, ...fields } = body;
    return api.call<typeof updateUser>('PUT /users/{id}', { params: { id }, body: fields });
  },
  /** Answers like a save: done at once (the user after it, a reset's password) or waiting. */
  act: async (id: number, action: UserAction): Promise<StaffUserChange> => {
    const answer = await act(api, id, action);
    if ('applied' in answer) return answer;
    return 'user' in answer ? { applied: true, ...answer } : { applied: true, user: answer };
  },
});
