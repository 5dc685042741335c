import { z } from 'zod';
import { NETWORKS } from './ledger';
import {
  ADULT_AGE,
  ageOn,
  isoDateSchema,
  nationalIdSchema,
  nineaSchema,
  optionalField,
  personNameSchema,
  SENEGAL_REGIONS,
  senegalMobileSchema,
  emailSchema,
  textSchema,
  UNDER_AGE_MESSAGE,
} from './senegal-formats';
import { T, type Text } from './text';

/**
 * Registration of agents, customers, hybrid merchants and partners, and student onboarding
 * (docs/kyc-and-registration.md). The multi-step forms and the API validate with these same
 * schemas; the API is the authority (it also checks duplicates and references against the
 * database). Schemas that depend on the date take "today" as a parameter: the form passes the
 * browser's date, the API its clock's.
 */

// ---- Steps and their schemas ----

const GENDERS = ['female', 'male'] as const;

export const identitySchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  birthDate: isoDateSchema,
  gender: z.enum(GENDERS),
  nationalId: nationalIdSchema,
});

export const contactSchema = z.object({
  phone: senegalMobileSchema,
  email: optionalField(emailSchema),
});

const addressSchema = z.object({
  street: textSchema(2, 120),
  city: textSchema(2, 60),
  region: z.enum(SENEGAL_REGIONS),
});

const agentNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^AGT-\d{5}$/, 'An agent account number such as AGT-00012');

/** Bank codes as the login's bank list gives them (BBG, BIS, CBAO...). */
const bankCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}$/, 'Choose a bank');

export const COMMISSION_PLANS = ['standard', 'super_agent', 'distributor'] as const;
export const COMMISSION_PLAN_TITLES: Record<(typeof COMMISSION_PLANS)[number], Text> = {
  standard: T('Standard agent', 'Agent standard'),
  super_agent: T('Super agent', 'Super agent'),
  distributor: T('Distributor', 'Distributeur'),
};

export const BUSINESS_CATEGORIES = [
  'grocery',
  'hardware',
  'pharmacy',
  'fuel_station',
  'restaurant',
  'clothing',
  'electronics',
  'transport',
  'services',
  'other',
] as const;
export const BUSINESS_CATEGORY_TITLES: Record<(typeof BUSINESS_CATEGORIES)[number], Text> = {
  grocery: T('Grocery', 'Alimentation'),
  hardware: T('Hardware', 'Quincaillerie'),
  pharmacy: T('Pharmacy', 'Pharmacie'),
  fuel_station: T('Fuel station', 'Station-service'),
  restaurant: T('Restaurant', 'Restaurant'),
  clothing: T('Clothing', 'Habillement'),
  electronics: T('Electronics and phones', 'Électronique et téléphonie'),
  transport: T('Transport', 'Transport'),
  services: T('Multiservices', 'Multiservices'),
  other: T('Other', 'Autre'),
};

const customerSettingsSchema = z.object({
  /** The agent who enrolled the customer, when there is one. */
  agentNumber: optionalField(agentNumberSchema),
});

const agentSettingsSchema = z.object({
  /** A super agent above this one; omitted for a top-level agent. */
  parentAgent: optionalField(agentNumberSchema),
  commissionPlan: z.enum(COMMISSION_PLANS),
});

export const hybridMerchantSettingsSchema = z.object({
  businessName: textSchema(2, 80),
  businessCategory: z.enum(BUSINESS_CATEGORIES),
  ninea: optionalField(nineaSchema),
  /** The distribution network the merchant sells in, if any. */
  network: optionalField(z.enum(NETWORKS)),
});

const partnerSettingsSchema = z.object({
  companyName: textSchema(2, 100),
  ninea: nineaSchema,
  contactPerson: personNameSchema,
  settlementBank: bankCodeSchema,
});

// ---- Registration kinds ----

export const REGISTRATION_KINDS = ['agent', 'customer', 'hybrid-merchant', 'partner'] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export const REGISTRATION_STEPS = ['identity', 'contact', 'address', 'settings', 'documents', 'review'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];
/** The steps whose fields travel in the registration body (documents are uploaded after it). */
export const DATA_STEPS = ['identity', 'contact', 'address', 'settings'] as const;
export type DataStep = (typeof DATA_STEPS)[number];

const SETTINGS_SCHEMAS = {
  agent: agentSettingsSchema,
  customer: customerSettingsSchema,
  'hybrid-merchant': hybridMerchantSettingsSchema,
  partner: partnerSettingsSchema,
} as const;

function bodySchema<K extends RegistrationKind>(kind: K) {
  return z.object({
    identity: identitySchema,
    contact: contactSchema,
    address: addressSchema,
    settings: SETTINGS_SCHEMAS[kind],
  });
}

/**
 * The registration body of each kind, without the age rule (which needs a date). The API's
 * OpenAPI document and first validation use these; use `registrationSchemaOn` to check the age.
 */
export const REGISTRATION_BODY_SCHEMAS = {
  agent: bodySchema('agent'),
  customer: bodySchema('customer'),
  'hybrid-merchant': bodySchema('hybrid-merchant'),
  partner: bodySchema('partner'),
} as const;

export type RegistrationBody<K extends RegistrationKind = RegistrationKind> = z.output<
  (typeof REGISTRATION_BODY_SCHEMAS)[K]
>;
export type RegistrationInput<K extends RegistrationKind = RegistrationKind> = z.input<
  (typeof REGISTRATION_BODY_SCHEMAS)[K]
>;

/** A registration as sent: the kind with that kind's own body, so each is typed with its schema. */
export type RegistrationRequest = {
  [K in RegistrationKind]: { kind: K; body: RegistrationInput<K> };
}[RegistrationKind];

/** The identity step with the age rule of the day: at least 18 on `today`. */
function identitySchemaOn(today: Date) {
  return identitySchema.superRefine((value, ctx) => {
    if (ageOn(value.birthDate, today) < ADULT_AGE) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: UNDER_AGE_MESSAGE });
    }
  });
}

/** The whole body of one kind with the age rule of the day. */
export function registrationSchemaOn<K extends RegistrationKind>(kind: K, today: Date) {
  return REGISTRATION_BODY_SCHEMAS[kind].extend({ identity: identitySchemaOn(today) });
}

/** One step's schema, for validating a form step before moving on (null for documents and review). */
export function stepSchemaOn(kind: RegistrationKind, step: RegistrationStep, today: Date): z.ZodType | null {
  switch (step) {
    case 'identity':
      return identitySchemaOn(today);
    case 'contact':
      return contactSchema;
    case 'address':
      return addressSchema;
    case 'settings':
      return SETTINGS_SCHEMAS[kind];
    default:
      return null;
  }
}
