import { sql } from 'drizzle-orm';
import { ageOn, STUDENT_AGE } from '../../../contract/senegal-formats';
import { STUDENT_AGE_MESSAGE, type StudentBody, type StudentLevel } from '../../../contract/students';
import type { StudentPage, StudentRow } from '../../../contract/api/students';
import type { KycStatus } from '../../../contract/kyc';
import type { Db } from '../../db/database';
import { queryPage, queryRows } from '../../db/query';
import { students } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import { openAccount } from '../../domain/accounts/open-account';
import { containsPattern, digitsOf, nameContains } from '../../domain/search/patterns';

const studentAge = () => new ApiError(400, 'STUDENT_AGE', 'Age out of range', `birthDate: ${STUDENT_AGE_MESSAGE}.`);

interface Row {
  number: string;
  first_name: string;
  last_name: string;
  label: string;
  birth_date: string | Date;
  school: string;
  level: StudentLevel;
  guardian_phone: string;
  phone: string | null;
  status: string;
  kyc_status: KycStatus;
  created_at: string | Date;
}

const toRow = (r: Row): StudentRow => ({
  number: r.number,
  firstName: r.first_name,
  lastName: r.last_name,
  name: r.label,
  birthDate: typeof r.birth_date === 'string' ? r.birth_date.slice(0, 10) : r.birth_date.toISOString().slice(0, 10),
  school: r.school,
  level: r.level,
  guardianPhone: r.guardian_phone,
  phone: r.phone,
  status: r.status,
  kycStatus: r.kyc_status,
  createdAt: new Date(r.created_at).toISOString(),
});

const SELECT_STUDENTS = sql`
  SELECT a.number, p.first_name, p.last_name, a.label, p.birth_date, s.school, s.level, s.guardian_phone, a.phone,
         a.status, a.kyc_status, s.created_at
  FROM students s
  JOIN accounts a ON a.id = s.account_id
  JOIN account_profiles p ON p.account_id = s.account_id`;

/**
 * Opens a student's wallet: a customer account awaiting KYC, labelled with the student's name,
 * and the student's school record under the manager who onboarded them. Students may be minors,
 * so the age rule is theirs (10 to 30), not the registration's 18.
 */
export async function onboardStudent(
  db: Db,
  input: { body: StudentBody; caller: SessionUser; now: Date },
): Promise<StudentRow> {
  const { body } = input;
  const age = ageOn(body.birthDate, input.now);
  if (age < STUDENT_AGE.min || age > STUDENT_AGE.max) throw studentAge();
  const accountId = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const account = await openAccount(t, {
      prefix: 'CUS-',
      account: {
        kind: 'customer',
        label: `${body.firstName} ${body.lastName}`,
        phone: body.phone ?? null,
        region: body.region ?? null,
      },
      profile: { firstName: body.firstName, lastName: body.lastName, birthDate: body.birthDate, region: body.region },
      registeredBy: input.caller.userId,
      now: input.now,
    });
    await t.insert(students).values({
      accountId: account.id,
      school: body.school,
      level: body.level,
      guardianPhone: body.guardianPhone,
      onboardedBy: input.caller.userId,
      createdAt: input.now,
    });
    return account.id;
  });
  const [row] = await queryRows<Row>(db, sql`${SELECT_STUDENTS} WHERE s.account_id = ${accountId}`);
  if (!row) throw new Error('The student was not written');
  return toRow(row);
}

/** The caller's own students, newest first; q matches a name, an account number or the end of a phone. */
export async function listStudents(
  db: Db,
  input: { caller: SessionUser; q?: string; page: number; pageSize: number },
): Promise<StudentPage> {
  const where = [sql`s.onboarded_by = ${input.caller.userId}`];
  const q = input.q?.trim();
  if (q) {
    const digits = digitsOf(q);
    where.push(
      /^[\d\s+]+$/.test(q) && digits.length >= 4
        ? sql`(regexp_replace(coalesce(a.phone, ''), '\\D', '', 'g') LIKE ${`%${digits}`}
               OR regexp_replace(s.guardian_phone, '\\D', '', 'g') LIKE ${`%${digits}`})`
        : sql`(${nameContains(sql`a.label`, q)} OR a.number ILIKE ${containsPattern(q)} OR ${nameContains(sql`s.school`, q)})`,
    );
  }
  const condition = sql.join(where, sql` AND `);
  return queryPage(
    db,
    input,
    {
      count: sql`SELECT count(*) AS total FROM students s JOIN accounts a ON a.id = s.account_id WHERE ${condition}`,
      rows: sql`${SELECT_STUDENTS} WHERE ${condition} ORDER BY s.created_at DESC, s.id DESC`,
    },
    toRow,
  );
}
