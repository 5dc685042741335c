import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTU_MEMBERS } from '../../db/seed';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';

const PATH = '/rest/members/merchant-partner/associated-members';
type MembersBody = { status: true; payload: { MemberDetailsList: { memberId: string; memberName: string }[] } };

let api: TestApi;
const sessions: Record<string, { token: string; id: number }> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const username of ['aftu-master', 'agent', 'gie-aftu', 'admin']) {
    const { token, user } = await api.login(username);
    sessions[username] = { token, id: (user.profile as { id: number }).id };
  }
});
afterAll(() => api.close());

const as = (username: string) => sessions[username] as { token: string; id: number };
const list = (username: string, brokerId: string | number) =>
  api.call<MembersBody>('GET', `${PATH}?brokerId=${encodeURIComponent(String(brokerId))}`, {
    token: as(username).token,
  });

describe('GET /rest/members/merchant-partner/associated-members', () => {
  it('lists the AFTU master its associated members', async () => {
    const res = await list('aftu-master', as('aftu-master').id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
    const members = res.body.payload.MemberDetailsList;
    expect(members.length).toBeGreaterThan(1);
    for (const m of members) {
      expect(Object.keys(m).sort()).toEqual(['memberId', 'memberName']);
      expect(m.memberId).toEqual(expect.any(String));
      expect(m.memberName).toEqual(expect.any(String));
    }
    expect(members).toEqual(AFTU_MEMBERS.map((m) => ({ memberId: m.memberId, memberName: m.memberName })));
  });

  it('gives another user an empty list for their own id', async () => {
    for (const username of ['agent', 'gie-aftu']) {
      const res = await list(username, as(username).id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true, payload: { MemberDetailsList: [] } });
    }
  });

  it("refuses another broker's id with 403", async () => {
    expectFailure(await list('agent', as('aftu-master').id), 403, 'FORBIDDEN');
    expectFailure(await list('aftu-master', as('agent').id), 403, 'FORBIDDEN');
  });

  it('lets an admin ask for any broker', async () => {
    const res = await list('admin', as('aftu-master').id);
    expect(res.status).toBe(200);
    expect(res.body.payload.MemberDetailsList).toHaveLength(AFTU_MEMBERS.length);
    const none = await list('admin', 987654);
    expect(none.status).toBe(200);
    expect(none.body.payload.MemberDetailsList).toEqual([]);
  });

  it.each(['abc', '', '0', '-3', '1.5', '1e400', '12abc', '99999999999999999999'])(
    'answers brokerId=%j with 400 in the error shape',
    async (brokerId) => {
      expectFailure(await list('aftu-master', brokerId), 400, 'VALIDATION_FAILED');
    },
  );

  it('answers an id beyond the range of ids with 400, even for an admin', async () => {
    expectFailure(await list('admin', 2 ** 31), 400, 'VALIDATION_FAILED');
    expectFailure(await list('admin', 2 ** 53 + 2), 400, 'VALIDATION_FAILED');
  });

  it('answers a missing brokerId with 400 in the error shape', async () => {
    const res = await api.call('GET', PATH, { token: as('aftu-master').token });
    expectFailure(res, 400, 'VALIDATION_FAILED');
  });

  it('requires a session', async () => {
    expectSessionExpired(await api.call('GET', `${PATH}?brokerId=${as('aftu-master').id}`));
    expectSessionExpired(await api.call('GET', `${PATH}?brokerId=${as('aftu-master').id}`, { token: 'forged' }));
  });

  it('answers 401 sessionExpired after logout', async () => {
    const { token, user } = await api.login('aftu-master');
    await api.call('POST', '/rest/auth/logout', { token });
    const res = await api.call('GET', `${PATH}?brokerId=${(user.profile as { id: number }).id}`, { token });
    expectSessionExpired(res);
  });
});
