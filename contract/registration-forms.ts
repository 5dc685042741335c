import { z } from 'zod';
import type { GroupKey } from './groups';
import { type DocumentType, REQUIRED_DOCUMENTS, DOCUMENT_TYPES, type ReviewedAccountKind } from './kyc';
import { NETWORKS } from './ledger';
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_TITLES,
  COMMISSION_PLANS,
  COMMISSION_PLAN_TITLES,
  DATA_STEPS,
  REGISTRATION_KINDS,
  REGISTRATION_STEPS,
  type RegistrationKind,
  type RegistrationStep,
} from './registration';
import { SENEGAL_REGIONS } from './senegal-formats';
import { T, type Text } from './text';

/**
 * The registration forms as data: the dashboard builds its steps and fields from these, and
 * the API reads who may register which kind (docs/kyc-and-registration.md).
 */

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

const STEP_TITLES: Record<RegistrationStep, Text> = {
  identity: T('Identity', 'Identité'),
  contact: T('Contact', 'Contact'),
  address: T('Address', 'Adresse'),
  settings: T('Account settings', 'Paramètres du compte'),
  documents: T('Documents', 'Documents'),
  review: T('Review', 'Vérification'),
};

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
