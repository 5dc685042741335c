import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { mayRegister, REGISTRATION_FORMS } from '../../../contract/registration-forms';
import {
  REGISTRATION_BODY_SCHEMAS,
  REGISTRATION_KINDS,
  type RegistrationBody,
  type RegistrationKind,
} from '../../../contract/registration';
import { STUDENT_MANAGERS } from '../../../contract/students';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { availability, availabilityAnswer, availabilityQuery } from './availability';
import { registerAccount } from './register';

const TAGS = ['Registration'];

const registrationResult = z
  .object({
    number: z.string().openapi({ example: 'CUS-001501' }),
    kind: z.enum(['customer', 'agent', 'merchant', 'partner']),
    registrationKind: z.enum(REGISTRATION_KINDS),
    label: z.string(),
    phone: z.string(),
    kycStatus: z.literal('pending'),
    status: z.literal('inactive'),
    requiredDocuments: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi('RegistrationResult');

function registrationRoute(kind: RegistrationKind) {
  return createRoute({
    method: 'post',
    path: `/registrations/${kind}`,
    tags: TAGS,
    summary: `Register ${REGISTRATION_FORMS[kind].title.en.toLowerCase().replace(' registration', '')}: the account opens KYC-pending and inactive until approved. Documents follow through POST kyc/accounts/{number}/documents.`,
    security: [{ session: [] }],
    request: {
      body: { content: { 'application/json': { schema: REGISTRATION_BODY_SCHEMAS[kind] } }, required: true },
    },
    responses: {
      201: jsonSuccess(registrationResult, 'The new account'),
      400: errorResponse('VALIDATION_FAILED (the first wrong field is named); UNDER_AGE'),
      401: errorResponse('No live session'),
      403: errorResponse('The caller’s group may not register this kind (FORBIDDEN)'),
      409: errorResponse('DUPLICATE_PHONE; DUPLICATE_NATIONAL_ID'),
      422: errorResponse('AGENT_NOT_FOUND (settings.agentNumber / settings.parentAgent); BANK_NOT_FOUND'),
    },
  });
}

const availabilityRoute = createRoute({
  method: 'get',
  path: '/registrations/availability',
  tags: TAGS,
  summary:
    'Whether a phone number or national ID is already registered (and to which account, if the caller reviews it), so a form can stop early',
  security: [{ session: [] }],
  request: { query: availabilityQuery },
  responses: {
    200: jsonSuccess(availabilityAnswer, 'What is taken, and by whom when the caller may see it'),
    400: errorResponse('VALIDATION_FAILED'),
    401: errorResponse('No live session'),
    403: errorResponse('The caller’s group registers nothing (FORBIDDEN)'),
  },
});

export function registrationRoutes() {
  const router = createRouter();
  router.use('/registrations/*', requireSession());

  for (const kind of REGISTRATION_KINDS) {
    router.openapi(registrationRoute(kind), async (c: Context<AppEnv>) => {
      const user = c.get('user');
      if (!mayRegister(user.group, kind)) throw forbiddenError(`Your group may not register this kind of account.`);
      const { db, clock, reportTotals } = c.get('deps');
      const body = (c.req as unknown as { valid(target: 'json'): RegistrationBody }).valid('json');
      const payload = await registerAccount(db, { kind, body, caller: user, now: clock.now() });
      reportTotals.invalidate();
      return c.json({ status: true as const, payload }, 201);
    });
  }

  router.openapi(availabilityRoute, async (c) => {
    const user = c.get('user');
    const registers = REGISTRATION_KINDS.some((kind) => mayRegister(user.group, kind));
    if (!registers && !STUDENT_MANAGERS.includes(user.group)) throw forbiddenError('Your group registers no accounts.');
    const payload = await availability(c.get('deps').db, user, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
