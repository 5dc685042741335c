import { z } from 'zod';
import { REGISTRATION_BODY_SCHEMAS, REGISTRATION_KINDS, type RegistrationKind } from '../registration';
import { REGISTRATION_FORMS } from '../registration-forms';
import {
  NATIONAL_ID_MESSAGE,
  NATIONAL_ID_PATTERN,
  normaliseNationalId,
  normaliseSenegalMobile,
  PHONE_MESSAGE,
} from '../senegal-formats';
import { defineOperation } from './operation';
import { searchText } from './schema-parts';

const tags = ['Registration'];

const registrationResult = z
  .object({
    number: z.string().meta({ example: 'CUS-001501' }),
    kind: z.enum(['customer', 'agent', 'merchant', 'partner']),
    registrationKind: z.enum(REGISTRATION_KINDS),
    label: z.string(),
    phone: z.string(),
    kycStatus: z.literal('pending'),
    /** Inactive until a first KYC approval activates it. */
    status: z.literal('inactive'),
    requiredDocuments: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'RegistrationResult' });

/** Whether a number is registered; the account only for a caller whose group reviews the holder's kind. */
const takenBy = z
  .object({
    taken: z.boolean(),
    account: z
      .string()
      .nullable()
      .meta({ description: 'The account holding it, when the caller’s group reviews that kind of account' }),
  })
  .nullable();

const availabilityAnswer = z
  .object({ phone: takenBy, nationalId: takenBy })
  .meta({ id: 'RegistrationAvailability', description: 'Null for a number not asked about' });

export type RegistrationResult = z.output<typeof registrationResult>;
export type TakenBy = NonNullable<z.output<typeof takenBy>>;
/** One answer per number asked about (null when not asked). */
export type RegistrationAvailability = z.output<typeof availabilityAnswer>;

/**
 * The numbers a form is about to register, as typed (with or without +221, spaces, dots), each
 * read in the one form the API stores.
 */
const availabilityQuery = z
  .object({
    phone: searchText(24)
      .refine((v) => normaliseSenegalMobile(v) !== null, PHONE_MESSAGE)
      .transform((v) => normaliseSenegalMobile(v) as string)
      .optional()
      .meta({ example: '77 123 45 67' }),
    nationalId: searchText(20)
      .refine((v) => NATIONAL_ID_PATTERN.test(normaliseNationalId(v)), NATIONAL_ID_MESSAGE)
      .transform(normaliseNationalId)
      .optional()
      .meta({ example: '1234567890123' }),
  })
  .refine((v) => v.phone !== undefined || v.nationalId !== undefined, 'Give a phone number or a national ID number');

const registration = <const K extends RegistrationKind>(kind: K) =>
  defineOperation({
    method: 'post',
    path: `/registrations/${kind}` as `/registrations/${K}`,
    tags,
    summary: `Register ${REGISTRATION_FORMS[kind].title.en.toLowerCase().replace(' registration', '')}: the account opens KYC-pending and inactive until approved. Documents follow through POST kyc/accounts/{number}/documents.`,
    body: REGISTRATION_BODY_SCHEMAS[kind],
    answers: { 201: { schema: registrationResult, description: 'The new account' } },
    errors: {
      400: 'VALIDATION_FAILED (the first wrong field is named); UNDER_AGE',
      401: 'No live session',
      403: 'The caller’s group may not register this kind (FORBIDDEN)',
      409: 'DUPLICATE_PHONE; DUPLICATE_NATIONAL_ID',
      422: 'AGENT_NOT_FOUND (settings.agentNumber / settings.parentAgent); BANK_NOT_FOUND',
    },
  });

/** One operation per kind of account, each with its own body. */
export const registerAgent = registration('agent');
export const registerCustomer = registration('customer');
export const registerHybridMerchant = registration('hybrid-merchant');
export const registerPartner = registration('partner');

export const REGISTRATION_OPERATIONS = {
  agent: registerAgent,
  customer: registerCustomer,
  'hybrid-merchant': registerHybridMerchant,
  partner: registerPartner,
} as const;

export const getRegistrationAvailability = defineOperation({
  method: 'get',
  path: '/registrations/availability',
  tags,
  summary:
    'Whether a phone number or national ID is already registered (and to which account, if the caller reviews it), so a form can stop early',
  query: availabilityQuery,
  answers: {
    200: { schema: availabilityAnswer, description: 'What is taken, and by whom when the caller may see it' },
  },
  errors: {
    400: 'VALIDATION_FAILED',
    401: 'No live session',
    403: 'The caller’s group registers nothing (FORBIDDEN)',
  },
});
