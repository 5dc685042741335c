import { createRoute, z } from '@hono/zod-openapi';
import { STUDENT_LEVELS, STUDENT_MANAGERS, studentBodySchema } from '../../../contract/students';
import { KYC_STATUSES } from '../../../contract/ledger';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { forbiddenError } from '../../lib/api-error';
import { searchText } from '../../http/params';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { listStudents, onboardStudent } from './students';

const TAGS = ['Students'];

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
  .openapi('Student');

const listQuery = z.object({
  q: searchText().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only zone sales managers onboard students (FORBIDDEN)'),
};

const onboardRoute = createRoute({
  method: 'post',
  path: '/students',
  tags: TAGS,
  summary: 'Onboard a student: a customer wallet awaiting KYC, and the student’s school and guardian',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: studentBodySchema } }, required: true } },
  responses: {
    201: jsonSuccess(studentRow, 'The student and their wallet'),
    400: errorResponse('VALIDATION_FAILED; STUDENT_AGE (10 to 30 years old)'),
    ...refusals,
    409: errorResponse('DUPLICATE_PHONE (the student’s own number is already registered)'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/students',
  tags: TAGS,
  summary: 'The caller’s own students, newest first, with their wallet and KYC status',
  security: [{ session: [] }],
  request: { query: listQuery },
  responses: {
    200: jsonSuccess(
      z.object({
        rows: z.array(studentRow),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page',
    ),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

export function studentRoutes() {
  const router = createRouter();
  router.use('/students', requireSession());
  router.use('/students', async (c, next) => {
    if (!STUDENT_MANAGERS.includes(c.get('user').group)) {
      throw forbiddenError('Only zone sales managers onboard and follow students.');
    }
    await next();
  });

  router.openapi(onboardRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const payload = await onboardStudent(db, { body: c.req.valid('json'), caller: c.get('user'), now: clock.now() });
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(listRoute, async (c) => {
    const { db } = c.get('deps');
    const payload = await listStudents(db, { caller: c.get('user'), ...c.req.valid('query') });
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
