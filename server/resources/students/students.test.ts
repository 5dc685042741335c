import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryIdOf, PRIMARY_GROUP_IDS } from '../../../contract/groups';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { StudentPage, StudentRow } from '../../../contract/api/students';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  // A second zone sales manager, to prove each sees only their own students.
  await api.handle.db.insert(users).values({
    username: 'zone-sales-manager-2',
    name: 'Pape Diouf',
    groupId: primaryIdOf('zoneSalesManager', PRIMARY_GROUP_IDS),
    passwordHash: await hashPassword('demo1234'),
  });
  for (const user of ['zone-sales-manager', 'zone-sales-manager-2', 'admin', 'agent', 'kyc-admin']) {
    tokens[user] = (await api.login(user)).token;
  }
});
afterAll(() => api.close());

const student = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Aïssatou',
  lastName: 'Ndour',
  birthDate: '2011-09-01',
  school: 'Lycée Seydina Limamoulaye',
  level: 'middle_school',
  guardianPhone: '77 612 34 56',
  ...overrides,
});

const onboard = (user: string, json: unknown) =>
  api.call<{ payload: StudentRow }>('POST', '/rest/students', { token: tokens[user], json });
const mine = (user: string, query = '') =>
  api.call<{ payload: StudentPage }>('GET', `/rest/students${query}`, { token: tokens[user] });

describe('student onboarding', () => {
  it('opens a minor’s wallet awaiting KYC and lists it for the manager who onboarded it', async () => {
    const before = await mine('zone-sales-manager');
    expect(before.status).toBe(200);
    expect(before.body.payload.total).toBe(3);
    const res = await onboard('zone-sales-manager', student({ phone: '+221 75 300 10 20', region: 'Dakar' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.payload).toMatchObject({
      number: expect.stringMatching(/^CUS-\d{6}$/),
      name: 'Aïssatou Ndour',
      birthDate: '2011-09-01',
      level: 'middle_school',
      guardianPhone: '+221 77 612 34 56',
      phone: '+221 75 300 10 20',
      kycStatus: 'pending',
      status: 'inactive',
    });
    const after = await mine('zone-sales-manager');
    expect(after.body.payload.total).toBe(4);
    expect(after.body.payload.rows[0]?.number).toBe(res.body.payload.number);
    expect((await mine('zone-sales-manager', '?q=a%C3%AFssatou')).body.payload.rows.map((r) => r.number)).toEqual([
      res.body.payload.number,
    ]);
    expect((await mine('zone-sales-manager', '?q=612%2034%2056')).body.payload.total).toBe(1);

    // Reviewers see the student among the customers, with the school record.
    const detail = await api.call<{ payload: KycAccountDetail }>(
      'GET',
      `/rest/kyc/accounts/${res.body.payload.number}`,
      {
        token: tokens['kyc-admin'],
      },
    );
    expect(detail.body.payload.student).toEqual({
      school: 'Lycée Seydina Limamoulaye',
      level: 'middle_school',
      guardianPhone: '+221 77 612 34 56',
      onboardedBy: 'Mariama Ba',
    });
    expect(detail.body.payload.identity?.nationalId).toBeNull();
  });

  it('shows each manager only their own students', async () => {
    const other = await mine('zone-sales-manager-2');
    expect(other.body.payload).toMatchObject({ total: 0, rows: [] });
    const res = await onboard(
      'zone-sales-manager-2',
      student({ firstName: 'Babacar', lastName: 'Thiam', level: 'bachelor', birthDate: '2004-01-15' }),
    );
    expect(res.status).toBe(201);
    expect((await mine('zone-sales-manager-2')).body.payload.rows.map((r) => r.name)).toEqual(['Babacar Thiam']);
    expect((await mine('zone-sales-manager')).body.payload.rows.map((r) => r.name)).not.toContain('Babacar Thiam');
    const [owner] = await rows<{ username: string }>(
      api,
      sql`SELECT u.username FROM students s JOIN accounts a ON a.id = s.account_id JOIN users u ON u.id = s.onboarded_by
          WHERE a.number = ${res.body.payload.number}`,
    );
    expect(owner?.username).toBe('zone-sales-manager-2');
  });

  it('is for zone sales managers only', async () => {
    for (const user of ['admin', 'agent', 'kyc-admin']) {
      expectFailure(await mine(user), 403, 'FORBIDDEN');
      expectFailure(await onboard(user, student()), 403, 'FORBIDDEN');
    }
  });

  it('validates the student’s age, level, phones and duplicates', async () => {
    expectFailure(await onboard('zone-sales-manager', student({ birthDate: '2017-01-01' })), 400, 'STUDENT_AGE');
    expectFailure(await onboard('zone-sales-manager', student({ birthDate: '1990-01-01' })), 400, 'STUDENT_AGE');
    expectFailure(await onboard('zone-sales-manager', student({ level: 'kindergarten' })), 400, 'VALIDATION_FAILED');
    expectFailure(
      await onboard('zone-sales-manager', student({ guardianPhone: '33 822 00 00' })),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await onboard('zone-sales-manager', student({ school: '' })), 400, 'VALIDATION_FAILED');
    expectFailure(
      await onboard('zone-sales-manager', student({ phone: '+221 77 612 34 56' })),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await onboard('zone-sales-manager', student({ phone: '+221 75 300 10 20' })), 409, 'DUPLICATE_PHONE');
    expectFailure(await mine('zone-sales-manager', '?pageSize=500'), 400, 'VALIDATION_FAILED');
  });
});
