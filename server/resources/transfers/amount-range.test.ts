import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { findCustomer, transferClient } from '../../test/transfers';

/** Blanks as Intl writes them read as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const refusalText = (res: { body: unknown }) =>
  plain((res.body as { errors: { longMessage: string }[] }).errors[0]?.longMessage ?? '');

describe('the one amount range of a flow', () => {
  let api: TestApi;
  let client: ReturnType<typeof transferClient>;
  let customer: { phone: string };

  beforeAll(async () => {
    api = await createTestApi();
    client = transferClient(api);
    customer = await findCustomer(api.handle.db, { minBalance: 0 });
  });
  afterAll(() => api.close());

  it('states in the options the range its fee schedule takes, and refuses outside it naming the same figures', async () => {
    const options = await client.options('agent', 'agent-cash-in');
    expect(options.body.payload.amountRange).toEqual({ min: 100, max: 2_000_000 });
    for (const amount of [99, 2_000_001]) {
      const res = await client.quote('agent', 'agent-cash-in', { counterparty: customer.phone, amount });
      expectFailure(res, 422, 'AMOUNT_OUT_OF_RANGE');
      expect(refusalText(res)).toBe('The amount must be between XOF 100 and XOF 2,000,000 for this transfer.');
    }
    const lowest = await client.quote('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 100 });
    expect(lowest.status).toBe(200);
  });
});

describe('the one amount range under a lower largest transfer', () => {
  let api: TestApi;
  let client: ReturnType<typeof transferClient>;
  let customer: { phone: string };

  beforeAll(async () => {
    api = await createTestApi({ MAX_TRANSFER_XOF: '1500000' });
    client = transferClient(api);
    customer = await findCustomer(api.handle.db, { minBalance: 0 });
  });
  afterAll(() => api.close());

  it('caps the schedule’s range by the largest transfer, in the options and in the refusal', async () => {
    const options = await client.options('agent', 'agent-cash-in');
    expect(options.body.payload.amountRange).toEqual({ min: 100, max: 1_500_000 });
    const res = await client.quote('agent', 'agent-cash-in', { counterparty: customer.phone, amount: 1_600_000 });
    expectFailure(res, 422, 'AMOUNT_OUT_OF_RANGE');
    expect(refusalText(res)).toBe('The amount must be between XOF 100 and XOF 1,500,000 for this transfer.');
  });
});
