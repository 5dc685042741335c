import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeePreview, FeeScheduleView } from '../../../contract/api/fees';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { transferClient } from '../../test/transfers';

let api: TestApi;
let client: ReturnType<typeof transferClient>;
beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
});
afterAll(() => api.close());

const schedules = async (user = 'admin') =>
  api.call<{ payload: { schedules: FeeScheduleView[] } }>('GET', '/rest/fees', { token: await client.as(user) });
const history = async (query = '') =>
  api.call<{ payload: { schedules: FeeScheduleView[] } }>('GET', `/rest/fees/history${query}`, {
    token: await client.as('admin'),
  });
const preview = async (json: unknown, user = 'admin') =>
  api.call<{ payload: FeePreview }>('POST', '/rest/fees/preview', { token: await client.as(user), json });

describe('the fee schedules in force', () => {
  it('lists every flow with its bands, the cash-out charging 1 % between 100 and 5,000 XOF', async () => {
    const res = await schedules();
    expect(res.status).toBe(200);
    const list = res.body.payload.schedules;
    expect(list.map((s) => s.flowId)).toContain('agent-cash-in');
    expect(list.every((s) => s.effectiveTo === null && s.bands.length > 0)).toBe(true);
    expect(list.find((s) => s.flowId === 'cash-out')).toMatchObject({
      requestedBy: null,
      approvedBy: null,
      bands: [
        {
          minAmount: 100,
          maxAmount: 2_000_000,
          fixedFee: 0,
          percentFeeBp: 100,
          minFee: 100,
          maxFee: 5_000,
          commissionShareBp: 4_000,
          commissionRateBp: 0,
        },
      ],
    });
  });

  it('keeps the history readable: the installed schedules are its first entries', async () => {
    const res = await history('?flowId=cash-out');
    expect(res.status).toBe(200);
    expect(res.body.payload.schedules).toHaveLength(1);
    expect(res.body.payload.schedules[0]?.flowId).toBe('cash-out');
    expectFailure(await history('?flowId=nothing'), 400, 'VALIDATION_FAILED');
  });

  it('is for the groups whose menu links to /fees', async () => {
    expect((await schedules('network-supervisor')).status).toBe(200);
    for (const user of ['agent', 'bank', 'kyc-admin']) {
      expectFailure(await schedules(user), 403, 'FORBIDDEN');
      expectFailure(await preview({ flowId: 'cash-out', amount: 1_000 }, user), 403, 'FORBIDDEN');
    }
  });
});

describe('the fee preview', () => {
  it('charges what the transfer quote charges, through the same rule', async () => {
    const res = await preview({ flowId: 'cash-out', amount: 20_000 });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ flowId: 'cash-out', amount: 20_000, fee: 200, commission: 80, total: 20_200 });
    // Floor and cap of the band.
    expect((await preview({ flowId: 'cash-out', amount: 5_000 })).body.payload.fee).toBe(100);
    expect((await preview({ flowId: 'cash-out', amount: 2_000_000 })).body.payload.fee).toBe(5_000);
    // A cash-in is free; the agent earns 0.4 % from the commission budget.
    expect((await preview({ flowId: 'agent-cash-in', amount: 10_000 })).body.payload).toMatchObject({
      fee: 0,
      commission: 40,
      total: 10_000,
    });
  });

  it('refuses an amount no band covers, and amounts that are not whole francs', async () => {
    expectFailure(await preview({ flowId: 'cash-out', amount: 3_000_000 }), 422, 'AMOUNT_OUT_OF_RANGE');
    expectFailure(await preview({ flowId: 'cash-out', amount: 100.5 }), 400, 'VALIDATION_FAILED');
    expectFailure(await preview({ flowId: 'no-such-flow', amount: 100 }), 400, 'VALIDATION_FAILED');
  });
});
