import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_SEED } from '../config';
import { createTestApi, type TestApi } from '../test/harness';
import { customerPhoneSql } from './demo-ledger';
import { DEMO_WITHDRAWAL_CODES, demoWithdrawalCodes } from './demo-withdrawal-codes';
import { queryRows } from './query';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('the demo withdrawal codes the README lists', () => {
  it('are the codes the default demo seeds', () => {
    expect(DEMO_WITHDRAWAL_CODES.map(({ account, code }) => ({ account, code }))).toEqual(
      demoWithdrawalCodes(DEFAULT_DEMO_SEED),
    );
    expect(new Set(DEMO_WITHDRAWAL_CODES.map((c) => c.code)).size).toBe(DEMO_WITHDRAWAL_CODES.length);
  });

  it('name the phones the default demo gives those customers', async () => {
    const rows = await queryRows<{ phone: string }>(
      api.handle.db,
      sql`SELECT ${customerPhoneSql('g', DEFAULT_DEMO_SEED)} AS phone FROM generate_series(1, ${DEMO_WITHDRAWAL_CODES.length}) g ORDER BY g`,
    );
    expect(rows.map((r) => r.phone)).toEqual(DEMO_WITHDRAWAL_CODES.map((c) => c.phone));
  });
});
