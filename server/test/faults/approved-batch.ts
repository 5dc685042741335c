import { expect } from 'vitest';
import type { BulkRow } from '../../../contract/bulk';
import type { BulkBatchView, BulkSubmitResult } from '../../../contract/api/bulk';
import type { KycListPage } from '../../../contract/api/kyc';
import type { httpClient } from './real-server';

/** The demo payroll account every test bulk payment is paid from. */
export const PAYER = 'PRT-PAYROLL';

/**
 * A bulk payment of `rows` rows to the demo's active customers, submitted by the admin (its
 * maker) and approved by the network supervisor, so that a real server starts paying it: what
 * the tests that kill a server midway share. `amount` gives each row's amount by its index.
 */
export async function submitApprovedBatch(
  http: ReturnType<typeof httpClient>,
  batch: { rows: number; fileName: string; reference: string; amount: (i: number) => number },
): Promise<{ maker: string; batch: BulkBatchView; rows: BulkRow[] }> {
  const maker = await http.login('admin');
  const checker = await http.login('network-supervisor');

  const customers = await http.json<KycListPage>('GET', '/kyc/customers?kycStatus=approved&pageSize=200', {
    token: maker,
  });
  expect(customers.status).toBe(200);
  const phones = customers.body.payload.rows
    .filter((r) => r.status === 'active' && r.phone)
    .map((r) => r.phone as string);
  expect(phones.length).toBeGreaterThan(20);

  const rows: BulkRow[] = Array.from({ length: batch.rows }, (_, i) => ({
    rowNo: i + 2,
    values: {
      phone: phones[i % phones.length] as string,
      amount: String(batch.amount(i)),
      reference: `${batch.reference}-${i + 1}`,
      name: '',
    },
  }));
  const submitted = await http.json<BulkSubmitResult>('POST', '/bulk/payment/batches', {
    token: maker,
    json: { fileName: batch.fileName, source: PAYER, rows },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
  const view = submitted.body.payload.batch;
  expect(view).toMatchObject({ status: 'awaiting_approval', rowsTotal: batch.rows });
  const approved = await http.json<BulkBatchView>('POST', `/bulk-batches/${view.id}/decision`, {
    token: checker,
    json: { decision: 'approve' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { maker, batch: view, rows };
}
