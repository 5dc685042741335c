import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_MIN } from '../../contract/reasons';
import { expectFailure } from './expect';
import { createTestApi, type TestApi } from './harness';
import { firstAccount, withDocuments } from './kyc-fixtures';
import { findCustomer, transferClient } from './transfers';
import { chargeableReference, inboxFixtures } from '../resources/inbox/test-fixtures';

/**
 * Every reason a person writes to reject, decline, reverse, unlink or migrate is held to one
 * minimum, counted in characters: one short of it is refused, exactly it is taken.
 */
const SHORT = 'Typo!'.slice(0, REASON_MIN - 1);
/** As many characters as SHORT, each two UTF-16 units: long enough only if units were counted. */
const WIDE_SHORT = '𐤕'.repeat(REASON_MIN - 1);
const ENOUGH = 'Wrong amount, ask again'.slice(0, REASON_MIN);

let api: TestApi;
let client: ReturnType<typeof transferClient>;
let wallet: { number: string; phone: string };
let payroll: string;
let phones: string[];
beforeAll(async () => {
  api = await createTestApi();
  client = transferClient(api);
  ({ wallet, payroll, phones } = await inboxFixtures(api.handle.db, 2));
});
afterAll(() => api.close());

const call = async <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: await client.as(user), json });

/** Refuses both short reasons with 400, then takes one of exactly REASON_MIN characters. */
async function holdsTheMinimum<T>(send: (reason: string) => Promise<{ status: number; body: { payload: T } }>) {
  expectFailure(await send(SHORT), 400, 'VALIDATION_FAILED');
  expectFailure(await send(WIDE_SHORT), 400, 'VALIDATION_FAILED');
  const taken = await send(`  ${ENOUGH}  `);
  expect(taken.status, JSON.stringify(taken.body)).toBeLessThan(300);
  return taken.body.payload;
}

async function waitingTransfer(amount: number): Promise<number> {
  const res = await client.submit('admin', 'admin-cash-in', { counterparty: wallet.phone, amount, source: 'BBG' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.payload as { approvalId: number }).approvalId;
}

async function waitingBatch(fileName: string): Promise<string> {
  const rows = phones.map((phone, i) => ({
    rowNo: i + 2,
    values: { phone, amount: '1000', reference: `${fileName}-${i}`, name: '' },
  }));
  const res = await call<{ batch: { id: string } }>('admin', 'POST', 'bulk/payment/batches', {
    fileName,
    source: payroll,
    rows,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.payload.batch.id;
}

const askChargeback = async (reason: string) =>
  call<{ id: number }>('support-plus', 'POST', 'chargebacks', {
    reference: await chargeableReference(api.handle.db),
    reason,
  });

const askMigration = async (reason: string) => {
  const customer = await findCustomer(api.handle.db, { skip: [wallet.number] });
  return call<{ migration: { id: number } }>('support-plus', 'POST', 'wallet-migrations', {
    kind: 'phone',
    number: customer.number,
    newPhone: '+221 70 912 33 44',
    reason,
  });
};

describe('the one minimum of a reason', () => {
  it('holds for rejecting a transfer, alone, in bulk and from the inbox', async () => {
    const one = await waitingTransfer(3_001);
    await holdsTheMinimum((reason) => call('network-supervisor', 'POST', `approvals/${one}/reject`, { reason }));
    const several = await waitingTransfer(3_002);
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', 'approvals/decisions', { ids: [several], decision: 'reject', reason }),
    );
    const inboxed = await waitingTransfer(3_003);
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `inbox/transfer/${inboxed}/decision`, { decision: 'reject', reason }),
    );
  });

  it('holds for rejecting a bulk batch, on its page and from the inbox', async () => {
    const own = await waitingBatch('reasons-1.csv');
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `bulk-batches/${own}/decision`, { decision: 'reject', reason }),
    );
    const inboxed = await waitingBatch('reasons-2.csv');
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `inbox/bulk/${inboxed}/decision`, { decision: 'reject', reason }),
    );
  });

  it('holds for asking a chargeback and for deciding one', async () => {
    const asked = await holdsTheMinimum(askChargeback);
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `chargebacks/${asked.id}/decision`, { decision: 'reject', reason }),
    );
  });

  it('holds for asking a wallet migration and for rejecting one', async () => {
    const asked = await holdsTheMinimum(askMigration);
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `wallet-migrations/${asked.migration.id}/decision`, {
        decision: 'reject',
        reason,
      }),
    );
  });

  it('holds for rejecting an administrative change', async () => {
    const bands = [
      {
        minAmount: 100,
        maxAmount: 2_000_000,
        fixedFee: 0,
        percentFeeBp: 100,
        minFee: 0,
        maxFee: null,
        commissionShareBp: 0,
        commissionRateBp: 0,
      },
    ];
    const asked = await call<{ changeRequestId: number }>('admin', 'PUT', 'fees/agent-cash-in', { bands });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    await holdsTheMinimum((reason) =>
      call('network-supervisor', 'POST', `inbox/change/${asked.body.payload.changeRequestId}/decision`, {
        decision: 'reject',
        reason,
      }),
    );
  });

  it('holds for rejecting a KYC account', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    await holdsTheMinimum((reason) =>
      call('kyc-admin', 'POST', `kyc/accounts/${number}/decision`, { decision: 'reject', reason }),
    );
  });

  it('holds for unlinking a QR code', async () => {
    const qr = await call<{ code: string }>('admin', 'POST', 'qr-codes', { merchant: 'MRC-00005' });
    await holdsTheMinimum((reason) => call('admin', 'POST', `qr-codes/${qr.body.payload.code}/unlink`, { reason }));
  });
});
