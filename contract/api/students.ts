import { z } from 'zod';
import { KYC_STATUSES } from '../ledger';
import { STUDENT_LEVELS, studentBodySchema } from '../students';
import { defineOperation } from './operation';
import { searchText } from './schema-parts';

const tags = ['Students'];

const studentRow = z
  .object({
    number: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    birthDate: z.string(),
    school: z.string(),
    level: z.enum(STUDENT_LEVELS),
    guardianPhone: z.string(),
    phone: z.string().nullable(),
    status: z.string(),
    kycStatus: z.enum(KYC_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'Student' });

const studentPage = z.object({
  rows: z.array(studentRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type StudentRow = z.output<typeof studentRow>;
export type StudentPage = z.output<typeof studentPage>;

const refusals = {
  401: 'No live session',
  403: 'Only zone sales managers onboard students (FORBIDDEN)',
} as const;

export const onboardStudent = defineOperation({
  method: 'post',
  path: '/students',
  tags,
  summary: 'Onboard a student: a customer wallet awaiting KYC, and the student’s school and guardian',
  body: studentBodySchema,
  answers: { 201: { schema: studentRow, description: 'The student and their wallet' } },
  errors: {
    400: 'VALIDATION_FAILED; STUDENT_AGE (10 to 30 years old)',
    ...refusals,
    409: 'DUPLICATE_PHONE (the student’s own number is already registered)',
  },
});

export const listStudents = defineOperation({
  method: 'get',
  path: '/students',
  tags,
  summary: 'The caller’s own students, newest first, with their wallet and KYC status',
  query: z.object({
    q: searchText().optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(25),
  }),
  answers: { 200: { schema: studentPage, description: 'One page' } },
  errors: { 400: 'VALIDATION_FAILED', ...refusals },
});
