import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycAccountDetail, KycListPage } from '../../../contract/api/kyc';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { firstAccount, PNG_BYTES, rows, upload, withDocuments, withoutDocuments } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'kyc-admin', 'zone-sales-manager', 'support-plus', 'agent']) {
    tokens[user] = (await api.login(user)).token;
  }
});
afterAll(() => api.close());

const decide = (user: string, number: string, json: unknown) =>
  api.call<{ payload: KycAccountDetail }>('POST', `/rest/kyc/accounts/${number}/decision`, {
    token: tokens[user],
    json,
  });
const detail = (user: string, number: string) =>
  api.call<{ payload: KycAccountDetail }>('GET', `/rest/kyc/accounts/${number}`, { token: tokens[user] });

const waiting = async (user: string) => {
  const queue = await api.call<{ payload: KycListPage }>('GET', '/rest/kyc/customers?kycStatus=pending&pageSize=1', {
    token: tokens[user],
  });
  const home = await api.call<{ payload: { cards: { id: string; value: number }[] } }>(
    'GET',
    '/rest/dashboard/summary',
    { token: tokens[user] },
  );
  return { list: queue.body.payload.total, home: home.body.payload.cards.find((c) => c.id === 'pendingKyc')?.value };
};

describe('KYC decisions', () => {
  it('takes each decided account off what waits, in the list and on the home card alike', async () => {
    const before = await waiting('kyc-admin');
    expect(before.list).toBeGreaterThan(0);
    const approved = await firstAccount(api, withDocuments('customer'));
    expect((await decide('kyc-admin', approved, { decision: 'approve' })).status).toBe(200);
    const asked = await firstAccount(api, withDocuments('customer'));
    const more = await decide('kyc-admin', asked, { decision: 'more_documents', reason: 'Add the back of the card.' });
    expect(more.status).toBe(200);
    const after = await waiting('kyc-admin');
    expect(after.list).toBe((before.list as number) - 2);
    expect(after.home).toBe((before.home as number) - 2);
  });

  it('records a rejection with its reason, and the next reviewer sees it in the list and the detail', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    const reason = 'The selfie is too dark to compare with the ID photo.';
    const res = await decide('kyc-admin', number, { decision: 'reject', reason: `  ${reason} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.account.kycStatus).toBe('rejected');
    expect(res.body.payload.decisions[0]).toMatchObject({
      decision: 'reject',
      reason,
      reviewer: 'Fatou Sow',
      reviewerUsername: 'kyc-admin',
      at: '2026-11-22T09:00:00.000Z',
    });
    const [audit] = await rows<{ decision: string; previous_status: string; username: string }>(
      api,
      sql`SELECT k.decision, k.previous_status, u.username FROM kyc_decisions k
          JOIN accounts a ON a.id = k.account_id JOIN users u ON u.id = k.reviewer_user_id
          WHERE a.number = ${number} ORDER BY k.id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ decision: 'reject', previous_status: 'pending', username: 'kyc-admin' });

    const next = await api.call<{ payload: KycListPage }>('GET', `/rest/kyc/customers?q=${number}`, {
      token: tokens['support-plus'],
    });
    expect(next.body.payload.rows[0]).toMatchObject({
      number,
      kycStatus: 'rejected',
      lastDecision: { decision: 'reject', reason, reviewer: 'Fatou Sow' },
    });
    const seen = await detail('support-plus', number);
    expect(seen.body.payload.decisions[0]?.reason).toBe(reason);
    expect(seen.body.payload.account.limits.canTransact).toBe(false);
  });

  it('asks for more documents, then approves once they are on file, which lets the customer transact', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    const asked = await decide('support-plus', number, {
      decision: 'more_documents',
      reason: 'Add a proof of address.',
    });
    expect(asked.body.payload.account.kycStatus).toBe('more_documents');
    const approved = await decide('zone-sales-manager', number, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.payload.account.kycStatus).toBe('approved');
    expect(approved.body.payload.account.limits.canTransact).toBe(true);
    expect(approved.body.payload.decisions.slice(0, 2).map((d) => [d.decision, d.reason])).toEqual([
      ['approve', null],
      ['more_documents', 'Add a proof of address.'],
    ]);
    expectFailure(await decide('kyc-admin', number, { decision: 'approve' }), 409, 'KYC_ALREADY_APPROVED');
    // Approval can be revoked.
    const revoked = await decide('kyc-admin', number, {
      decision: 'reject',
      reason: 'Forged ID card reported by the police.',
    });
    expect(revoked.body.payload.account.kycStatus).toBe('rejected');
  });

  it('refuses to approve without the required documents', async () => {
    const number = await firstAccount(api, withoutDocuments('customer'));
    const res = expectFailure(await decide('kyc-admin', number, { decision: 'approve' }), 409, 'DOCUMENTS_MISSING');
    expect(res.errors[0]?.longMessage).toContain('id_front, id_back, selfie');
    expect((await detail('kyc-admin', number)).body.payload.account.kycStatus).toBe('pending');
  });

  it('wants a reason for a rejection or a request for documents', async () => {
    const number = await firstAccount(api, withoutDocuments('customer'));
    expectFailure(await decide('kyc-admin', number, { decision: 'reject' }), 400, 'VALIDATION_FAILED');
    expectFailure(await decide('kyc-admin', number, { decision: 'reject', reason: ' no ' }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await decide('kyc-admin', number, { decision: 'more_documents', reason: '' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await decide('kyc-admin', number, { decision: 'reject', reason: 'x'.repeat(501) }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await decide('kyc-admin', number, { decision: 'maybe', reason: 'Because.' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await decide('kyc-admin', number, { decision: 'reject', reason: 'bad\u0000byte' }),
      400,
      'VALIDATION_FAILED',
    );
    // Two characters in three UTF-16 units (found by the fuzz): refused here, not by the
    // database's check, which counts characters (it used to answer 500).
    expectFailure(await decide('kyc-admin', number, { decision: 'reject', reason: '&𐤕' }), 400, 'VALIDATION_FAILED');
    const [n] = await rows<{ n: number | string }>(
      api,
      sql`SELECT count(*) AS n FROM kyc_decisions k JOIN accounts a ON a.id = k.account_id WHERE a.number = ${number}`,
    );
    expect(Number(n?.n)).toBe(0);
  });

  it('refuses closed accounts and groups that do not review the kind', async () => {
    const closed = await firstAccount(api, sql`a.kind = 'customer' AND a.status = 'closed'`);
    expectFailure(
      await decide('kyc-admin', closed, { decision: 'reject', reason: 'Closed anyway.' }),
      409,
      'ACCOUNT_CLOSED',
    );
    const agent = await firstAccount(api, withDocuments('agent'));
    expectFailure(await decide('kyc-admin', agent, { decision: 'approve' }), 403, 'FORBIDDEN');
    expectFailure(await decide('zone-sales-manager', agent, { decision: 'approve' }), 403, 'FORBIDDEN');
    expectFailure(await decide('agent', agent, { decision: 'approve' }), 403, 'FORBIDDEN');
    expect((await decide('support-plus', agent, { decision: 'approve' })).status).toBe(200);
  });

  it('keeps four eyes: who registered an account may not approve it; another reviewer’s approval activates it', async () => {
    const registered = await api.call<{ payload: { number: string } }>('POST', '/rest/registrations/customer', {
      token: tokens['zone-sales-manager'],
      json: {
        identity: {
          firstName: 'Seynabou',
          lastName: 'Diouf',
          birthDate: '1994-03-12',
          gender: 'female',
          nationalId: '2199403120045',
        },
        contact: { phone: '+221 76 990 11 22' },
        address: { street: '12, Rue 4 Médina', city: 'Dakar', region: 'Dakar' },
        settings: {},
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const { number } = registered.body.payload;
    for (const type of ['id_front', 'id_back', 'selfie']) {
      expect(
        (await upload(api, tokens['zone-sales-manager'] as string, number, { type, bytes: PNG_BYTES })).status,
      ).toBe(201);
    }
    const mine = await detail('zone-sales-manager', number);
    expect(mine.body.payload.permissions.canApprove).toBe(false);
    expect(mine.body.payload.identity?.registeredBy).toBe('Mariama Ba');
    expectFailure(await decide('zone-sales-manager', number, { decision: 'approve' }), 403, 'SELF_APPROVAL');
    const approved = await decide('kyc-admin', number, { decision: 'approve', reason: 'All documents clear.' });
    expect(approved.body.payload.account).toMatchObject({ kycStatus: 'approved', status: 'active' });
    expect(approved.body.payload.account.activatedAt).toBe('2026-11-22T09:00:00.000Z');
    expect(approved.body.payload.decisions[0]?.reason).toBe('All documents clear.');
  });

  it('does exactly what the approval dialog announces: activates a wallet never active, leaves a blocked one blocked', async () => {
    const inState = async (status: string, activated: boolean) => {
      const number = await firstAccount(api, withDocuments('customer'));
      await api.handle.db.execute(
        sql`UPDATE accounts SET status = ${status}, activated_at = ${activated ? sql`now()` : null} WHERE number = ${number}`,
      );
      return number;
    };
    const waitingForKyc = await inState('inactive', false);
    const before = (await detail('kyc-admin', waitingForKyc)).body.payload;
    expect(before.account.limits.canTransact).toBe(false);
    expect(before.afterApproval).toMatchObject({ status: 'active', canTransact: true, dailyLimit: 2_000_000 });
    const activated = (await decide('kyc-admin', waitingForKyc, { decision: 'approve' })).body.payload.account;
    expect(activated).toMatchObject({ status: 'active', activatedAt: '2026-11-22T09:00:00.000Z' });
    expect(activated.limits).toEqual({
      canTransact: before.afterApproval.canTransact,
      dailyLimit: before.afterApproval.dailyLimit,
      explanation: before.afterApproval.explanation,
    });

    const blocked = await inState('blocked', true);
    const announced = (await detail('kyc-admin', blocked)).body.payload.afterApproval;
    expect(announced).toMatchObject({ status: 'blocked', canTransact: false, dailyLimit: 0 });
    const stays = (await decide('kyc-admin', blocked, { decision: 'approve' })).body.payload.account;
    expect(stays).toMatchObject({ kycStatus: 'approved', status: 'blocked' });
    expect(stays.limits.canTransact).toBe(false);
  });
});
