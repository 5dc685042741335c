import { describe, expect, it } from 'vitest';
import { KYC_REVIEWERS } from './kyc';
import { ageOn, nationalIdSchema, nineaSchema, normaliseSenegalMobile, personNameSchema } from './senegal-formats';
import {
  contactSchema,
  DATA_STEPS,
  identitySchema,
  REGISTRATION_BODY_SCHEMAS,
  REGISTRATION_KINDS,
  REGISTRATION_STEPS,
  registrationSchemaOn,
  stepSchemaOn,
} from './registration';
import { mayRegister, REGISTRATION_FORMS, registrationDraftSchema } from './registration-forms';
import { studentBodySchema, studentSchemaOn } from './students';

const TODAY = new Date('2026-11-22T09:00:00Z');

const customer = {
  identity: {
    firstName: 'Awa',
    lastName: 'Ndiaye',
    birthDate: '1990-01-31',
    gender: 'female',
    nationalId: '2199001310001',
  },
  contact: { phone: '771234567' },
  address: { street: '3, Rue 10 Médina', city: 'Dakar', region: 'Dakar' },
  settings: {},
};

describe('Senegalese mobile numbers', () => {
  it('accepts the five operator prefixes typed in any usual way, and stores one form', () => {
    for (const input of [
      '+221 77 123 45 67',
      '+221771234567',
      '771234567',
      '77 123 45 67',
      '00221 77 123 45 67',
      '221771234567',
      '77.123.45.67',
    ]) {
      expect(normaliseSenegalMobile(input), input).toBe('+221 77 123 45 67');
    }
    for (const prefix of ['70', '75', '76', '77', '78']) {
      expect(normaliseSenegalMobile(`${prefix}1234567`)).toBe(`+221 ${prefix} 123 45 67`);
    }
  });

  it('refuses other prefixes, lengths and countries', () => {
    for (const input of [
      '+221 79 123 45 67',
      '+221 71 123 45 67',
      '+221 33 822 00 00',
      '+221 77 123 45 6',
      '+221 77 123 45 678',
      '+33 6 12 34 56 78',
      '',
      'seventy-seven',
    ]) {
      expect(normaliseSenegalMobile(input), input).toBeNull();
    }
    const parsed = contactSchema.safeParse({ phone: '+221 79 123 45 67' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['phone']);
  });
});

describe('national ID, NINEA and names', () => {
  it('reads a 13-digit national ID starting with 1 or 2, spaces allowed', () => {
    expect(nationalIdSchema.parse(' 1 234 5678 90123 ')).toBe('1234567890123');
    expect(nationalIdSchema.parse('2000000000000')).toBe('2000000000000');
    for (const bad of ['3234567890123', '123456789012', '12345678901234', '12345678901a3', '']) {
      expect(nationalIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('reads a NINEA with its optional COFI code', () => {
    expect(nineaSchema.parse('0012345 2g3')).toBe('00123452G3');
    expect(nineaSchema.parse('004567891')).toBe('004567891');
    for (const bad of ['123456', '0012345 2G34', 'ABC1234567', ''])
      expect(nineaSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('takes names with accents, hyphens and apostrophes, and nothing else', () => {
    for (const name of ['Ndèye', "N'Diaye", 'Diop-Sarr', 'Mame Diarra', 'Aïssatou', 'Ngoné']) {
      expect(personNameSchema.safeParse(name).success, name).toBe(true);
    }
    expect(personNameSchema.parse('  Mame   Diarra ')).toBe('Mame Diarra');
    for (const bad of ['A', 'R2-D2', 'Awa!', '-Awa', 'x'.repeat(61)])
      expect(personNameSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('age', () => {
  it('counts whole years to the calendar day', () => {
    expect(ageOn('2008-11-22', TODAY)).toBe(18);
    expect(ageOn('2008-11-23', TODAY)).toBe(17);
    expect(ageOn('2008-12-01', TODAY)).toBe(17);
    expect(ageOn('1990-01-31', TODAY)).toBe(36);
    // Born on 29 February: a year older on 1 March of a common year.
    expect(ageOn('2000-02-29', new Date('2019-02-28T12:00:00Z'))).toBe(18);
    expect(ageOn('2000-02-29', new Date('2018-03-01T12:00:00Z'))).toBe(18);
    expect(ageOn('2000-02-29', new Date('2018-02-28T12:00:00Z'))).toBe(17);
  });

  it('refuses a holder under 18 on the given day, on the birth date field', () => {
    const young = { ...customer, identity: { ...customer.identity, birthDate: '2008-11-23' } };
    const parsed = registrationSchemaOn('customer', TODAY).safeParse(young);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['identity.birthDate']);
    const adult = { ...customer, identity: { ...customer.identity, birthDate: '2008-11-22' } };
    expect(registrationSchemaOn('customer', TODAY).safeParse(adult).success).toBe(true);
    // Without a date the static schema (OpenAPI, first check) leaves age to the API.
    expect(REGISTRATION_BODY_SCHEMAS.customer.safeParse(young).success).toBe(true);
    expect(stepSchemaOn('customer', 'identity', TODAY)?.safeParse(young.identity).success).toBe(false);
  });

  it('refuses impossible dates', () => {
    for (const bad of ['1990-02-30', '1990-13-01', '31/01/1990', '1850-01-01']) {
      expect(identitySchema.safeParse({ ...customer.identity, birthDate: bad }).success, bad).toBe(false);
    }
  });
});

describe('registration bodies', () => {
  it('normalises what the form typed and drops blank optional fields', () => {
    const parsed = registrationSchemaOn('customer', TODAY).parse({
      ...customer,
      contact: { phone: '77 123 45 67', email: '  ' },
      settings: { agentNumber: 'agt-00012' },
    });
    expect(parsed.contact).toEqual({ phone: '+221 77 123 45 67' });
    expect(parsed.settings).toEqual({ agentNumber: 'AGT-00012' });
  });

  it('asks each kind for its own settings', () => {
    const partner = REGISTRATION_BODY_SCHEMAS.partner.safeParse({ ...customer, settings: { companyName: 'Sahel SA' } });
    expect(partner.success).toBe(false);
    expect(partner.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['settings.ninea', 'settings.contactPerson', 'settings.settlementBank']),
    );
    const merchant = REGISTRATION_BODY_SCHEMAS['hybrid-merchant'].parse({
      ...customer,
      settings: { businessName: 'Boutique Awa', businessCategory: 'grocery', ninea: '', network: '' },
    });
    expect(merchant.settings).toEqual({ businessName: 'Boutique Awa', businessCategory: 'grocery' });
    expect(
      REGISTRATION_BODY_SCHEMAS.agent.safeParse({ ...customer, settings: { commissionPlan: 'gold' } }).success,
    ).toBe(false);
  });

  it('restores only well-formed drafts', () => {
    expect(
      registrationDraftSchema.safeParse({
        kind: 'customer',
        step: 'address',
        values: { identity: { firstName: 'Awa' } },
        savedAt: TODAY.toISOString(),
      }).success,
    ).toBe(true);
    expect(
      registrationDraftSchema.safeParse({ kind: 'customer', step: 'payment', values: {}, savedAt: '' }).success,
    ).toBe(false);
  });
});

describe('registration forms', () => {
  it('gives every kind the six steps in order, with fields for the data steps', () => {
    for (const kind of REGISTRATION_KINDS) {
      const form = REGISTRATION_FORMS[kind];
      expect(form.steps.map((s) => s.id)).toEqual([...REGISTRATION_STEPS]);
      for (const step of form.steps) {
        const schema = stepSchemaOn(kind, step.id, TODAY);
        if (!(DATA_STEPS as readonly string[]).includes(step.id)) {
          expect(schema).toBeNull();
          continue;
        }
        // Every field the form shows is a key of the step's schema, and every required key has a field.
        const shape = (schema as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> })
          .shape;
        expect(step.fields.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
        for (const field of step.fields) {
          expect(shape[field.name]?.safeParse(undefined).success, `${kind}.${step.id}.${field.name}`).toBe(
            !field.required,
          );
        }
      }
      expect(form.requiredDocuments.length).toBeGreaterThan(0);
      expect([...form.requiredDocuments, ...form.optionalDocuments].sort()).toHaveLength(5);
    }
  });

  it('lets administrators register every kind and the zone sales manager customers and hybrid merchants', () => {
    for (const kind of REGISTRATION_KINDS) {
      expect(mayRegister('admin', kind)).toBe(true);
      expect(mayRegister('networkSupervisor', kind)).toBe(true);
      expect(mayRegister('kycAdmin', kind)).toBe(false);
    }
    expect(REGISTRATION_KINDS.filter((k) => mayRegister('zoneSalesManager', k))).toEqual([
      'customer',
      'hybrid-merchant',
    ]);
    // Whoever registers a kind may review it (and so add its documents).
    expect(KYC_REVIEWERS.customers).toContain('zoneSalesManager');
  });
});

describe('students', () => {
  const body = {
    firstName: 'Aïssatou',
    lastName: 'Ndour',
    birthDate: '2012-09-01',
    school: 'Collège Sacré-Cœur',
    level: 'middle_school',
    guardianPhone: '77 612 34 56',
  };

  it('takes minors from 10 to 30 years old', () => {
    expect(studentSchemaOn(TODAY).safeParse(body).success).toBe(true);
    expect(studentSchemaOn(TODAY).safeParse({ ...body, birthDate: '2016-11-23' }).success).toBe(false);
    expect(studentSchemaOn(TODAY).safeParse({ ...body, birthDate: '1995-11-22' }).success).toBe(false);
  });

  it('wants the student’s own number to differ from the guardian’s', () => {
    const parsed = studentBodySchema.safeParse({ ...body, phone: '+221 77 612 34 56' });
    expect(parsed.error?.issues[0]?.path).toEqual(['phone']);
    expect(studentBodySchema.parse({ ...body, phone: '' }).phone).toBeUndefined();
  });
});
