import { z } from 'zod';
import { calendarDaySchema } from './fields';
import type { GroupKey } from './groups';
import { type DocumentType, REQUIRED_DOCUMENTS, DOCUMENT_TYPES, type KycStatus, type ReviewedAccountKind } from './kyc';
import { NETWORKS } from './ledger';
import type { Text } from './reports';

/**
 * Registration of agents, customers, hybrid merchants and partners, and student onboarding
 * (docs/kyc-and-registration.md). The multi-step forms and the API validate with these same
 * schemas; the API is the authority (it also checks duplicates and references against the
 * database). Schemas that depend on the date take "today" as a parameter: the form passes the
 * browser's date, the API its clock's.
 */

const T = (en: string, fr: string): Text => ({ en, fr });

// ---- Senegalese formats ----

/** Senegal's 14 administrative regions. */
export const SENEGAL_REGIONS = [
  'Dakar',
  'Diourbel',
  'Fatick',
  'Kaffrine',
  'Kaolack',
  'Kédougou',
  'Kolda',
  'Louga',
  'Matam',
  'Saint-Louis',
  'Sédhiou',
  'Tambacounda',
  'Thiès',
  'Ziguinchor',
] as const;

/**
 * A Senegalese mobile number: 7, then 0, 5, 6, 7 or 8 (the operators' prefixes 70, 75, 76, 77,
 * 78), then 7 digits. People type it with or without +221 (or 00221) and with spaces, dots or
 * dashes anywhere; it is stored in one form, `+221 7X XXX XX XX`, so duplicates compare equal.
 */
export function normaliseSenegalMobile(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '');
  const match = /^(?:\+221|00221|221)?(7[05678]\d{7})$/.exec(compact);
  const d = match?.[1];
  if (!d) return null;
  return `+221 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7, 9)}`;
}

export const PHONE_MESSAGE = 'Enter a Senegalese mobile number: +221 7X XXX XX XX';

const senegalMobileSchema = z
  .string()
  .trim()
  .max(24, PHONE_MESSAGE)
  .refine((v) => normaliseSenegalMobile(v) !== null, PHONE_MESSAGE)
  .transform((v) => normaliseSenegalMobile(v) as string);

/**
 * National ID number (NIN) of the CEDEAO biometric identity card issued since 2016: 13 digits,
 * the first being 1 or 2 (it encodes the holder's sex). No checksum is published, so only the
 * shape is checked. Spaces typed between groups are dropped.
 */
export const NATIONAL_ID_PATTERN = /^[12]\d{12}$/;
export const NATIONAL_ID_MESSAGE = 'A national ID number has 13 digits and starts with 1 or 2';
export const normaliseNationalId = (input: string) => input.replace(/\s/g, '');

export const nationalIdSchema = z
  .string()
  .trim()
  .max(20, NATIONAL_ID_MESSAGE)
  .refine((v) => NATIONAL_ID_PATTERN.test(normaliseNationalId(v)), NATIONAL_ID_MESSAGE)
  .transform(normaliseNationalId);

/**
 * NINEA (numéro d'identification national des entreprises et associations): 7 to 9 digits
 * (the older 7-digit numbers, the newer ones up to 9), optionally followed by the COFI tax code,
 * digit-letter-digit, e.g. `0012345 2G3`. Stored upper-cased without spaces.
 */
const NINEA_PATTERN = /^\d{7,9}(?:\d[A-Z]\d)?$/;
export const NINEA_MESSAGE = 'A NINEA has 7 to 9 digits, optionally followed by its COFI code such as 2G3';
const normaliseNinea = (input: string) => input.replace(/\s/g, '').toUpperCase();
export const nineaSchema = z
  .string()
  .trim()
  .max(16, NINEA_MESSAGE)
  .refine((v) => NINEA_PATTERN.test(normaliseNinea(v)), NINEA_MESSAGE)
  .transform(normaliseNinea);

/** Letters of any language (Ndèye, Guèye), hyphens, apostrophes and spaces; 2 to 60 characters. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’ -]*$/u;
export const personNameSchema = z
  .string()
  .trim()
  .min(2, 'At least 2 characters')
  .max(60, 'At most 60 characters')
  .regex(NAME_PATTERN, 'Letters, spaces, hyphens and apostrophes only')
  .transform((v) => v.replace(/\s+/g, ' '));

/** Free text for names of places and businesses: no control characters, spaces collapsed. */
const textSchema = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `At least ${min} characters`)
    .max(max, `At most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'Must not contain control characters')
    .transform((v) => v.replace(/\s+/g, ' '));

/** Forms send '' for an empty field: that means "not given". */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalField = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsMissing, schema.optional());

const emailSchema = z.string().trim().max(120, 'At most 120 characters').pipe(z.email('Not an email address'));

// ---- Dates and age ----

export const isoDateSchema = calendarDaySchema(1900, 9999, 'Not a real date');

/** Whole years from a YYYY-MM-DD birth date to today's calendar date (Dakar keeps UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const month = today.getUTCMonth() + 1;
  const beforeBirthday = month < m || (month === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

export const ADULT_AGE = 18;
export const UNDER_AGE_MESSAGE = 'The holder must be at least 18 years old';
export const STUDENT_AGE = { min: 10, max: 30 } as const;

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

const STEP_TITLES: Record<RegistrationStep, Text> = {
  identity: T('Identity', 'Identité'),
  contact: T('Contact', 'Contact'),
  address: T('Address', 'Adresse'),
  settings: T('Account settings', 'Paramètres du compte'),
  documents: T('Documents', 'Documents'),
  review: T('Review', 'Vérification'),
};

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

// ---- Form definitions (the dashboard builds its steps from these) ----

type FieldInput = 'text' | 'tel' | 'email' | 'date' | 'select';

export interface FieldDef {
  /** Key inside the step's object. */
  name: string;
  label: Text;
  input: FieldInput;
  required: boolean;
  /** Fixed choices; `banks` means the bank list of the login's user object. */
  options?: readonly { value: string; label: Text }[] | 'banks';
  placeholder?: string;
}

export interface StepDef {
  id: RegistrationStep;
  title: Text;
  /** Empty for the documents and review steps. */
  fields: readonly FieldDef[];
}

export interface RegistrationForm {
  kind: RegistrationKind;
  title: Text;
  /** Route of the page: /registration/{kind}. */
  route: string;
  /** Groups that may register this kind (the API refuses the others with 403). */
  groups: readonly GroupKey[];
  accountKind: ReviewedAccountKind;
  /** Account numbers of this kind: CUS-000123, AGT-00012, MRC-00042, PRT-00003. */
  numberPrefix: string;
  steps: readonly StepDef[];
  requiredDocuments: readonly DocumentType[];
  optionalDocuments: readonly DocumentType[];
}

const option = (value: string, label: Text) => ({ value, label });
const optionsOf = <V extends string>(values: readonly V[], titles: Record<V, Text>) =>
  values.map((v) => option(v, titles[v]));
const sameText = (values: readonly string[]) => values.map((v) => option(v, T(v, v)));

const IDENTITY_FIELDS: readonly FieldDef[] = [
  { name: 'firstName', label: T('First name', 'Prénom'), input: 'text', required: true },
  { name: 'lastName', label: T('Last name', 'Nom'), input: 'text', required: true },
  { name: 'birthDate', label: T('Date of birth', 'Date de naissance'), input: 'date', required: true },
  {
    name: 'gender',
    label: T('Sex', 'Sexe'),
    input: 'select',
    required: true,
    options: [option('female', T('Female', 'Féminin')), option('male', T('Male', 'Masculin'))],
  },
  {
    name: 'nationalId',
    label: T('National ID card number', 'Numéro de la carte nationale d’identité'),
    input: 'text',
    required: true,
    placeholder: '1 234 1990 01234',
  },
];
const CONTACT_FIELDS: readonly FieldDef[] = [
  {
    name: 'phone',
    label: T('Mobile number', 'Numéro de mobile'),
    input: 'tel',
    required: true,
    placeholder: '+221 77 123 45 67',
  },
  { name: 'email', label: T('Email', 'E-mail'), input: 'email', required: false },
];
const ADDRESS_FIELDS: readonly FieldDef[] = [
  { name: 'street', label: T('Street and number', 'Rue et numéro'), input: 'text', required: true },
  { name: 'city', label: T('City', 'Ville'), input: 'text', required: true },
  { name: 'region', label: T('Region', 'Région'), input: 'select', required: true, options: sameText(SENEGAL_REGIONS) },
];
const SETTINGS_FIELDS: Record<RegistrationKind, readonly FieldDef[]> = {
  customer: [
    {
      name: 'agentNumber',
      label: T('Enrolling agent', 'Agent enrôleur'),
      input: 'text',
      required: false,
      placeholder: 'AGT-00012',
    },
  ],
  agent: [
    {
      name: 'parentAgent',
      label: T('Parent agent', 'Agent parent'),
      input: 'text',
      required: false,
      placeholder: 'AGT-00001',
    },
    {
      name: 'commissionPlan',
      label: T('Commission plan', 'Plan de commission'),
      input: 'select',
      required: true,
      options: optionsOf(COMMISSION_PLANS, COMMISSION_PLAN_TITLES),
    },
  ],
  'hybrid-merchant': [
    { name: 'businessName', label: T('Business name', 'Nom commercial'), input: 'text', required: true },
    {
      name: 'businessCategory',
      label: T('Business category', 'Catégorie d’activité'),
      input: 'select',
      required: true,
      options: optionsOf(BUSINESS_CATEGORIES, BUSINESS_CATEGORY_TITLES),
    },
    { name: 'ninea', label: T('NINEA', 'NINEA'), input: 'text', required: false, placeholder: '0012345 2G3' },
    {
      name: 'network',
      label: T('Merchant network', 'Réseau marchand'),
      input: 'select',
      required: false,
      options: sameText(NETWORKS),
    },
  ],
  partner: [
    { name: 'companyName', label: T('Company name', 'Raison sociale'), input: 'text', required: true },
    { name: 'ninea', label: T('NINEA', 'NINEA'), input: 'text', required: true, placeholder: '0012345 2G3' },
    { name: 'contactPerson', label: T('Contact person', 'Personne à contacter'), input: 'text', required: true },
    {
      name: 'settlementBank',
      label: T('Settlement bank', 'Banque de règlement'),
      input: 'select',
      required: true,
      options: 'banks',
    },
  ],
};

function stepsFor(kind: RegistrationKind, identityTitle?: Text): StepDef[] {
  return [
    { id: 'identity', title: identityTitle ?? STEP_TITLES.identity, fields: IDENTITY_FIELDS },
    { id: 'contact', title: STEP_TITLES.contact, fields: CONTACT_FIELDS },
    { id: 'address', title: STEP_TITLES.address, fields: ADDRESS_FIELDS },
    { id: 'settings', title: STEP_TITLES.settings, fields: SETTINGS_FIELDS[kind] },
    { id: 'documents', title: STEP_TITLES.documents, fields: [] },
    { id: 'review', title: STEP_TITLES.review, fields: [] },
  ];
}

const optionalDocs = (required: readonly DocumentType[]) => DOCUMENT_TYPES.filter((t) => !required.includes(t));
const ADMINS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

/**
 * Administrators register all four kinds; the zone sales manager customers and hybrid merchants
 * (docs/product.md).
 */
export const REGISTRATION_FORMS: Record<RegistrationKind, RegistrationForm> = {
  agent: {
    kind: 'agent',
    title: T('Agent registration', 'Inscription d’un agent'),
    route: '/registration/agent',
    groups: ADMINS,
    accountKind: 'agent',
    numberPrefix: 'AGT-',
    steps: stepsFor('agent'),
    requiredDocuments: REQUIRED_DOCUMENTS.agent,
    optionalDocuments: optionalDocs(REQUIRED_DOCUMENTS.agent),
  },
  customer: {
    kind: 'customer',
    title: T('Customer registration', 'Inscription d’un client'),
    route: '/registration/customer',
    groups: [...ADMINS, 'zoneSalesManager'],
    accountKind: 'customer',
    numberPrefix: 'CUS-',
    steps: stepsFor('customer'),
    requiredDocuments: REQUIRED_DOCUMENTS.customer,
    optionalDocuments: optionalDocs(REQUIRED_DOCUMENTS.customer),
  },
  'hybrid-merchant': {
    kind: 'hybrid-merchant',
    title: T('Hybrid merchant registration', 'Inscription d’un marchand hybride'),
    route: '/registration/hybrid-merchant',
    groups: [...ADMINS, 'zoneSalesManager'],
    accountKind: 'merchant',
    numberPrefix: 'MRC-',
    steps: stepsFor('hybrid-merchant', T('Owner identity', 'Identité du gérant')),
    requiredDocuments: REQUIRED_DOCUMENTS.merchant,
    optionalDocuments: optionalDocs(REQUIRED_DOCUMENTS.merchant),
  },
  partner: {
    kind: 'partner',
    title: T('Partner registration', 'Inscription d’un partenaire'),
    route: '/registration/partner',
    groups: ADMINS,
    accountKind: 'partner',
    numberPrefix: 'PRT-',
    steps: stepsFor('partner', T('Legal representative', 'Représentant légal')),
    requiredDocuments: REQUIRED_DOCUMENTS.partner,
    optionalDocuments: optionalDocs(REQUIRED_DOCUMENTS.partner),
  },
};

export const mayRegister = (group: GroupKey, kind: RegistrationKind) => REGISTRATION_FORMS[kind].groups.includes(group);

/**
 * A form in progress survives an expired session: the dashboard keeps it as a form draft
 * (src/session/form-drafts.ts: the tab's sessionStorage, per user, so a colleague on the same
 * browser never sees it) under this form id, and restores it after sign-in. Drafts are
 * partial, so restore them through `registrationDraftSchema`.
 */
export const registrationDraftForm = (kind: RegistrationKind) => `registration.${kind}`;

export const registrationDraftSchema = z.object({
  kind: z.enum(REGISTRATION_KINDS),
  step: z.enum(REGISTRATION_STEPS),
  /** Raw form values per step, as typed. */
  values: z.partialRecord(z.enum(DATA_STEPS), z.record(z.string(), z.string())),
  savedAt: z.string(),
});
export type RegistrationDraft = z.infer<typeof registrationDraftSchema>;

/** Body of POST registrations/check: the form warns early; the create call stays the authority. */
export const registrationCheckSchema = z
  .object({
    phone: optionalField(senegalMobileSchema),
    nationalId: optionalField(nationalIdSchema),
  })
  .refine((v) => v.phone !== undefined || v.nationalId !== undefined, 'Give a phone number or a national ID number');

// ---- Students (/onboard-student, /my-students) ----

export const STUDENT_MANAGERS: readonly GroupKey[] = ['zoneSalesManager'];

export const STUDENT_LEVELS = [
  'primary',
  'middle_school',
  'high_school',
  'vocational',
  'bachelor',
  'master',
  'doctorate',
] as const;
export type StudentLevel = (typeof STUDENT_LEVELS)[number];
export const STUDENT_LEVEL_TITLES: Record<StudentLevel, Text> = {
  primary: T('Primary school', 'École primaire'),
  middle_school: T('Middle school (collège)', 'Collège'),
  high_school: T('High school (lycée)', 'Lycée'),
  vocational: T('Vocational training', 'Formation professionnelle'),
  bachelor: T('University: licence', 'Université : licence'),
  master: T('University: master', 'Université : master'),
  doctorate: T('University: doctorate', 'Université : doctorat'),
};

const studentFields = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  /** Students may be minors: 10 to 30 years old on the day. */
  birthDate: isoDateSchema,
  school: textSchema(2, 120),
  level: z.enum(STUDENT_LEVELS),
  guardianPhone: senegalMobileSchema,
  /** The student's own number; without one the wallet is reached through the guardian. */
  phone: optionalField(senegalMobileSchema),
  region: optionalField(z.enum(SENEGAL_REGIONS)),
});

/** Without the age rule, which needs a date (the API checks it on its clock); see `studentSchemaOn`. */
export const studentBodySchema = studentFields.superRefine((value, ctx) => {
  if (value.phone !== undefined && value.phone === value.guardianPhone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'The student’s number must differ from the guardian’s' });
  }
});

export const STUDENT_AGE_MESSAGE = `A student is ${STUDENT_AGE.min} to ${STUDENT_AGE.max} years old`;

export function studentSchemaOn(today: Date) {
  return studentBodySchema.superRefine((value, ctx) => {
    const age = ageOn(value.birthDate, today);
    if (age < STUDENT_AGE.min || age > STUDENT_AGE.max) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: STUDENT_AGE_MESSAGE });
    }
  });
}
export type StudentInput = z.input<typeof studentFields>;
export type StudentBody = z.output<typeof studentFields>;

// ---- Wire shapes ----

export interface RegistrationResult {
  number: string;
  kind: ReviewedAccountKind;
  registrationKind: RegistrationKind;
  label: string;
  phone: string;
  kycStatus: Extract<KycStatus, 'pending'>;
  /** Inactive until a first KYC approval activates it. */
  status: 'inactive';
  requiredDocuments: DocumentType[];
  createdAt: string;
}

export interface RegistrationCheckResult {
  phoneTaken: boolean;
  nationalIdTaken: boolean;
}

export interface StudentRow {
  number: string;
  firstName: string;
  lastName: string;
  name: string;
  birthDate: string;
  school: string;
  level: StudentLevel;
  guardianPhone: string;
  phone: string | null;
  status: string;
  kycStatus: KycStatus;
  createdAt: string;
}

export interface StudentPage {
  rows: StudentRow[];
  total: number;
  page: number;
  pageSize: number;
}
