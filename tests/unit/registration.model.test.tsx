/**
 * One customer registration by the zone sales manager, driven through the real app in jsdom by
 * every path of its test model (tests/models/registration.ts). The fake API answers the
 * contract's shapes (support/fake-kyc.ts, support/fake-registration.ts) and holds each create
 * call until the path says how it ends. Besides what the user sees, the states check what the
 * server received: the duplicate checks, one create call per Register, the body in the form
 * the shared schema gives it, and the documents uploaded to the new account.
 */
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationDraftForm } from '../../contract/registration';
import { formDraftKey } from '../../src/session/form-drafts';
import { coveringPaths, stateName } from '../models/menu-graph';
import { type RegistrationModelState, registrationModel } from '../models/registration';
import { type FakeKyc, installFakeKyc, JPEG_BYTES, PNG_BYTES } from './support/fake-kyc';
import { type FakeRegistration, installFakeRegistration } from './support/fake-registration';
import { createFakeApi, type FakeApi, type RenderedApp, renderApp } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const CREATE_PATH = 'registrations/customer';
const USER = 'zone-sales-manager';

interface Values {
  identity: { firstName: string; lastName: string; birthDate: string; gender: string; nationalId: string };
  contact: { phone: string; email: string };
  address: { street: string; city: string; region: string };
  settings: { agentNumber: string };
}
const VALID: Values = {
  identity: {
    firstName: 'Khadija',
    lastName: 'Sy',
    birthDate: '1995-06-15',
    gender: 'female',
    nationalId: '2 123 1995 00456',
  },
  contact: { phone: '77 987 65 43', email: '' },
  address: { street: 'Rue 12, Médina', city: 'Dakar', region: 'Dakar' },
  settings: { agentNumber: 'AGT-00001' },
};
const INVALID_IDENTITY = { firstName: '', lastName: 'S', birthDate: '2012-01-01', gender: '', nationalId: '12345' };
const TAKEN_PHONE = '+221 77 111 22 33';
const FRESH_PHONE = '78 444 55 66';
const EXPECTED_BODY = {
  identity: {
    firstName: 'Khadija',
    lastName: 'Sy',
    birthDate: '1995-06-15',
    gender: 'female',
    nationalId: '2123199500456',
  },
  contact: { phone: '+221 77 987 65 43' },
  address: { street: 'Rue 12, Médina', city: 'Dakar', region: 'Dakar' },
  settings: { agentNumber: 'AGT-00001' },
};

interface Run {
  app: RenderedApp;
  api: FakeApi;
  kyc: FakeKyc;
  reg: FakeRegistration;
  phone: string;
  /** The phone of each Register press so far: one create call each. */
  submits: string[];
  checksBefore: number;
  release?: () => void;
}
let run: Run | undefined;

beforeAll(async () => {
  await import('../../src/features/registration/RegistrationPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  run?.release?.();
  run?.app.unmount();
  run = undefined;
  window.sessionStorage.clear();
});

function current(): Run {
  if (!run) throw new Error('The page is not open');
  return run;
}

const content = () => within(document.getElementById('content') ?? document.body);
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const stepHeading = () => document.getElementById('registration-step-title');
const field = (label: RegExp | string) => content().getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

const LABELS: Record<string, RegExp> = {
  firstName: /^First name/,
  lastName: /^Last name/,
  birthDate: /^Date of birth/,
  gender: /^Sex/,
  nationalId: /^National ID card number/,
  phone: /^Mobile number/,
  email: /^Email/,
  street: /^Street and number/,
  city: /^City/,
  region: /^Region/,
  agentNumber: /^Enrolling agent/,
};

async function fill(values: Record<string, string>) {
  const { app } = current();
  for (const [name, value] of Object.entries(values)) {
    const input = field(LABELS[name] as RegExp);
    if (input instanceof HTMLSelectElement) {
      await app.user.selectOptions(input, value);
    } else {
      await app.user.clear(input);
      if (value) await app.user.type(input, value);
    }
  }
}

async function next() {
  await current().app.user.click(content().getByRole('button', { name: 'Next' }));
}

async function onStep(title: string) {
  await waitFor(() => expect(stepHeading()).toHaveTextContent(title));
}

function expectFields(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) expect(field(LABELS[name] as RegExp)).toHaveValue(value);
}

function expectNoErrors() {
  expect(content().queryAllByRole('alert')).toHaveLength(0);
  for (const input of content().queryAllByRole('textbox')) expect(input).toHaveAttribute('aria-invalid', 'false');
}

/** One create call per Register press, each with the body the shared schema reads from the form. */
function expectCreateCalls() {
  const { reg, submits } = current();
  expect(reg.createCalls('customer').map((call) => call.body)).toEqual(
    submits.map((phone) => ({ ...EXPECTED_BODY, contact: { phone } })),
  );
}

const picked = (type: string) => content().queryByText(new RegExp(`^${type}: `));
const docInput = (title: string) => content().getByLabelText(new RegExp(`^${title.replace(/[()]/g, '\\$&')} ·`));

async function pickValidDocuments() {
  const { app } = current();
  await app.user.upload(docInput('ID card (front)'), new File([PNG_BYTES], 'front.png', { type: 'image/png' }));
  await app.user.upload(docInput('ID card (back)'), new File([JPEG_BYTES], 'back.jpg', { type: 'image/jpeg' }));
  await app.user.upload(docInput('Selfie'), new File([JPEG_BYTES], 'selfie.jpg', { type: 'image/jpeg' }));
  await waitFor(() => expect(content().getAllByTestId('file-preview')).toHaveLength(3));
}

async function submitHeld() {
  const r = current();
  const hold = r.api.hold(CREATE_PATH);
  r.release = hold.release;
  await r.app.user.click(content().getByRole('button', { name: 'Register' }));
  await hold.reached;
  r.submits.push(r.phone);
}

async function settle() {
  const r = current();
  const release = r.release;
  r.release = undefined;
  await act(async () => release?.());
  await waitFor(() => expect(r.api.inFlight).toBe(0));
}

describe('registration test model (customer, zone sales manager)', () => {
  const { paths, coverage } = coveringPaths(registrationModel);

  it('the generated paths cover every transition of the registration model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(23);
  });

  const states: Record<RegistrationModelState, () => Promise<void> | void> = {
    closed: () => {
      expect(run).toBeUndefined();
    },
    identity: async () => {
      await onStep('Identity');
      expectFields({ firstName: '', lastName: '', birthDate: '', gender: '', nationalId: '' });
      expectNoErrors();
      expect(content().queryByTestId('draft-notice')).toBeNull();
      expect(content().getByRole('navigation', { name: 'Steps' })).toHaveTextContent('1. Identity');
      expect(content().getByText('1. Identity')).toHaveAttribute('aria-current', 'step');
    },
    identityInvalid: async () => {
      await onStep('Identity');
      expect(
        content().getByText('This field is required.', { selector: '#registration-identity-firstName-error' }),
      ).toBeVisible();
      expect(content().getByText('At least 2 characters.')).toBeVisible();
      expect(content().getByText('A national ID number has 13 digits and starts with 1 or 2.')).toBeVisible();
      expect(field(LABELS.firstName as RegExp)).toHaveAttribute('aria-invalid', 'true');
      expect(field(LABELS.gender as RegExp)).toHaveAttribute('aria-invalid', 'true');
      expect(field(LABELS.birthDate as RegExp)).toHaveAttribute('aria-invalid', 'false');
      expect(field(LABELS.lastName as RegExp).getAttribute('aria-describedby')).toContain(
        'registration-identity-lastName-error',
      );
      // Checked in place: focus on the first wrong field, and the server was not asked.
      expect(document.activeElement).toBe(field(LABELS.firstName as RegExp));
      expect(current().reg.checkCalls().length).toBe(current().checksBefore);
    },
    identityKept: async () => {
      await onStep('Identity');
      expect(document.activeElement).toBe(stepHeading());
      expectFields(VALID.identity);
      expectNoErrors();
    },
    contact: async () => {
      await onStep('Contact');
      expect(document.activeElement).toBe(stepHeading());
      expectNoErrors();
      // The national ID was checked when identity was left, in the form the API stores.
      const checked = current()
        .reg.checkCalls()
        .map((c) => c.body);
      expect(checked).toContainEqual({ nationalId: '2123199500456' });
    },
    contactWarned: async () => {
      await onStep('Contact');
      const warning = content().getByTestId('warning-phone');
      expect(warning).toHaveTextContent('This phone number is already registered');
      expect(field(LABELS.phone as RegExp).getAttribute('aria-describedby')).toContain(
        'registration-contact-phone-hint',
      );
      expect(document.activeElement).toBe(field(LABELS.phone as RegExp));
      expect(current().reg.checkCalls().at(-1)?.body).toEqual({ phone: TAKEN_PHONE });
    },
    address: async () => {
      await onStep('Address');
      expect(document.activeElement).toBe(stepHeading());
      expectNoErrors();
      expect(current().reg.checkCalls().at(-1)?.body).toEqual({ phone: current().phone });
    },
    settings: async () => {
      await onStep('Account settings');
      expect(field(LABELS.agentNumber as RegExp)).toHaveValue('');
      expectNoErrors();
    },
    documents: async () => {
      await onStep('Documents');
      expect(content().queryAllByTestId('file-preview')).toHaveLength(0);
      expect(docInput('ID card (front)')).toHaveAttribute(
        'accept',
        '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf',
      );
      expect(content().getByLabelText(/^Proof of address · optional/)).toBeVisible();
    },
    documentRefused: async () => {
      await onStep('Documents');
      expect(await content().findByText('Only JPEG and PNG images and PDF files are accepted.')).toBeVisible();
      expect(docInput('ID card (front)')).toHaveAttribute('aria-invalid', 'true');
      expect(content().queryAllByTestId('file-preview')).toHaveLength(0);
    },
    documentsPicked: async () => {
      await onStep('Documents');
      const previews = content().getAllByTestId('file-preview');
      expect(previews.map((p) => plain(within(p).getByRole('img').getAttribute('alt')))).toEqual([
        'Preview of front.png',
        'Preview of back.jpg',
        'Preview of selfie.jpg',
      ]);
      expect(docInput('ID card (front)')).toHaveAttribute('aria-invalid', 'false');
    },
    reviewing: async () => {
      await onStep('Check and register');
      expect(document.activeElement).toBe(stepHeading());
      const text = plain(content().getByRole('region', { name: 'Identity' }).textContent);
      for (const part of ['First nameKhadija', 'Last nameSy', 'Date of birth1995-06-15', 'SexFemale']) {
        expect(text).toContain(part);
      }
      expect(plain(content().getByRole('region', { name: 'Contact' }).textContent)).toContain(
        `Mobile number${current().phone === EXPECTED_BODY.contact.phone ? VALID.contact.phone : FRESH_PHONE}`,
      );
      expect(plain(content().getByRole('region', { name: 'Account settings' }).textContent)).toContain(
        'Enrolling agentAGT-00001',
      );
      expect(picked('ID card \\(front\\)')).toHaveTextContent('front.png');
      expect(content().queryByTestId('missing-documents')).toBeNull();
      expect(content().getByRole('button', { name: 'Register' })).not.toHaveAttribute('aria-disabled');
      expectCreateCalls();
    },
    submitting: async () => {
      const button = content().getByRole('button', { name: 'Registering…' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(content().getByRole('button', { name: 'Back' })).toBeDisabled();
      expect(current().api.inFlight).toBe(1);
      expectCreateCalls();
    },
    refusedOnContact: async () => {
      await onStep('Contact');
      const phone = field(LABELS.phone as RegExp);
      expect(content().getByText('An account already uses this phone number.')).toBeVisible();
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(phone);
      expectCreateCalls();
    },
    failed: async () => {
      const alert = await content().findByRole('alert');
      expect(alert).toHaveTextContent('The server could not be reached. Check your connection and try again.');
      await onStep('Check and register');
      expect(plain(content().getByRole('region', { name: 'Identity' }).textContent)).toContain('First nameKhadija');
      expect(content().getByRole('button', { name: 'Register' })).toBeVisible();
      expectCreateCalls();
    },
    done: async () => {
      const { kyc } = current();
      const heading = await content().findByRole('heading', { name: 'Account created' });
      expect(content().getByTestId('new-account-number')).toHaveTextContent(/^CUS-000101$/);
      expect(content().getByTestId('new-account-kyc')).toHaveTextContent('KYC pending');
      await waitFor(() =>
        expect([...document.querySelectorAll('[data-upload]')].map((e) => e.getAttribute('data-status'))).toEqual([
          'done',
          'done',
          'done',
        ]),
      );
      expect(document.activeElement).toBe(heading);
      const account = kyc.account('CUS-000101');
      expect(account.kycStatus).toBe('pending');
      expect(account.documents.map((d) => [d.type, d.fileName])).toEqual([
        ['id_front', 'front.png'],
        ['id_back', 'back.jpg'],
        ['selfie', 'selfie.jpg'],
      ]);
      // The draft is gone with the registration.
      const userId = current().api.userNamed(USER).id;
      await waitFor(() =>
        expect(window.sessionStorage.getItem(formDraftKey(registrationDraftForm('customer'), userId))).toBeNull(),
      );
      expectCreateCalls();
    },
  };

  const events = {
    'page.open': async () => {
      const api = createFakeApi();
      const kyc = installFakeKyc(api);
      const reg = installFakeRegistration(api, kyc);
      const app = renderApp({ api, signedInAs: USER, url: '/registration/customer' });
      run = { app, api, kyc, reg, phone: EXPECTED_BODY.contact.phone, submits: [], checksBefore: 0 };
      await content().findByRole('heading', { level: 1, name: 'Customer Registration' }, { timeout: 10_000 });
      await onStep('Identity');
    },
    'form.submitInvalid': async () => {
      current().checksBefore = current().reg.checkCalls().length;
      await fill(INVALID_IDENTITY);
      await next();
    },
    'form.fillValid': async () => {
      const title = stepHeading()?.textContent ?? '';
      if (title === 'Identity') await fill(VALID.identity);
      else if (title === 'Contact') {
        const fresh = field(LABELS.phone as RegExp).value !== '' && current().phone !== EXPECTED_BODY.contact.phone;
        await fill({ phone: fresh ? FRESH_PHONE : VALID.contact.phone });
        current().phone = fresh ? '+221 78 444 55 66' : EXPECTED_BODY.contact.phone;
      } else if (title === 'Address') await fill(VALID.address);
      else if (title === 'Account settings') await fill(VALID.settings);
      await next();
      await waitFor(() => expect(stepHeading()?.textContent).not.toBe(title));
    },
    'form.fillTakenPhone': async () => {
      await fill({ phone: TAKEN_PHONE });
      await next();
      await content().findByTestId('warning-phone');
    },
    'form.fixAndReview': async () => {
      const r = current();
      await fill({ phone: FRESH_PHONE });
      r.phone = '+221 78 444 55 66';
      for (const title of ['Address', 'Account settings', 'Documents', 'Check and register']) {
        await next();
        await onStep(title);
      }
    },
    'step.back': async () => {
      await current().app.user.click(content().getByRole('button', { name: 'Back' }));
    },
    'documents.pickInvalid': async () => {
      const renamed = new File([new TextEncoder().encode('MZ not an image')], 'front.png', { type: 'image/png' });
      await current().app.user.upload(docInput('ID card (front)'), renamed);
    },
    'documents.pickValid': async () => {
      await pickValidDocuments();
    },
    'review.submit': async () => {
      await submitHeld();
    },
    'server.accepts': async () => {
      await settle();
      await content().findByRole('heading', { name: 'Account created' });
    },
    'server.refusesDuplicate': async () => {
      // Someone registered the number between the early check and Register.
      current().kyc.add({ ...current().kyc.account('CUS-000003'), number: 'CUS-000099', phone: current().phone });
      await settle();
      await onStep('Contact');
    },
    'server.loses': async () => {
      current().reg.nextCreate('drop');
      await settle();
      await content().findByRole('alert');
    },
    'registration.new': async () => {
      await current().app.user.click(content().getByRole('button', { name: 'Register another' }));
    },
  };

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});
