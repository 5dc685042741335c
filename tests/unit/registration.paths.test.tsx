/**
 * One customer registration by the zone sales manager: the generated paths of the real
 * registration machine (tests/paths/machines/registration.ts), each run against the whole app
 * in jsdom. The fake API answers the contract's shapes (support/fake-kyc.ts,
 * support/fake-registration.ts) and holds each check, create and upload call until the path
 * says how it ends. Besides what the user sees, the states check what the server received:
 * the duplicate checks, one create call per Register, the body in the form the shared schema
 * gives it, and the documents uploaded to the new account.
 */
import { dayTextOf } from '../../src/ui/form/day-text';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/demo-users';
import { registrationDraftForm } from '../../contract/registration-forms';
import { formDraftKey } from '../../src/session/form-drafts';
import { generatePaths, incompleteSteps, missingCoverage, type PathSteps, runPath } from '../paths/graph-adapter';
import { REGISTRATION_DRAFT, REGISTRATION_TYPED, registrationGraph } from '../paths/machines/registration';
import { type FakeKyc, installFakeKyc, JPEG_BYTES, PNG_BYTES } from './support/fake-kyc';
import { type FakeRegistration, installFakeRegistration } from './support/fake-registration';
import { createFakeApi, type FakeApi, failure, type RenderedApp, renderApp } from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const CREATE_PATH = 'registrations/customer';
const CHECK_PATH = 'registrations/availability';
const NUMBER = 'CUS-000101';
const UPLOAD_PATH = `kyc/accounts/${NUMBER}/documents`;
const USER = 'zone-sales-manager';
const STEPS = ['Identity', 'Contact', 'Address', 'Account settings', 'Documents', 'Check and register'] as const;

const VALID = {
  identity: {
    firstName: 'Khadija',
    lastName: 'Sy',
    birthDate: '1995-06-15',
    gender: 'female',
    nationalId: REGISTRATION_TYPED.identity.valid,
  },
  address: { street: REGISTRATION_TYPED.address.valid, city: 'Dakar', region: 'Dakar' },
  settings: { agentNumber: REGISTRATION_TYPED.settings.valid },
};
const INVALID_IDENTITY = {
  firstName: '',
  lastName: 'S',
  birthDate: '2012-01-01',
  gender: '',
  nationalId: REGISTRATION_TYPED.identity.invalid,
};
const EMPTY_IDENTITY = { firstName: '', lastName: '', birthDate: '', gender: '', nationalId: '' };
/** The phone typed, by the graph's label, and as the API stores it. */
const PHONES = {
  valid: { typed: REGISTRATION_TYPED.contact.valid, stored: '+221 77 987 65 43' },
  taken: { typed: REGISTRATION_TYPED.contact.taken, stored: '+221 77 111 22 33' },
  fresh: { typed: REGISTRATION_TYPED.contact.fresh, stored: '+221 78 444 55 66' },
} as const;
type PhoneLabel = keyof typeof PHONES;
const EXPECTED_BODY = {
  identity: { ...VALID.identity, nationalId: '2123199500456' },
  address: VALID.address,
  settings: VALID.settings,
};
const FILES: Record<string, { title: string; file: () => File }> = {
  id_front: { title: 'ID card (front)', file: () => new File([PNG_BYTES], 'front.png', { type: 'image/png' }) },
  id_back: { title: 'ID card (back)', file: () => new File([JPEG_BYTES], 'back.jpg', { type: 'image/jpeg' }) },
  selfie: { title: 'Selfie', file: () => new File([JPEG_BYTES], 'selfie.jpg', { type: 'image/jpeg' }) },
};

/** What the user has done so far, as far as the screen shows it. */
interface Run {
  app: RenderedApp;
  api: FakeApi;
  kyc: FakeKyc;
  reg: FakeRegistration;
  step: number;
  /** What each data step holds, by the graph's label ('' when empty). */
  typed: { identity: string; contact: string; address: string; settings: string };
  /** Next pressed on identity with wrong values: the messages are shown. */
  invalidShown: boolean;
  warned: boolean;
  refused: boolean;
  notAnImage: boolean;
  restored: boolean;
  files: string[];
  /** The stored phone of each Register press so far: one create call each. */
  submits: string[];
  checksBefore: number;
  /** Per picked document: how its upload ended. */
  uploads: Record<string, 'done' | 'failed'>;
  /** The step was opened by Next or Back: it takes focus as a new page would. */
  arrived: boolean;
  /** "Upload again" was pressed: the button that had focus is gone. */
  retried: boolean;
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
const phone = () => PHONES[(current().typed.contact || 'valid') as PhoneLabel] ?? PHONES.valid;
const title = () => STEPS[current().step] ?? 'Identity';

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
      // Days are typed as people write them; the form holds them as YYYY-MM-DD.
      if (value) await app.user.type(input, name === 'birthDate' ? dayTextOf(value) : value);
    }
  }
}

async function onStep(title: string) {
  await waitFor(() => expect(stepHeading()).toHaveTextContent(title));
}

function expectFields(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    expect(field(LABELS[name] as RegExp)).toHaveValue(name === 'birthDate' ? dayTextOf(value) : value);
  }
}

function expectNoErrors() {
  expect(content().queryAllByRole('alert')).toHaveLength(0);
  for (const input of content().queryAllByRole('textbox')) expect(input).toHaveAttribute('aria-invalid', 'false');
}

/** One create call per Register press, each with the body the shared schema reads from the form. */
function expectCreateCalls() {
  const { reg, submits } = current();
  expect(reg.createCalls('customer').map((call) => call.body)).toEqual(
    submits.map((stored) => ({ ...EXPECTED_BODY, contact: { phone: stored } })),
  );
}

const picked = (type: string) => content().queryByText(new RegExp(`^${type}: `));
const docInput = (title: string) => content().getByLabelText(new RegExp(`^${title.replace(/[()]/g, '\\$&')} ·`));
const draftKey = () => formDraftKey(registrationDraftForm('customer'), current().api.userNamed(USER).id);
const storedDraft = () => {
  const raw = window.sessionStorage.getItem(draftKey());
  return raw === null ? null : (JSON.parse(raw) as { step: string; values: Record<string, Record<string, string>> });
};
const uploadStatuses = () =>
  [...document.querySelectorAll('[data-upload]')].map((e) => [
    e.getAttribute('data-upload'),
    e.getAttribute('data-status'),
  ]);

/** Holds the next call to `path`; the outcome's step releases it. */
async function holdNext(path: string, act: () => Promise<void>) {
  const r = current();
  const hold = r.api.hold(path);
  r.release = hold.release;
  await act();
  await hold.reached;
}

/** Waits for the check made once typing pauses, so Next's own check is the next call. */
async function checkedWhileTyping(query: Record<string, string>) {
  const r = current();
  await waitFor(() => expect(r.reg.checkCalls().map((c) => c.body)).toContainEqual(query), { timeout: 5_000 });
  await waitFor(() => expect(r.api.inFlight).toBe(0));
}

async function settle() {
  const r = current();
  const release = r.release;
  r.release = undefined;
  await act(async () => release?.());
  await waitFor(() => expect(r.api.inFlight).toBe(0));
}

/** Releases the held call; when the path's next step is another outcome of `path`, holds that call first. */
async function releaseAndHold(path: string, holdAnother: boolean) {
  const r = current();
  const release = r.release;
  r.release = undefined;
  if (holdAnother) {
    const hold = r.api.hold(path);
    r.release = hold.release;
    await act(async () => release?.());
    await hold.reached;
  } else {
    await act(async () => release?.());
    await waitFor(() => expect(r.api.inFlight).toBe(0));
  }
}

/** Documents still to send, each held in flight until its outcome's step. */
const moreToUpload = () => current().files.some((type) => !(type in current().uploads));

async function openPage(withDraft: boolean) {
  const api = createFakeApi();
  const kyc = installFakeKyc(api);
  const reg = installFakeRegistration(api, kyc);
  if (withDraft) {
    window.sessionStorage.setItem(
      formDraftKey(registrationDraftForm('customer'), api.userNamed(USER).id),
      JSON.stringify(REGISTRATION_DRAFT),
    );
  }
  const app = renderApp({ api, signedInAs: USER, url: '/registration/customer' });
  run = {
    app,
    api,
    kyc,
    reg,
    step: withDraft ? 1 : 0,
    typed: { identity: withDraft ? 'draft' : '', contact: '', address: '', settings: '' },
    invalidShown: false,
    warned: false,
    refused: false,
    notAnImage: false,
    restored: withDraft,
    files: [],
    submits: [],
    checksBefore: 0,
    uploads: {},
    retried: false,
    arrived: false,
  };
  await content().findByRole('heading', { level: 1, name: 'Customer Registration' }, { timeout: 10_000 });
}

function startAfresh(r: Run) {
  Object.assign(r, {
    step: 0,
    typed: { identity: '', contact: '', address: '', settings: '' },
    invalidShown: false,
    warned: false,
    refused: false,
    notAnImage: false,
    restored: false,
    files: [],
    uploads: {},
    retried: false,
  });
}

const editingChecks: Record<string, () => Promise<void>> = {
  async Identity() {
    const r = current();
    expect(content().getByRole('navigation', { name: 'Steps' })).toHaveTextContent('1. Identity');
    expect(content().getByText('1. Identity')).toHaveAttribute('aria-current', 'step');
    if (r.typed.identity === '') {
      expectFields(EMPTY_IDENTITY);
      expectNoErrors();
      expect(content().queryByTestId('draft-notice')).toBeNull();
    } else if (r.typed.identity === 'invalid' && r.invalidShown) {
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
      expect(r.reg.checkCalls().length).toBe(r.checksBefore);
    } else if (r.typed.identity === 'invalid') {
      // No message appears while typing.
      expectFields(INVALID_IDENTITY);
      expectNoErrors();
    } else {
      expectFields(VALID.identity);
      expectNoErrors();
    }
  },
  async Contact() {
    const r = current();
    if (r.restored) {
      // The draft put back what identity held and opened the form where it was left.
      expect(content().getByTestId('draft-notice')).toHaveTextContent('Your unfinished form was restored');
      expect(field(LABELS.phone as RegExp)).toHaveValue('');
      return;
    }
    if (r.warned) {
      const warning = content().getByTestId('warning-phone');
      expect(warning).toHaveTextContent('This phone number is already registered');
      expect(field(LABELS.phone as RegExp).getAttribute('aria-describedby')).toContain(
        'registration-contact-phone-hint',
      );
      expect(document.activeElement).toBe(field(LABELS.phone as RegExp));
      expect(r.reg.checkCalls().at(-1)?.body).toEqual({ phone: PHONES.taken.stored });
      return;
    }
    if (r.refused) {
      const input = field(LABELS.phone as RegExp);
      expect(content().getByText('An account already uses this phone number.')).toBeVisible();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(document.activeElement).toBe(input);
      expectCreateCalls();
      return;
    }
    expectNoErrors();
    expect(field(LABELS.phone as RegExp)).toHaveValue(r.typed.contact === '' ? '' : phone().typed);
    // The national ID was checked when identity was left, in the form the API stores.
    expect(r.reg.checkCalls().map((c) => c.body)).toContainEqual({ nationalId: '2123199500456' });
  },
  async Address() {
    const r = current();
    expectNoErrors();
    expect(field(LABELS.street as RegExp)).toHaveValue(r.typed.address === '' ? '' : VALID.address.street);
    expect(r.reg.checkCalls().at(-1)?.body).toEqual({ phone: phone().stored });
  },
  async 'Account settings'() {
    expect(field(LABELS.agentNumber as RegExp)).toHaveValue(
      current().typed.settings === '' ? '' : VALID.settings.agentNumber,
    );
    expectNoErrors();
  },
  async Documents() {
    const r = current();
    if (r.notAnImage) {
      expect(await content().findByText('Only JPEG and PNG images and PDF files are accepted.')).toBeVisible();
      expect(docInput('ID card (front)')).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(docInput('ID card (front)')).toHaveAttribute('aria-invalid', 'false');
    }
    expect(docInput('ID card (front)')).toHaveAttribute(
      'accept',
      '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf',
    );
    expect(content().getByLabelText(/^Proof of address · optional/)).toBeVisible();
    const previews = content().queryAllByTestId('file-preview');
    expect(previews.map((p) => plain(within(p).getByRole('img').getAttribute('alt')))).toEqual(
      r.files.map((type) => `Preview of ${FILES[type]?.file().name}`),
    );
  },
};

/** The review as the form holds it: what was typed, the files, and the Register button. */
function expectReview() {
  const r = current();
  const text = plain(content().getByRole('region', { name: 'Identity' }).textContent);
  for (const part of ['First nameKhadija', 'Last nameSy', 'Date of birth15-06-1995', 'SexFemale']) {
    expect(text).toContain(part);
  }
  expect(plain(content().getByRole('region', { name: 'Contact' }).textContent)).toContain(
    `Mobile number${phone().typed}`,
  );
  expect(plain(content().getByRole('region', { name: 'Account settings' }).textContent)).toContain(
    'Enrolling agentAGT-00001',
  );
  if (r.files.length) {
    expect(picked('ID card \\(front\\)')).toHaveTextContent('front.png');
    expect(content().queryByTestId('missing-documents')).toBeNull();
  } else {
    expect(content().getByTestId('missing-documents')).toHaveTextContent('ID card (front)');
  }
  expectCreateCalls();
}

async function expectAccountCreated() {
  const r = current();
  const heading = await content().findByRole('heading', { name: 'Account created' });
  expect(content().getByTestId('new-account-number')).toHaveTextContent(new RegExp(`^${NUMBER}$`));
  expect(content().getByTestId('new-account-kyc')).toHaveTextContent('KYC pending');
  expect(r.kyc.account(NUMBER).kycStatus).toBe('pending');
  // The draft is gone with the registration.
  await waitFor(() => expect(window.sessionStorage.getItem(draftKey())).toBeNull());
  expectCreateCalls();
  return heading;
}

describe('registration machine: generated paths in jsdom (customer, zone sales manager)', () => {
  const generated = generatePaths(registrationGraph);

  const steps: PathSteps = {
    async start({ step }) {
      await openPage(step.label === 'with a draft');
      await onStep(title());
    },
    states: {
      async editing() {
        await onStep(title());
        if (current().arrived) expect(document.activeElement).toBe(stepHeading());
        await editingChecks[title()]?.();
      },
      async checkingDuplicates() {
        const r = current();
        expect(content().getByRole('button', { name: 'Checking…' })).toHaveAttribute('aria-disabled', 'true');
        expect(content().getByRole('button', { name: 'Back' })).toBeDisabled();
        expect(r.api.inFlight).toBe(1);
        expect(r.reg.checkCalls().at(-1)?.body).toEqual(
          r.step === 0 ? { nationalId: '2123199500456' } : { phone: phone().stored },
        );
      },
      async reviewing() {
        await onStep('Check and register');
        expect(document.activeElement).toBe(stepHeading());
        expect(content().getByRole('button', { name: 'Register' })).not.toHaveAttribute('aria-disabled');
        expectReview();
      },
      async submitting() {
        const button = content().getByRole('button', { name: 'Registering…' });
        expect(button).toHaveAttribute('aria-disabled', 'true');
        expect(content().getByRole('button', { name: 'Back' })).toBeDisabled();
        expect(current().api.inFlight).toBe(1);
        expectCreateCalls();
      },
      async failed() {
        const alert = await content().findByRole('alert');
        expect(alert).toHaveTextContent('The server could not be reached. Check your connection and try again.');
        await onStep('Check and register');
        expect(content().getByRole('button', { name: 'Register' })).toBeVisible();
        expectReview();
      },
      async uploadingDocuments() {
        const r = current();
        await expectAccountCreated();
        // One document on its way, those before it as they ended, the rest waiting.
        const sending = r.files.find((type) => !(type in r.uploads));
        await waitFor(() =>
          expect(uploadStatuses()).toEqual(
            r.files.map((type) => [type, r.uploads[type] ?? (type === sending ? 'sending' : 'waiting')]),
          ),
        );
        expect(r.api.inFlight).toBe(1);
      },
      async done() {
        const r = current();
        const heading = await expectAccountCreated();
        await waitFor(() => expect(uploadStatuses()).toEqual(r.files.map((type) => [type, r.uploads[type]])));
        const stored = r.files.filter((type) => r.uploads[type] === 'done');
        // A document sent again comes after the others.
        expect(
          r.kyc
            .account(NUMBER)
            .documents.map((d) => [d.type, d.fileName])
            .sort(),
        ).toEqual(stored.map((type) => [type, FILES[type]?.file().name]).sort());
        const failed = r.files.some((type) => r.uploads[type] === 'failed');
        expect(content().queryByRole('button', { name: 'Upload again' }) !== null).toBe(failed);
        if (!failed && !r.retried) expect(document.activeElement).toBe(heading);
      },
    },
    events: {
      async 'field.change'({ step }) {
        const r = current();
        const label = String(step.label);
        const where = title();
        if (where === 'Identity') {
          await fill(label === 'invalid' ? INVALID_IDENTITY : VALID.identity);
          r.typed.identity = label;
          if (label !== 'invalid') await checkedWhileTyping({ nationalId: EXPECTED_BODY.identity.nationalId });
        } else if (where === 'Contact') {
          await fill({ phone: PHONES[label as PhoneLabel].typed });
          r.typed.contact = label;
          r.warned = false;
          r.refused = false;
          // Once typing pauses the number is asked about, and a registered one is flagged at once.
          await checkedWhileTyping({ phone: PHONES[label as PhoneLabel].stored });
          if (label === 'taken') {
            expect(await content().findByTestId('warning-phone')).toHaveTextContent(
              'This phone number is already registered to account',
            );
          } else expect(content().queryByTestId('warning-phone')).toBeNull();
        } else if (where === 'Address') {
          await fill(VALID.address);
          r.typed.address = label;
        } else {
          await fill(VALID.settings);
          r.typed.settings = label;
        }
      },
      async 'draft.save'() {
        // The draft is written once typing pauses, with what was typed and never a file.
        await waitFor(() => expect(storedDraft()?.values.identity).toMatchObject(VALID.identity), { timeout: 3_000 });
        expect(storedDraft()?.step).toBe('identity');
      },
      async 'draft.discard'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: 'Discard draft' }));
        startAfresh(r);
        await waitFor(() => expect(window.sessionStorage.getItem(draftKey())).toBeNull());
      },
      async 'step.next'({ next }) {
        const r = current();
        const click = () => r.app.user.click(content().getByRole('button', { name: 'Next' }));
        if (next?.name.startsWith('checkDuplicates.')) {
          await holdNext(CHECK_PATH, click);
          return;
        }
        r.checksBefore = r.reg.checkCalls().length;
        // A number the server has said is registered stops Next where it is, with the reason.
        const stopped = title() === 'Contact' && (r.warned || r.refused);
        await click();
        if (stopped) expect(r.reg.checkCalls().length).toBe(r.checksBefore);
        else if (title() === 'Identity' && r.typed.identity === 'invalid') r.invalidShown = true;
        else {
          r.step += 1;
          r.arrived = true;
          r.warned = false;
          r.refused = false;
        }
      },
      async 'checkDuplicates.done'({ step }) {
        const r = current();
        await settle();
        if (step.label === 'taken') {
          r.warned = true;
          await content().findByTestId('warning-phone');
        } else {
          r.step += 1;
          r.arrived = true;
        }
      },
      async 'checkDuplicates.error'({ step }) {
        const r = current();
        if (step.label === 'no answer') {
          // The check only warns early: without an answer the form goes on.
          r.api.answerNext(CHECK_PATH, () => {
            throw new TypeError('Failed to fetch');
          });
          await settle();
          r.step += 1;
          return;
        }
        // Signed out under the form: signing in again reopens it where it was, from the draft.
        r.api.expireNextCall(undefined, CHECK_PATH);
        await settle();
        await screen.findByRole('heading', { name: 'Sign in' });
        await r.app.user.type(screen.getByLabelText('Username'), USER);
        await r.app.user.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
        await r.app.user.click(screen.getByRole('button', { name: 'Sign in' }));
        await waitFor(() => expect(r.app.location().pathname).not.toBe('/login'));
        await act(async () => {
          await r.app.router.navigate({ to: '/registration/customer' });
        });
        await content().findByRole('heading', { level: 1, name: 'Customer Registration' }, { timeout: 10_000 });
        expect(content().getByTestId('draft-notice')).toHaveTextContent('Your unfinished form was restored');
      },
      async 'step.back'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: 'Back' }));
        r.step -= 1;
        r.arrived = true;
        r.warned = false;
        r.refused = false;
      },
      async 'step.goto'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: /1\. Identity/ }));
        r.step = 0;
        r.refused = false;
      },
      async 'document.pick'({ step }) {
        const r = current();
        if (step.label === 'not an image') {
          const renamed = new File([new TextEncoder().encode('MZ not an image')], 'front.png', { type: 'image/png' });
          await r.app.user.upload(docInput('ID card (front)'), renamed);
          r.notAnImage = true;
          return;
        }
        const doc = FILES[String(step.label)];
        if (!doc) throw new Error(`No file ${step.label}`);
        await r.app.user.upload(docInput(doc.title), doc.file());
        r.files.push(String(step.label));
        r.notAnImage = false;
        await waitFor(() => expect(content().getAllByTestId('file-preview')).toHaveLength(r.files.length));
      },
      async 'document.remove'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: 'Remove Selfie' }));
        r.files = r.files.filter((type) => type !== 'selfie');
      },
      async 'registration.submit'() {
        const r = current();
        await holdNext(CREATE_PATH, () => r.app.user.click(content().getByRole('button', { name: 'Register' })));
        r.submits.push(phone().stored);
      },
      async 'createAccount.done'() {
        await releaseAndHold(UPLOAD_PATH, current().files.length > 0);
      },
      async 'createAccount.error'({ step }) {
        const r = current();
        if (step.label === 'no answer') {
          r.reg.nextCreate('drop');
          await settle();
          return;
        }
        // Someone registered the number between the early check and Register.
        r.kyc.add({ ...r.kyc.account('CUS-000003'), number: 'CUS-000099', phone: phone().stored });
        await settle();
        r.step = 1;
        r.refused = true;
      },
      async 'uploadDocument.done'() {
        const r = current();
        const type = r.files.find((t) => !(t in r.uploads)) as string;
        r.uploads[type] = 'done';
        await releaseAndHold(UPLOAD_PATH, moreToUpload());
      },
      async 'uploadDocument.error'() {
        const r = current();
        const type = r.files.find((t) => !(t in r.uploads)) as string;
        r.uploads[type] = 'failed';
        r.api.answerNext(UPLOAD_PATH, () => ({
          status: 500,
          body: failure('INTERNAL_ERROR', 'Something went wrong on our side.'),
        }));
        await releaseAndHold(UPLOAD_PATH, moreToUpload());
      },
      async 'uploads.retry'() {
        const r = current();
        for (const [type, status] of Object.entries(r.uploads)) if (status === 'failed') delete r.uploads[type];
        r.retried = true;
        await holdNext(UPLOAD_PATH, () => r.app.user.click(content().getByRole('button', { name: 'Upload again' })));
      },
      async 'registration.new'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: 'Register another' }));
        startAfresh(r);
      },
    },
  };

  // Only Next and Back move focus to the step's heading; anything else leaves it where the user put it.
  steps.events = Object.fromEntries(
    Object.entries(steps.events).map(([name, exec]) => [
      name,
      async (ctx: Parameters<typeof exec>[0]) => {
        current().arrived = false;
        await exec(ctx);
      },
    ]),
  );

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
