import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contract/api/audit';
import type { BankOption, BankView, FloatAccountChoice } from '../../../contract/api/banks';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { transferClient } from '../../test/transfers';
import { rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'agent', 'bank', 'kyc-admin', 'zone-sales-manager']) {
    tokens[user] = (await api.login(user)).token;
  }
});
afterAll(() => api.close());

const list = (user = 'admin', query = '') =>
  api.call<{ payload: { banks: BankView[] } }>('GET', `/rest/banks${query}`, { token: tokens[user] });
const create = (json: unknown, user = 'admin') =>
  api.call<{ payload: BankView }>('POST', '/rest/banks', { token: tokens[user], json });
const update = (id: number, json: unknown, user = 'admin') =>
  api.call<{ payload: BankView }>('PUT', `/rest/banks/${id}`, { token: tokens[user], json });
const setState = (id: number, verb: 'deactivate' | 'activate', user = 'admin') =>
  api.call<{ payload: BankView }>('POST', `/rest/banks/${id}/${verb}`, { token: tokens[user] });
const options = (user: string) =>
  api.call<{ payload: { banks: BankOption[] } }>('GET', '/rest/banks/options', { token: tokens[user] });
const floatChoices = (query = '') =>
  api.call<{ payload: { accounts: FloatAccountChoice[] } }>('GET', `/rest/banks/float-accounts${query}`, {
    token: tokens.admin,
  });
const audit = (query: string) =>
  api.call<{ payload: AuditPage }>('GET', `/rest/audit-events${query}`, { token: tokens.admin });

describe('the bank list', () => {
  it('lists the demo banks with their BIC and float account', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const cbao = res.body.payload.banks.find((b) => b.code === 'CBAO');
    expect(cbao).toMatchObject({
      name: 'CBAO Groupe Attijariwafa',
      bic: 'CBAOSNDA',
      active: true,
      floatAccount: { number: 'BNK-CBAO', label: 'CBAO Groupe Attijariwafa e-money float' },
    });
    expect(cbao?.floatAccount?.balance).toBeGreaterThan(0);
    // Every demo bank knows its float (the seed sets it after the migration's back-fill).
    expect(res.body.payload.banks.every((b) => b.floatAccount?.number === `BNK-${b.code}`)).toBe(true);
    expect((await list('admin', '?q=attijari')).body.payload.banks.map((b) => b.code)).toEqual(['CBAO']);
    expect((await list('admin', '?q=sgsn')).body.payload.banks.map((b) => b.code)).toEqual(['SGBS']);
  });

  it('is for the admin menu’s groups only; any signed-in user reads the picker list', async () => {
    expect((await list('network-supervisor')).status).toBe(200);
    for (const user of ['agent', 'bank', 'kyc-admin']) {
      expectFailure(await list(user), 403, 'FORBIDDEN');
      expectFailure(await create({ name: 'Nope Bank', code: 'NOPE' }, user), 403, 'FORBIDDEN');
      // Refused before the input is read: a bad body from the wrong group is still a 403.
      expectFailure(await create({}, user), 403, 'FORBIDDEN');
      expectFailure(await update(1, { name: 'Nope', code: 'CBAO' }, user), 403, 'FORBIDDEN');
      expectFailure(await setState(1, 'deactivate', user), 403, 'FORBIDDEN');
      expect((await options(user)).status).toBe(200);
    }
    const res = await api.call('GET', '/rest/banks');
    expect(res.status).toBe(401);
  });
});

describe('adding, editing and deactivating a bank', () => {
  it('adds a bank with a new float account, audited, and offers it in every picker', async () => {
    const res = await create({ name: 'Banque Atlantique Sénégal', code: ' batl ', bic: 'atcisnda' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const bank = res.body.payload;
    expect(bank).toMatchObject({
      code: 'BATL',
      name: 'Banque Atlantique Sénégal',
      bic: 'ATCISNDA',
      active: true,
      bankGroup: null,
      floatAccount: { number: 'BNK-BATL', label: 'Banque Atlantique Sénégal e-money float', balance: 0 },
    });
    const [float] = await rows<{ kind: string; bank_id: number; status: string }>(
      api,
      sql`SELECT kind, bank_id, status FROM accounts WHERE number = 'BNK-BATL'`,
    );
    expect(float).toEqual({ kind: 'bank_float', bank_id: bank.id, status: 'active' });

    // The pickers: the admin's cash-in float, the login's bank list, the picker list.
    const transfers = transferClient(api);
    const cashIn = await transfers.options('admin', 'admin-cash-in');
    expect(cashIn.body.payload.banks).toContainEqual({ code: 'BATL', name: 'Banque Atlantique Sénégal' });
    const login = await api.login('zone-sales-manager');
    expect(login.user.bankList).toContainEqual({
      id: bank.id,
      code: 'BATL',
      name: 'Banque Atlantique Sénégal',
      bankGroup: null,
      active: true,
    });
    expect((await options('agent')).body.payload.banks).toContainEqual({
      id: bank.id,
      code: 'BATL',
      name: 'Banque Atlantique Sénégal',
      bankGroup: null,
      active: true,
    });

    const events = await audit('?action=bank.create');
    expect(events.body.payload.rows[0]).toMatchObject({
      action: 'bank.create',
      channel: 'dashboard',
      targetType: 'bank',
      targetId: 'BATL',
      user: { username: 'admin' },
      details: { code: 'BATL', floatAccount: 'BNK-BATL', floatOpened: true, bic: 'ATCISNDA' },
    });
  });

  it('accepts a BCEAO bank code or no code at all', async () => {
    const withBceao = await create({ name: 'Banque Régionale de Marchés', code: 'BRM', bic: 'sn 190' });
    expect(withBceao.status, JSON.stringify(withBceao.body)).toBe(201);
    expect(withBceao.body.payload.bic).toBe('SN190');
    const without = await create({ name: 'Coris Bank International', code: 'CORIS', bic: '' });
    expect(without.status).toBe(201);
    expect(without.body.payload.bic).toBeNull();
  });

  it('validates the name, code and BIC, and refuses a code already used', async () => {
    expectFailure(await create({ name: 'X', code: 'XX' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ name: 'Good Bank', code: 'A' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ name: 'Good Bank', code: 'BAD-CODE' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ name: 'Good Bank', code: 'GOOD', bic: 'NOTABIC' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ name: 'Good\u0000Bank', code: 'GOOD' }), 400, 'VALIDATION_FAILED');
    expectFailure(await create({ name: 'Good Bank', code: 'GOOD', floatAccountId: 'old' }), 400, 'VALIDATION_FAILED');
    const taken = expectFailure(await create({ name: 'Another CBAO', code: 'cbao' }), 409, 'BANK_CODE_TAKEN');
    expect(taken.errors[0]?.longMessage).toContain('CBAO');
    // Nothing half-made: no bank, no float.
    const [count] = await rows<{ n: number }>(api, sql`SELECT count(*)::int AS n FROM banks WHERE code = 'GOOD'`);
    expect(count?.n).toBe(0);
  });

  it('edits name, code and BIC, keeping the float and its history; audited with what changed', async () => {
    const created = await create({ name: 'Orabank Sénégal', code: 'ORA' });
    const id = created.body.payload.id;
    const floatId = created.body.payload.floatAccount?.id;
    const res = await update(id, { name: 'Orabank Sénégal SA', code: 'ORAB', bic: 'ORBKSNDA' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({ name: 'Orabank Sénégal SA', code: 'ORAB', bic: 'ORBKSNDA' });
    expect(res.body.payload.floatAccount?.id).toBe(floatId);
    expect(res.body.payload.updatedAt).not.toBeNull();
    const events = await audit('?action=bank.update');
    expect(events.body.payload.rows[0]).toMatchObject({
      targetId: 'ORAB',
      details: {
        changes: {
          name: { from: 'Orabank Sénégal', to: 'Orabank Sénégal SA' },
          code: { from: 'ORA', to: 'ORAB' },
          bic: { from: null, to: 'ORBKSNDA' },
        },
      },
    });
    expectFailure(await update(id, { name: 'Orabank', code: 'CBAO' }), 409, 'BANK_CODE_TAKEN');
    expectFailure(await update(999_999, { name: 'Ghost Bank', code: 'GHOST' }), 404, 'NOT_FOUND');
    expectFailure(await update(id, { name: '', code: 'ORAB' }), 400, 'VALIDATION_FAILED');
  });

  it('deactivates a bank: it leaves every picker but stays in the list and in reports', async () => {
    const created = await create({ name: 'Banque de Dakar', code: 'BDK' });
    const { id } = created.body.payload;
    const res = await setState(id, 'deactivate');
    expect(res.status).toBe(200);
    expect(res.body.payload.active).toBe(false);
    expectFailure(await setState(id, 'deactivate'), 409, 'BANK_ALREADY_INACTIVE');

    const transfers = transferClient(api);
    const cashIn = await transfers.options('admin', 'admin-cash-in');
    expect(cashIn.body.payload.banks.map((b) => b.code)).not.toContain('BDK');
    // Named anyway, it is refused as unknown: no new money through a deactivated bank.
    const quote = await transfers.quote('admin', 'admin-cash-in', {
      source: 'BDK',
      counterparty: 'CUS-000003',
      amount: 1000,
    });
    expectFailure(quote, 404, 'SOURCE_NOT_FOUND');
    // Still listed, with its state, for history and report filters.
    const all = await list();
    expect(all.body.payload.banks.find((b) => b.code === 'BDK')?.active).toBe(false);
    expect((await list('admin', '?status=active')).body.payload.banks.map((b) => b.code)).not.toContain('BDK');
    expect((await list('admin', '?status=inactive')).body.payload.banks.map((b) => b.code)).toEqual(['BDK']);
    expect((await options('agent')).body.payload.banks.find((b) => b.code === 'BDK')?.active).toBe(false);
    const login = await api.login('zone-sales-manager');
    expect(login.user.bankList).toContainEqual(expect.objectContaining({ code: 'BDK', active: false }));

    const reactivated = await setState(id, 'activate');
    expect(reactivated.body.payload.active).toBe(true);
    expectFailure(await setState(id, 'activate'), 409, 'BANK_ALREADY_ACTIVE');
    const actions = (await audit('?action=bank')).body.payload.rows
      .filter((e) => e.targetId === 'BDK')
      .map((e) => e.action);
    expect(actions).toEqual(['bank.activate', 'bank.deactivate', 'bank.create']);
  });

  it('refuses a deactivated settlement bank when registering a partner', async () => {
    const created = await create({ name: 'Banque Fermée', code: 'BFERM' });
    await setState(created.body.payload.id, 'deactivate');
    const partner = (settlementBank: string, n: string) => ({
      identity: {
        firstName: 'Awa',
        lastName: 'Diallo',
        birthDate: '1985-03-02',
        gender: 'female',
        nationalId: `2 1985 0302 00${n}`,
      },
      contact: { phone: `75 410 ${n} 88`, email: '' },
      address: { street: '12, Rue Carnot', city: 'Dakar', region: 'Dakar' },
      settings: {
        companyName: 'Diallo Services SARL',
        ninea: '004567892',
        contactPerson: 'Awa Diallo',
        settlementBank,
      },
    });
    const refused = await api.call('POST', '/rest/registrations/partner', {
      token: tokens.admin,
      json: partner('BFERM', '01'),
    });
    expectFailure(refused, 422, 'BANK_NOT_FOUND');
    const accepted = await api.call('POST', '/rest/registrations/partner', {
      token: tokens.admin,
      json: partner('CBAO', '02'),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });
});

describe('float accounts', () => {
  it('offers floats no active bank holds, and moves a deactivated bank’s float to a new bank', async () => {
    const old = await create({ name: 'Ancienne Banque', code: 'ANC' });
    const oldFloat = old.body.payload.floatAccount;
    if (!oldFloat) throw new Error('no float');
    let choices = (await floatChoices()).body.payload.accounts.map((a) => a.number);
    expect(choices).not.toContain('BNK-ANC');
    expect(choices).not.toContain('BNK-CBAO');

    await setState(old.body.payload.id, 'deactivate');
    const offered = (await floatChoices()).body.payload.accounts.find((a) => a.number === 'BNK-ANC');
    expect(offered?.heldBy).toEqual({ code: 'ANC', name: 'Ancienne Banque', active: false });

    const successor = await create({ name: 'Nouvelle Banque', code: 'NVB', floatAccountId: oldFloat.id });
    expect(successor.status, JSON.stringify(successor.body)).toBe(201);
    expect(successor.body.payload.floatAccount).toMatchObject({ id: oldFloat.id, number: 'BNK-ANC' });
    const [owner] = await rows<{ bank_id: number }>(api, sql`SELECT bank_id FROM accounts WHERE id = ${oldFloat.id}`);
    expect(owner?.bank_id).toBe(successor.body.payload.id);
    // The deactivated bank let it go: one float serves one bank.
    expect((await list()).body.payload.banks.find((b) => b.code === 'ANC')?.floatAccount).toBeNull();
    expect((await rows(api, sql`SELECT 1 FROM accounts WHERE number = 'BNK-NVB'`)).length).toBe(0);
    // Its own float is among its choices; other active banks' are not.
    choices = (await floatChoices(`?bankId=${successor.body.payload.id}`)).body.payload.accounts.map((a) => a.number);
    expect(choices).toContain('BNK-ANC');
    expect(choices).not.toContain('BNK-CBAO');
    const events = await audit('?action=bank.create');
    expect(events.body.payload.rows[0]?.details).toMatchObject({
      floatAccount: 'BNK-ANC',
      floatOpened: false,
      floatReleasedFrom: ['ANC'],
    });
  });

  it('refuses an active bank’s float, a non-float account and a float number already taken', async () => {
    const [cbao] = await rows<{ id: number }>(api, sql`SELECT id FROM accounts WHERE number = 'BNK-CBAO'`);
    const [customer] = await rows<{ id: number }>(api, sql`SELECT id FROM accounts WHERE kind = 'customer' LIMIT 1`);
    expectFailure(
      await create({ name: 'Voleuse de Float', code: 'VOLF', floatAccountId: cbao?.id }),
      409,
      'FLOAT_ACCOUNT_IN_USE',
    );
    expectFailure(
      await create({ name: 'Banque Client', code: 'BCLI', floatAccountId: customer?.id }),
      422,
      'FLOAT_ACCOUNT_NOT_FOUND',
    );
    // BNK-ANC exists (the float above); a new bank coded ANC2 is fine, but reusing the number is not.
    const bank = await create({ name: 'Banque Temporaire', code: 'TMP' });
    expectFailure(
      await update(bank.body.payload.id, { name: 'Banque Temporaire', code: 'TMP', floatAccountId: 'new' }),
      409,
      'FLOAT_ACCOUNT_EXISTS',
    );
    expect((await rows(api, sql`SELECT 1 FROM banks WHERE code IN ('VOLF', 'BCLI')`)).length).toBe(0);
  });

  it('gives a bank a new float on request, freeing the old one', async () => {
    const bank = await create({ name: 'Banque Renouvelée', code: 'RNV' });
    const renamed = await update(bank.body.payload.id, {
      name: 'Banque Renouvelée',
      code: 'RNV2',
      floatAccountId: 'new',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.payload.floatAccount?.number).toBe('BNK-RNV2');
    const [old] = await rows<{ bank_id: number | null }>(
      api,
      sql`SELECT bank_id FROM accounts WHERE number = 'BNK-RNV'`,
    );
    expect(old?.bank_id).toBeNull();
    const choices = (await floatChoices()).body.payload.accounts.map((a) => a.number);
    expect(choices).toContain('BNK-RNV');
  });
});
