import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationKind } from '../../../contract/registration';
import type { RegistrationAvailability, RegistrationResult } from '../../../contract/api/registrations';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { KYC_TEST_USERS, rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of KYC_TEST_USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

let serial = 0;
/** A fresh, valid person each call: phone and national ID never seen before. */
function person(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const n = String(serial).padStart(2, '0');
  return {
    identity: {
      firstName: 'Ndèye Fatou',
      lastName: "N'Diaye-Sarr",
      birthDate: '1990-05-17',
      gender: 'female',
      nationalId: `2 1990 0517 00${n}`,
    },
    contact: { phone: `75 400 ${n} 99`, email: '' },
    address: { street: '25, Avenue Blaise Diagne', city: 'Dakar', region: 'Dakar' },
    ...overrides,
  };
}

const SETTINGS: Record<RegistrationKind, Record<string, unknown>> = {
  customer: { agentNumber: 'agt-00001' },
  agent: { parentAgent: 'AGT-00001', commissionPlan: 'standard' },
  'hybrid-merchant': {
    businessName: 'Alimentation Keur Ndèye',
    businessCategory: 'grocery',
    ninea: '0012345 2g3',
    network: 'tefess',
  },
  partner: {
    companyName: 'Transports Sahel SARL',
    ninea: '004567891',
    contactPerson: 'Alioune Badara Cissé',
    settlementBank: 'cbao',
  },
};

const register = (user: string, kind: string, json: unknown) =>
  api.call<{ payload: RegistrationResult }>('POST', `/rest/registrations/${kind}`, { token: tokens[user], json });

describe('registration', () => {
  it('registers each kind for administrators, pending KYC and inactive, with its profile', async () => {
    const expected: Record<RegistrationKind, [RegExp, string, string]> = {
      customer: [/^CUS-\d{6}$/, 'customer', "Ndèye Fatou N'Diaye-Sarr"],
      agent: [/^AGT-\d{5}$/, 'agent', "Agent Ndèye Fatou N'Diaye-Sarr"],
      'hybrid-merchant': [/^MRC-\d{5}$/, 'merchant', 'Alimentation Keur Ndèye'],
      partner: [/^PRT-\d{5}$/, 'partner', 'Transports Sahel SARL'],
    };
    for (const [kind, [pattern, accountKind, label]] of Object.entries(expected) as [
      RegistrationKind,
      [RegExp, string, string],
    ][]) {
      const body = person({ settings: SETTINGS[kind] });
      const res = await register(kind === 'agent' ? 'network-supervisor' : 'admin', kind, body);
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(201);
      const result = res.body.payload;
      expect(result.number).toMatch(pattern);
      expect(result).toMatchObject({
        kind: accountKind,
        registrationKind: kind,
        kycStatus: 'pending',
        status: 'inactive',
      });
      expect(result.label).toBe(label);
      // The phone is stored in one form whatever way it was typed.
      expect(result.phone).toBe(`+221 75 400 ${String(serial).padStart(2, '0')} 99`);
      const [stored] = await rows<Record<string, unknown>>(
        api,
        sql`SELECT a.kind, a.status, a.kyc_status, a.pin_status, a.region, a.network, parent.number AS parent, p.national_id,
                   p.first_name, p.email, p.ninea, p.commission_plan, b.code AS bank, ag.number AS agent, u.username AS registered_by
            FROM accounts a JOIN account_profiles p ON p.account_id = a.id
            LEFT JOIN accounts parent ON parent.id = a.parent_account_id
            LEFT JOIN accounts ag ON ag.id = p.enrolling_agent_account_id
            LEFT JOIN banks b ON b.id = p.settlement_bank_id
            LEFT JOIN users u ON u.id = p.registered_by
            WHERE a.number = ${result.number}`,
      );
      expect(stored).toMatchObject({
        kind: accountKind,
        status: 'inactive',
        kyc_status: 'pending',
        pin_status: 'not_set',
        region: 'Dakar',
        national_id: `219900517${String(serial).padStart(4, '0')}`,
        first_name: 'Ndèye Fatou',
        email: null,
        registered_by: kind === 'agent' ? 'network-supervisor' : 'admin',
      });
      if (kind === 'agent') expect(stored).toMatchObject({ parent: 'AGT-00001', commission_plan: 'standard' });
      if (kind === 'customer') expect(stored).toMatchObject({ agent: 'AGT-00001' });
      if (kind === 'hybrid-merchant') expect(stored).toMatchObject({ ninea: '00123452G3', network: 'tefess' });
      if (kind === 'partner') expect(stored).toMatchObject({ ninea: '004567891', bank: 'CBAO' });
    }
  });

  it('numbers accounts after the highest of their series', async () => {
    const [max] = await rows<{ n: number | string }>(
      api,
      sql`SELECT max(substr(number, 5)::int) AS n FROM accounts WHERE number ~ '^CUS-[0-9]+$'`,
    );
    const a = await register('admin', 'customer', person({ settings: {} }));
    const b = await register('admin', 'customer', person({ settings: {} }));
    expect(a.body.payload.number).toBe(`CUS-${String(Number(max?.n) + 1).padStart(6, '0')}`);
    expect(b.body.payload.number).toBe(`CUS-${String(Number(max?.n) + 2).padStart(6, '0')}`);
  });

  it('lets the zone sales manager register customers and hybrid merchants only', async () => {
    expect((await register('zone-sales-manager', 'customer', person({ settings: {} }))).status).toBe(201);
    expect(
      (await register('zone-sales-manager', 'hybrid-merchant', person({ settings: SETTINGS['hybrid-merchant'] })))
        .status,
    ).toBe(201);
    expectFailure(
      await register('zone-sales-manager', 'agent', person({ settings: SETTINGS.agent })),
      403,
      'FORBIDDEN',
    );
    expectFailure(
      await register('zone-sales-manager', 'partner', person({ settings: SETTINGS.partner })),
      403,
      'FORBIDDEN',
    );
    for (const user of ['kyc-admin', 'agent', 'bank', 'support-plus']) {
      expectFailure(await register(user, 'customer', person({ settings: {} })), 403, 'FORBIDDEN');
    }
  });

  it('refuses a phone or national ID already registered, and says so early', async () => {
    const [demo] = await rows<{ number: string; phone: string; national_id: string }>(
      api,
      sql`SELECT a.number, a.phone, p.national_id FROM accounts a JOIN account_profiles p ON p.account_id = a.id
          WHERE a.kind = 'customer' AND p.national_id IS NOT NULL ORDER BY a.id LIMIT 1`,
    );
    if (!demo) throw new Error('no demo customer');
    const typedPhone = demo.phone.replace(/\s/g, '');
    const phone = person({ settings: {} });
    phone.contact.phone = typedPhone;
    expectFailure(await register('admin', 'customer', phone), 409, 'DUPLICATE_PHONE');
    const id = person({ settings: {} });
    id.identity.nationalId = demo.national_id;
    expectFailure(await register('admin', 'customer', id), 409, 'DUPLICATE_NATIONAL_ID');

    const available = (query: string, user = 'admin') =>
      api.call<{ payload: RegistrationAvailability }>('GET', `/rest/registrations/availability?${query}`, {
        token: tokens[user],
      });
    const both = await available(
      `phone=${encodeURIComponent(typedPhone)}&nationalId=${encodeURIComponent(demo.national_id)}`,
      'zone-sales-manager',
    );
    expect(both.status).toBe(200);
    expect(both.body.payload).toEqual({
      phone: { taken: true, account: demo.number },
      nationalId: { taken: true, account: demo.number },
    });
    expect((await available('phone=%2B221%2070%20000%2000%2001&nationalId=1000000000001')).body.payload).toEqual({
      phone: { taken: false, account: null },
      nationalId: { taken: false, account: null },
    });
    expect((await available('nationalId=1000000000001')).body.payload).toEqual({
      phone: null,
      nationalId: { taken: false, account: null },
    });
    // An agent's phone: taken for everyone, but only a group that reviews agents learns whose.
    const [agent] = await rows<{ number: string; phone: string }>(
      api,
      sql`SELECT number, phone FROM accounts WHERE kind = 'agent' AND phone IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const agentPhone = `phone=${encodeURIComponent(agent?.phone ?? '')}`;
    expect((await available(agentPhone, 'zone-sales-manager')).body.payload.phone).toEqual({
      taken: true,
      account: null,
    });
    expect((await available(agentPhone, 'admin')).body.payload.phone).toEqual({ taken: true, account: agent?.number });
    expectFailure(await available(''), 400, 'VALIDATION_FAILED');
    expectFailure(await available('phone=%2B33%206%2012%2034%2056%2078'), 400, 'VALIDATION_FAILED');
    expectFailure(await available('phone=77%00123'), 400, 'VALIDATION_FAILED');
    expectFailure(await available('phone=%2B221%2070%20000%2000%2001', 'kyc-admin'), 403, 'FORBIDDEN');

    // The same person twice: the second is refused, and nothing of it is kept.
    const twice = person({ settings: {} });
    expect((await register('admin', 'customer', twice)).status).toBe(201);
    const again = { ...twice, contact: { phone: '+221 70 999 88 77' } };
    expectFailure(await register('admin', 'customer', again), 409, 'DUPLICATE_NATIONAL_ID');
    const [kept] = await rows<{ n: number | string }>(
      api,
      sql`SELECT count(*) AS n FROM accounts WHERE phone = '+221 70 999 88 77'`,
    );
    expect(Number(kept?.n)).toBe(0);
  });

  it('wants the holder to be 18 on the server’s date', async () => {
    // The harness's clock: 2026-11-22.
    const young = person({ settings: {} });
    young.identity.birthDate = '2008-11-23';
    const res = expectFailure(await register('admin', 'customer', young), 400, 'UNDER_AGE');
    expect(res.errors[0]?.longMessage).toContain('identity.birthDate');
    const adult = person({ settings: {} });
    adult.identity.birthDate = '2008-11-22';
    expect((await register('admin', 'customer', adult)).status).toBe(201);
  });

  it('validates Senegalese formats and names the wrong field', async () => {
    const cases: [string, (b: ReturnType<typeof person>) => void][] = [
      ['contact.phone', (b) => (b.contact.phone = '+221 79 123 45 67')],
      ['contact.phone', (b) => (b.contact.phone = '+221 77 123 45 6')],
      ['contact.email', (b) => (b.contact.email = 'not-an-email')],
      ['identity.nationalId', (b) => (b.identity.nationalId = '3199005170001')],
      ['identity.nationalId', (b) => (b.identity.nationalId = '219900517000')],
      ['identity.firstName', (b) => (b.identity.firstName = 'R2-D2')],
      ['identity.lastName', (b) => (b.identity.lastName = 'X')],
      ['identity.birthDate', (b) => (b.identity.birthDate = '1990-02-30')],
      ['identity.gender', (b) => (b.identity.gender = 'other')],
      ['address.region', (b) => (b.address.region = 'Mbour')],
      ['address.street', (b) => (b.address.street = 'a\u0000b')],
    ];
    for (const [field, mutate] of cases) {
      const body = person({ settings: {} });
      mutate(body);
      const res = expectFailure(await register('admin', 'customer', body), 400, 'VALIDATION_FAILED');
      expect(res.errors[0]?.longMessage, field).toMatch(new RegExp(`^${field.replace('.', '\\.')}:`));
    }
    const partner = person({ settings: { ...SETTINGS.partner, ninea: '12345' } });
    const res = expectFailure(await register('admin', 'partner', partner), 400, 'VALIDATION_FAILED');
    expect(res.errors[0]?.longMessage).toMatch(/^settings\.ninea:/);
    const noNinea = person({ settings: { ...SETTINGS.partner, ninea: undefined } });
    expectFailure(await register('admin', 'partner', noNinea), 400, 'VALIDATION_FAILED');
    expectFailure(await register('admin', 'customer', 'not json'), 400, 'VALIDATION_FAILED');
  });

  it('checks the agents and bank it refers to', async () => {
    expectFailure(
      await register('admin', 'agent', person({ settings: { parentAgent: 'AGT-09999', commissionPlan: 'standard' } })),
      422,
      'AGENT_NOT_FOUND',
    );
    expectFailure(
      await register('admin', 'customer', person({ settings: { agentNumber: 'AGT-09999' } })),
      422,
      'AGENT_NOT_FOUND',
    );
    expectFailure(
      await register('admin', 'partner', person({ settings: { ...SETTINGS.partner, settlementBank: 'NOPE' } })),
      422,
      'BANK_NOT_FOUND',
    );
  });
});
