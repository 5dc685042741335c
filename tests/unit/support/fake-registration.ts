/**
 * Registration and student onboarding (contract/registration.ts) on top of the fake API and
 * its KYC accounts: the duplicate check, the create call validated with the shared schema on
 * the "server's" date (400 naming the field, 409 for duplicates, 422 for an unknown agent),
 * and the zone sales manager's students. A test can make the next create call lose its answer.
 */
import { groupIdTable, groupKeyForId } from '../../../contract/groups';
import { requiredDocumentsOf } from '../../../contract/kyc';
import { mayRegister, REGISTRATION_FORMS } from '../../../contract/registration-forms';
import { NATIONAL_ID_PATTERN, normaliseNationalId, normaliseSenegalMobile } from '../../../contract/senegal-formats';
import { REGISTRATION_KINDS, type RegistrationBody, registrationSchemaOn } from '../../../contract/registration';
import type { RegistrationResult } from '../../../contract/api/registrations';
import { STUDENT_MANAGERS, studentSchemaOn } from '../../../contract/students';
import type { StudentRow } from '../../../contract/api/students';
import { type FakeAnswer, type FakeApi, failure, type RecordedCall, success } from './fake-api';
import type { FakeKyc } from './fake-kyc';
import { usernameOf } from './fake-kyc';

/** The fake server's clock: the age rules are checked on this day. */
export const SERVER_TODAY = new Date('2025-03-04T09:00:00.000Z');
const ids = groupIdTable({ usePrimary: true });

export type CreateFate = 'accept' | 'drop';

export type FakeRegistration = ReturnType<typeof installFakeRegistration>;

export function installFakeRegistration(api: FakeApi, kyc: FakeKyc, options: { students?: StudentRow[] } = {}) {
  const fates: CreateFate[] = [];
  const students = [...(options.students ?? [])];
  const seq: Record<string, number> = { 'CUS-': 100, 'AGT-': 50, 'MRC-': 70, 'PRT-': 5 };
  const groupOf = (call: RecordedCall) => groupKeyForId(api.userNamed(usernameOf(call)).groupId, ids);

  const accounts = () => [...kyc.accounts.values()];
  const phoneHolder = (phone: string) =>
    accounts().find((a) => a.phone === phone)?.number ?? students.find((s) => s.phone === phone)?.number;
  const phoneTaken = (phone: string) => phoneHolder(phone) !== undefined;
  const nationalIdTaken = (nationalId: string) =>
    accounts().some((a) => a.identity?.nationalId && normaliseNationalId(a.identity.nationalId) === nationalId);

  const invalid = (issue: { path: PropertyKey[]; message: string } | undefined): FakeAnswer => ({
    status: 400,
    body: failure('VALIDATION_FAILED', `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`),
  });

  // The fake's callers all review customers, so they learn whose number it is.
  api.on('GET', 'registrations/availability', (call) => {
    const typedPhone = call.query.get('phone');
    const typedId = call.query.get('nationalId');
    const phone = typedPhone === null ? null : normaliseSenegalMobile(typedPhone);
    const nationalId = typedId === null ? null : normaliseNationalId(typedId);
    const bad = (typedPhone !== null && !phone) || (nationalId !== null && !NATIONAL_ID_PATTERN.test(nationalId));
    if (bad || (!phone && !nationalId)) return invalid({ path: ['query'], message: 'Not a number' });
    const owner = nationalId
      ? accounts().find((a) => a.identity?.nationalId && normaliseNationalId(a.identity.nationalId) === nationalId)
      : undefined;
    const by = (number: string | undefined) => ({ taken: number !== undefined, account: number ?? null });
    return {
      body: success({
        phone: phone ? by(phoneHolder(phone)) : null,
        nationalId: nationalId ? by(owner?.number) : null,
      }),
    };
  });

  for (const kind of REGISTRATION_KINDS) {
    api.on('POST', `registrations/${kind}`, (call) => {
      const user = api.userNamed(usernameOf(call));
      if (!mayRegister(groupOf(call), kind)) {
        return { status: 403, body: failure('FORBIDDEN', 'Your group may not register this kind of account.') };
      }
      const parsed = registrationSchemaOn(kind, SERVER_TODAY).safeParse(call.body);
      if (!parsed.success) return invalid(parsed.error.issues[0]);
      const body = parsed.data as RegistrationBody;
      if (phoneTaken(body.contact.phone)) {
        return {
          status: 409,
          body: failure('DUPLICATE_PHONE', `An account already uses the phone number ${body.contact.phone}.`),
        };
      }
      if (nationalIdTaken(body.identity.nationalId)) {
        return {
          status: 409,
          body: failure(
            'DUPLICATE_NATIONAL_ID',
            `An account is already registered with the national ID number ${body.identity.nationalId}.`,
          ),
        };
      }
      const settings = body.settings as Record<string, string | undefined>;
      const agent = settings.agentNumber ?? settings.parentAgent;
      if (agent && !kyc.accounts.has(agent)) {
        const field = settings.agentNumber ? 'settings.agentNumber' : 'settings.parentAgent';
        return { status: 422, body: failure('AGENT_NOT_FOUND', `${field}: there is no open agent account ${agent}.`) };
      }
      const fate = fates.shift() ?? 'accept';
      if (fate === 'drop') throw new TypeError('Failed to fetch');
      const form = REGISTRATION_FORMS[kind];
      seq[form.numberPrefix] = (seq[form.numberPrefix] ?? 0) + 1;
      const number = `${form.numberPrefix}${String(seq[form.numberPrefix]).padStart(form.numberPrefix === 'CUS-' ? 6 : 5, '0')}`;
      const label = `${body.identity.firstName} ${body.identity.lastName}`;
      const createdAt = SERVER_TODAY.toISOString();
      kyc.add({
        number,
        kind: form.accountKind,
        label,
        phone: body.contact.phone,
        region: body.address.region,
        status: 'inactive',
        kycStatus: 'pending',
        createdAt,
        identity: {
          ...body.identity,
          email: body.contact.email ?? null,
          street: body.address.street,
          city: body.address.city,
          region: body.address.region,
          businessName: settings.businessName ?? null,
          businessCategory: settings.businessCategory ?? null,
          ninea: settings.ninea ?? null,
          companyName: settings.companyName ?? null,
          contactPerson: settings.contactPerson ?? null,
          commissionPlan: settings.commissionPlan ?? null,
          settlementBank: null,
          enrollingAgent: null,
          registeredBy: user.name,
          registeredAt: createdAt,
        },
        registeredByUsername: user.username,
        agentNumber: agent ?? null,
        documents: [],
        decisions: [],
      });
      const result: RegistrationResult = {
        number,
        kind: form.accountKind,
        registrationKind: kind,
        label,
        phone: body.contact.phone,
        kycStatus: 'pending',
        status: 'inactive',
        requiredDocuments: [...requiredDocumentsOf(form.accountKind)],
        createdAt,
      };
      return { status: 201, body: success(result) };
    });
  }

  const studentsOnly = (call: RecordedCall): FakeAnswer | null =>
    STUDENT_MANAGERS.includes(groupOf(call))
      ? null
      : { status: 403, body: failure('FORBIDDEN', 'Only zone sales managers onboard and follow students.') };

  let studentSeq = 500;
  const owner = new Map<string, string>();
  api.on('POST', 'students', (call) => {
    const refused = studentsOnly(call);
    if (refused) return refused;
    const parsed = studentSchemaOn(SERVER_TODAY).safeParse(call.body);
    if (!parsed.success) return invalid(parsed.error.issues[0]);
    const s = parsed.data;
    if (s.phone && phoneTaken(s.phone)) {
      return { status: 409, body: failure('DUPLICATE_PHONE', `An account already uses the phone number ${s.phone}.`) };
    }
    const row: StudentRow = {
      number: `CUS-000${++studentSeq}`,
      firstName: s.firstName,
      lastName: s.lastName,
      name: `${s.firstName} ${s.lastName}`,
      birthDate: s.birthDate,
      school: s.school,
      level: s.level,
      guardianPhone: s.guardianPhone,
      phone: s.phone ?? null,
      status: 'inactive',
      kycStatus: 'pending',
      createdAt: SERVER_TODAY.toISOString(),
    };
    students.unshift(row);
    owner.set(row.number, usernameOf(call));
    return { status: 201, body: success(row) };
  });
  api.on('GET', 'students', (call) => {
    const refused = studentsOnly(call);
    if (refused) return refused;
    const me = usernameOf(call);
    const q = call.query.get('q')?.trim().toLowerCase();
    const page = Number(call.query.get('page') ?? 1);
    const pageSize = Number(call.query.get('pageSize') ?? 25);
    const mine = students.filter((s) => (owner.get(s.number) ?? 'zone-sales-manager') === me);
    const listed = q
      ? mine.filter((s) => `${s.name} ${s.school} ${s.number} ${s.guardianPhone}`.toLowerCase().includes(q))
      : mine;
    return {
      body: success({
        rows: listed.slice((page - 1) * pageSize, page * pageSize),
        total: listed.length,
        page,
        pageSize,
      }),
    };
  });

  return {
    students,
    /** How the next create calls end, in order (then: accepted). */
    nextCreate(...next: CreateFate[]) {
      fates.splice(0, fates.length, ...next);
    },
    createCalls: (kind: string) => api.callsTo(`registrations/${kind}`, 'POST'),
    checkCalls: () =>
      api.callsTo('registrations/availability', 'GET').map((c) => ({ ...c, body: Object.fromEntries(c.query) })),
  };
}
