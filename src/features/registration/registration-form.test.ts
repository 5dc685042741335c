import { describe, expect, it } from 'vitest';
import { REGISTRATION_FORMS } from '../../../contract/registration-forms';
import {
  duplicateKeys,
  emptyValues,
  firstErrorField,
  placeServerError,
  registrationBody,
  validateStep,
  valuesFromDraft,
} from './registration-form';

const customer = REGISTRATION_FORMS.customer;
const TODAY = new Date('2025-03-04T00:00:00Z');

describe('validateStep', () => {
  it('says a blank required field is required, and otherwise what the shared schema says', () => {
    const values = emptyValues(customer);
    values.identity = { firstName: '', lastName: 'S', birthDate: '2010-01-01', gender: 'male', nationalId: '12' };
    const errors = validateStep(customer, 'identity', values, TODAY);
    expect(errors.firstName?.key).toBe('required');
    expect(errors.lastName).toMatchObject({ key: 'minLength', params: { count: 2 } });
    expect(errors.nationalId?.key).toBe('nationalId');
    expect(errors.gender).toBeUndefined();
    expect(firstErrorField(customer, 'identity', errors)).toBe('firstName');
  });

  it('checks the age on the given day', () => {
    const values = emptyValues(customer);
    values.identity = {
      firstName: 'Awa',
      lastName: 'Sy',
      birthDate: '2007-06-01',
      gender: 'female',
      nationalId: '2123419900123',
    };
    expect(validateStep(customer, 'identity', values, TODAY).birthDate?.key).toBe('underAge');
    expect(validateStep(customer, 'identity', values, new Date('2025-06-01T00:00:00Z'))).toEqual({});
  });

  it('leaves optional fields alone when blank, and has nothing to check on documents and review', () => {
    const values = emptyValues(customer);
    values.contact = { phone: '77 123 45 67', email: '' };
    expect(validateStep(customer, 'contact', values, TODAY)).toEqual({});
    expect(validateStep(customer, 'settings', values, TODAY)).toEqual({});
    expect(validateStep(customer, 'documents', values, TODAY)).toEqual({});
  });
});

describe('what is sent and checked', () => {
  it('sends the values as the schema reads them, and checks numbers in their stored form', () => {
    const values = emptyValues(customer);
    values.identity = {
      firstName: ' Awa ',
      lastName: 'Sy',
      birthDate: '1990-01-01',
      gender: 'female',
      nationalId: '2 123 4199 00123',
    };
    values.contact = { phone: '0022177 123 45 67', email: '' };
    values.address = { street: 'Rue 1', city: 'Dakar', region: 'Dakar' };
    expect(registrationBody(customer, values, TODAY)).toEqual({
      identity: {
        firstName: 'Awa',
        lastName: 'Sy',
        birthDate: '1990-01-01',
        gender: 'female',
        nationalId: '2123419900123',
      },
      contact: { phone: '+221 77 123 45 67' },
      address: { street: 'Rue 1', city: 'Dakar', region: 'Dakar' },
      settings: {},
    });
    expect(duplicateKeys('contact', values)).toEqual({ phone: '+221 77 123 45 67' });
    expect(duplicateKeys('identity', values)).toEqual({ nationalId: '2123419900123' });
    expect(duplicateKeys('address', values)).toEqual({});
  });

  it('restores a draft onto the form’s fields only', () => {
    const values = valuesFromDraft(customer, {
      kind: 'customer',
      step: 'contact',
      values: { identity: { firstName: 'Awa', password: 'x' }, contact: { phone: '77' } },
      savedAt: '2025-03-04T09:00:00.000Z',
    });
    expect(values.identity).toEqual({ firstName: 'Awa', lastName: '', birthDate: '', gender: '', nationalId: '' });
    expect(values.contact.phone).toBe('77');
  });
});

describe('placeServerError', () => {
  it('puts duplicates and named fields on their step, and leaves the rest to the review', () => {
    expect(placeServerError(customer, 'DUPLICATE_PHONE', 'An account already uses…')).toMatchObject({
      step: 'contact',
      field: 'phone',
      message: { key: 'duplicatePhone' },
    });
    expect(placeServerError(customer, 'DUPLICATE_NATIONAL_ID', '…')).toMatchObject({
      step: 'identity',
      field: 'nationalId',
    });
    expect(
      placeServerError(customer, 'UNDER_AGE', 'identity.birthDate: The holder must be at least 18 years old.'),
    ).toMatchObject({ step: 'identity', field: 'birthDate', message: { key: 'underAge' } });
    expect(
      placeServerError(customer, 'AGENT_NOT_FOUND', 'settings.agentNumber: there is no open agent account AGT-09999.'),
    ).toMatchObject({
      step: 'settings',
      field: 'agentNumber',
      message: { key: null, text: 'there is no open agent account AGT-09999.' },
    });
    expect(placeServerError(customer, 'FORBIDDEN', 'Your group may not register this kind of account.')).toBeNull();
    expect(placeServerError(customer, 'VALIDATION_FAILED', 'settings.companyName: At least 2 characters')).toBeNull();
  });
});
