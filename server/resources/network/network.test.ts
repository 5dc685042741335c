import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkNode } from '../../../contract/api/network';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

async function tree(username: string) {
  const { token } = await api.login(username);
  return api.call<{ payload: { roots: NetworkNode[] } }>('GET', '/rest/network/tree', { token });
}

const numbers = (node: NetworkNode): string[] => [node.number, ...node.children.flatMap(numbers)];

describe('the merchant network tree', () => {
  it('shows the head its whole chain, with roles and subtree balances that add up', async () => {
    const res = await tree('merchant-head');
    expect(res.status).toBe(200);
    const [head, ...others] = res.body.payload.roots;
    expect(others).toEqual([]);
    expect(head?.number).toBe('CHN-HEAD');
    expect(head?.role).toBe('head');
    expect(head?.children.map((c) => [c.number, c.role])).toEqual([
      ['CHN-M1', 'master'],
      ['CHN-M2', 'master'],
    ]);
    expect(head?.children[0]?.children.map((c) => [c.number, c.role])).toEqual([
      ['CHN-L1', 'location'],
      ['CHN-L2', 'location'],
    ]);
    const balances = await queryRows<{ number: string; balance: string }>(
      api.handle.db,
      sql`SELECT number, balance FROM accounts WHERE number LIKE 'CHN-%'`,
    );
    const sum = balances.reduce((s, b) => s + Number(b.balance), 0);
    expect(head?.subtreeBalance).toBe(sum);
    const m1 = head?.children[0];
    expect(m1?.subtreeBalance).toBe((m1?.balance ?? 0) + (m1?.children ?? []).reduce((s, c) => s + c.balance, 0));
  });

  it('shows a master and a location only their own subtree', async () => {
    const master = await tree('merchant-master');
    expect(master.body.payload.roots.flatMap(numbers)).toEqual(['CHN-M1', 'CHN-L1', 'CHN-L2']);
    expect(master.body.payload.roots[0]?.role).toBe('master');
    const location = await tree('merchant-location');
    expect(location.body.payload.roots.flatMap(numbers)).toEqual(['CHN-L1']);
    expect(location.body.payload.roots[0]?.role).toBe('location');
  });

  it('refuses groups outside the chains', async () => {
    expect((await tree('agent')).status).toBe(403);
    expect((await tree('bank')).status).toBe(403);
  });
});
