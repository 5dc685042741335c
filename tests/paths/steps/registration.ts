/**
 * One customer registration by the zone sales manager: the step table of the registration
 * machine (graph: tests/paths/machines/registration.ts), for both runners. The duplicate
 * checks, the create call and each document upload the path looks at in flight are held; when
 * the path says how it ends, the server answers (the fake API in jsdom, the real server in
 * Chromium) unless the outcome is one no server gives on demand: a session that ends under
 * the form, a request that gets no answer, a server error on an upload. Besides what the user
 * sees, the states check what the server received: the duplicate checks, one create call per
 * Register, and its body in the form the shared schema gives it.
 */
import { strict as assert } from 'node:assert';
import { DEMO_PASSWORD } from '../../../server/db/demo-users';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import { type PathStep, type PathSteps, type StepContext, stepName } from '../graph-adapter';

export const REGISTRATION_REQUESTS = {
  check: 'registrations/availability',
  create: 'registrations/customer',
} as const;
const R = REGISTRATION_REQUESTS;
export const REGISTRATION_USER = 'zone-sales-manager';
const PAGE = '/registration/customer';
const STEPS = ['Identity', 'Contact', 'Address', 'Account settings', 'Documents', 'Check and register'] as const;

/** A number as typed and as the API stores it. */
export interface TypedNumber {
  typed: string;
  stored: string;
}
export type PhoneLabel = 'valid' | 'taken' | 'fresh';

/** A file picked on the documents step. */
export interface PickedFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const FILES: Record<string, { title: string; file: PickedFile }> = {
  id_front: { title: 'ID card (front)', file: { name: 'front.png', mimeType: 'image/png', bytes: PNG_BYTES } },
  id_back: { title: 'ID card (back)', file: { name: 'back.jpg', mimeType: 'image/jpeg', bytes: JPEG_BYTES } },
  selfie: { title: 'Selfie', file: { name: 'selfie.jpg', mimeType: 'image/jpeg', bytes: JPEG_BYTES } },
};
/** A program renamed to .png: the page refuses it from its first bytes. */
const NOT_AN_IMAGE: PickedFile = {
  name: 'front.png',
  mimeType: 'image/png',
  bytes: new TextEncoder().encode('MZ not an image'),
};

/** What differs between the runners: the numbers typed, what the server received, files, storage. */
export interface RegistrationEnv {
  /** The national ID typed for the graph's `valid` identity, and as the API stores it. */
  nationalId: TypedNumber;
  /** The phone typed for each of the graph's contact labels; `taken` is one the server knows. */
  phones: Record<PhoneLabel, TypedNumber>;
  /** The new account's number as the page shows it. */
  accountNumber: string | RegExp;
  /** Chooses an option of a native select. */
  select(target: Target, value: string): Promise<void>;
  /** Picks a file in a file input. */
  pick(target: Target, file: PickedFile): Promise<void>;
  /** The queries of every duplicate check the page sent, oldest first. */
  checks(): Promise<Record<string, string>[]>;
  /** The body of every create call the page sent, oldest first. */
  creates(): Promise<unknown[]>;
  /** Resolves once no request of the page is on its way. */
  idle(): Promise<void>;
  /** The registration's draft the tab keeps, if any. */
  storedDraft(): Promise<{ step: string; values: Record<string, Record<string, string>> } | null>;
  /** Holds the next document upload to the new account (its number is the server's). */
  holdUpload(): HeldRequest;
  /** Someone else registers an account with this (stored) phone number. */
  takePhone(stored: string): Promise<void>;
  /** The (type, file name) of each document the new account has, when the runner can tell. */
  storedDocuments?(): Promise<[string, string][]>;
  /** The answer the runner gives for an outcome instead of the server, if any. */
  answer?(outcome: string): HeldAnswer | 'no answer' | undefined;
}

const failure = (status: number, code: string, longMessage: string, sessionExpired = false): HeldAnswer => ({
  status,
  body: { status: false, sessionExpired, errors: [{ code, shortMessage: code.replaceAll('_', ' '), longMessage }] },
});

/** Outcomes the step table gives itself in both runners: no server gives them on demand. */
const OWN_ANSWERS: Record<string, () => HeldAnswer | 'no answer'> = {
  'checkDuplicates.error(session ended)': () =>
    failure(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.', true),
  'checkDuplicates.error(no answer)': () => 'no answer',
  'createAccount.error(no answer)': () => 'no answer',
  'uploadDocument.error(server error)': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
};

const main: Target = { role: 'main' };
const inMain = (target: Target): Target => ({ ...target, in: main });
const LABELS = {
  firstName: /^First name/,
  lastName: /^Last name/,
  birthDate: /^Date of birth/,
  gender: /^Sex/,
  nationalId: /^National ID card number/,
  phone: /^Mobile number/,
  street: /^Street and number/,
  city: /^City/,
  region: /^Region/,
  agentNumber: /^Enrolling agent/,
} as const;
type FieldName = keyof typeof LABELS;
const field = (name: FieldName) => inMain({ label: LABELS[name] });
const SELECTS: readonly FieldName[] = ['gender', 'region'];
const docInput = (title: string) => inMain({ label: new RegExp(`^${title.replace(/[()]/g, '\\$&')} ·`) });
const button = (name: string | RegExp) => inMain({ role: 'button', name });
const stepHeading = (title: string) => inMain({ role: 'heading', name: title });

/** Days are typed as people write them (DD-MM-YYYY); the form holds them as YYYY-MM-DD. */
const IDENTITY = { firstName: 'Khadija', lastName: 'Sy', birthDate: '15-06-1995', gender: 'female' };
const INVALID_IDENTITY = { firstName: '', lastName: 'S', birthDate: '01-01-2012', gender: '', nationalId: '12345' };
const ADDRESS = { street: 'Rue 12, Médina', city: 'Dakar', region: 'Dakar' };
const SETTINGS = { agentNumber: 'AGT-00001' };
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** Waits until `check` passes, as the driver's assertions wait for the page. */
async function eventually(check: () => Promise<void> | void, timeout = 5_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A step table for one path (it keeps what the user expects from its own steps). */
export function registrationSteps(d: Driver, env: RegistrationEnv): PathSteps {
  const valid = { ...IDENTITY, nationalId: env.nationalId.typed };
  const body = {
    identity: {
      firstName: 'Khadija',
      lastName: 'Sy',
      birthDate: '1995-06-15',
      gender: 'female',
      nationalId: env.nationalId.stored,
    },
    address: ADDRESS,
    settings: SETTINGS,
  };
  let step = 0;
  const typed = { identity: '', contact: '', address: '', settings: '' };
  let invalidShown = false;
  let warned = false;
  let refused = false;
  let notAnImage = false;
  let restored = false;
  let files: string[] = [];
  /** The stored phone of each Register press so far: one create call each. */
  const submits: string[] = [];
  let checksBefore = 0;
  const uploads: Record<string, 'done' | 'failed'> = {};
  /** The step was opened by Next or Back: its heading has the focus, as a new page's would. */
  let arrived = false;
  let retried = false;
  let held: { request: HeldRequest; next?: PathStep | undefined } | undefined;

  const title = () => STEPS[step] ?? 'Identity';
  const phone = () => env.phones[(typed.contact || 'valid') as PhoneLabel];

  async function fill(values: Partial<Record<FieldName, string>>) {
    for (const [name, value] of Object.entries(values) as [FieldName, string][]) {
      if (SELECTS.includes(name)) await env.select(field(name), value);
      else await d.fill(field(name), value);
    }
  }
  async function expectFields(values: Partial<Record<FieldName, string>>) {
    for (const [name, value] of Object.entries(values) as [FieldName, string][])
      await d.expectValue(field(name), value);
  }
  async function expectNoErrors() {
    await d.expectAbsent(inMain({ role: 'alert' }));
    for (const name of Object.keys(LABELS) as FieldName[]) {
      if (!SELECTS.includes(name) && fieldsOf[title()]?.includes(name)) {
        await d.expectAttribute(field(name), 'aria-invalid', 'false');
      }
    }
  }
  async function expectCreateCalls() {
    assert.deepEqual(
      await env.creates(),
      submits.map((stored) => ({ ...body, contact: { phone: stored } })),
      'one create call per Register',
    );
  }
  async function onStep(name: string) {
    await d.expectVisible(stepHeading(name));
  }

  async function hold(path: string, next: PathStep | undefined, cause: () => Promise<unknown>) {
    const request = d.hold(path);
    held = { request, next };
    await cause();
    await request.reached;
  }
  /** Lets the held request go, answered as the path's outcome says; `then` is held before it goes. */
  async function release(then?: () => HeldRequest, next?: PathStep | undefined) {
    if (!held) throw new Error('No request held');
    const { request, next: outcome } = held;
    held = undefined;
    const name = outcome ? stepName(outcome) : '';
    const following = then?.();
    if (following) held = { request: following, next };
    await request.release(env.answer?.(name) ?? OWN_ANSWERS[name]?.());
    if (following) await following.reached;
    else await env.idle();
  }

  /** Waits for the check made once typing pauses, so that Next's own check is the next one. */
  async function checkedWhileTyping(query: Record<string, string>) {
    await eventually(async () =>
      assert.ok((await env.checks()).some((q) => JSON.stringify(q) === JSON.stringify(query))),
    );
    await env.idle();
  }

  async function expectAccountCreated() {
    await d.expectVisible(inMain({ role: 'heading', name: 'Account created' }));
    await d.expectText(inMain({ testId: 'new-account-number' }), env.accountNumber);
    await d.expectText(inMain({ testId: 'new-account-kyc' }), 'KYC pending');
    // The draft is gone with the registration.
    await eventually(async () => assert.equal(await env.storedDraft(), null));
    await expectCreateCalls();
  }
  /** Each picked document's line on the done screen says how its upload went. */
  async function expectUploads(statusOf: (type: string) => string) {
    const words = { waiting: 'waiting', sending: 'uploading…', done: 'uploaded', failed: 'not uploaded' };
    for (const type of files) {
      const status = statusOf(type) as keyof typeof words;
      await d.expectText(
        inMain({ text: new RegExp(`^${FILES[type]?.title.replace(/[()]/g, '\\$&')}: `) }),
        words[status],
      );
    }
  }
  const moreToUpload = () => files.some((type) => !(type in uploads));
  const sendingNow = () => files.find((type) => !(type in uploads)) as string;

  function startAfresh() {
    step = 0;
    Object.assign(typed, { identity: '', contact: '', address: '', settings: '' });
    invalidShown = false;
    warned = false;
    refused = false;
    notAnImage = false;
    restored = false;
    files = [];
    for (const type of Object.keys(uploads)) delete uploads[type];
    retried = false;
  }

  const fieldsOf: Record<string, readonly FieldName[]> = {
    Identity: ['firstName', 'lastName', 'birthDate', 'gender', 'nationalId'],
    Contact: ['phone'],
    Address: ['street', 'city', 'region'],
    'Account settings': ['agentNumber'],
  };

  const editingChecks: Record<string, () => Promise<void>> = {
    async Identity() {
      await d.expectAttribute(inMain({ text: '1. Identity' }), 'aria-current', 'step');
      if (typed.identity === '') {
        await expectFields({ firstName: '', lastName: '', birthDate: '', gender: '', nationalId: '' });
        await expectNoErrors();
        await d.expectAbsent(inMain({ testId: 'draft-notice' }));
      } else if (typed.identity === 'invalid' && invalidShown) {
        await d.expectVisible(inMain({ text: 'At least 2 characters.' }));
        await d.expectVisible(inMain({ text: 'A national ID number has 13 digits and starts with 1 or 2.' }));
        await d.expectAttribute(field('firstName'), 'aria-invalid', 'true');
        await d.expectAttribute(field('gender'), 'aria-invalid', 'true');
        await d.expectAttribute(field('birthDate'), 'aria-invalid', 'false');
        await d.expectAttribute(field('lastName'), 'aria-describedby', /registration-identity-lastName-error/);
        // Checked in place: focus on the first wrong field, and the server was not asked.
        await d.expectFocused(field('firstName'));
        assert.equal((await env.checks()).length, checksBefore, 'no check asked');
      } else if (typed.identity === 'invalid') {
        // No message appears while typing.
        await expectFields(INVALID_IDENTITY);
        await expectNoErrors();
      } else {
        await expectFields(valid);
        await expectNoErrors();
      }
    },
    async Contact() {
      if (restored) {
        // The draft opened the form where it was left.
        await d.expectText(inMain({ testId: 'draft-notice' }), 'Your unfinished form was restored');
        await d.expectValue(field('phone'), '');
        return;
      }
      if (warned) {
        await d.expectText(inMain({ testId: 'warning-phone' }), 'This phone number is already registered');
        await d.expectAttribute(field('phone'), 'aria-describedby', /registration-contact-phone-hint/);
        await d.expectFocused(field('phone'));
        assert.deepEqual((await env.checks()).at(-1), { phone: env.phones.taken.stored });
        return;
      }
      if (refused) {
        await d.expectVisible(inMain({ text: 'An account already uses this phone number.' }));
        await d.expectAttribute(field('phone'), 'aria-invalid', 'true');
        await d.expectFocused(field('phone'));
        await expectCreateCalls();
        return;
      }
      await expectNoErrors();
      await d.expectValue(field('phone'), typed.contact === '' ? '' : phone().typed);
      // The national ID was checked when identity was left, in the form the API stores.
      assert.ok(
        (await env.checks()).some((q) => q.nationalId === env.nationalId.stored),
        'national ID checked',
      );
    },
    async Address() {
      await expectNoErrors();
      await d.expectValue(field('street'), typed.address === '' ? '' : ADDRESS.street);
      assert.deepEqual((await env.checks()).at(-1), { phone: phone().stored });
    },
    async 'Account settings'() {
      await d.expectValue(field('agentNumber'), typed.settings === '' ? '' : SETTINGS.agentNumber);
      await expectNoErrors();
    },
    async Documents() {
      const front = docInput('ID card (front)');
      if (notAnImage) {
        await d.expectVisible(inMain({ text: 'Only JPEG and PNG images and PDF files are accepted.' }));
        await d.expectAttribute(front, 'aria-invalid', 'true');
      } else await d.expectAttribute(front, 'aria-invalid', 'false');
      await d.expectAttribute(front, 'accept', '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf');
      await d.expectVisible(inMain({ label: /^Proof of address · optional/ }));
      for (const [type, { file }] of Object.entries(FILES)) {
        const preview = inMain({ role: 'img', name: `Preview of ${file.name}` });
        if (files.includes(type)) await d.expectVisible(preview);
        else await d.expectAbsent(preview);
      }
    },
  };

  async function expectReview() {
    const region = (name: string) => inMain({ role: 'region', name });
    for (const part of ['First nameKhadija', 'Last nameSy', 'Date of birth15-06-1995', 'SexFemale']) {
      await d.expectText(region('Identity'), part);
    }
    await d.expectText(region('Contact'), `Mobile number${phone().typed}`);
    await d.expectText(region('Account settings'), 'Enrolling agentAGT-00001');
    if (files.length) {
      await d.expectText(inMain({ text: /^ID card \(front\): / }), 'front.png');
      await d.expectAbsent(inMain({ testId: 'missing-documents' }));
    } else await d.expectText(inMain({ testId: 'missing-documents' }), 'ID card (front)');
    await expectCreateCalls();
  }

  const steps: PathSteps = {
    async start({ step: start }) {
      await d.open(REGISTRATION_USER, PAGE);
      await d.expectVisible(inMain({ role: 'heading', name: 'Customer Registration' }));
      if (start.label !== 'with a draft') return;
      // The user got as far as the contact step, then reloaded the tab: the form comes back as a draft.
      await fill(valid);
      await checkedWhileTyping({ nationalId: env.nationalId.stored });
      await d.click(button('Next'));
      await onStep('Contact');
      await eventually(async () => assert.equal((await env.storedDraft())?.step, 'contact'));
      await d.reload();
      step = 1;
      typed.identity = 'draft';
      restored = true;
    },
    states: {
      async editing() {
        await onStep(title());
        if (arrived) await d.expectFocused(stepHeading(title()));
        await editingChecks[title()]?.();
      },
      async checkingDuplicates() {
        await d.expectAttribute(button('Checking…'), 'aria-disabled', 'true');
        await d.expectEnabled(button('Back'), false);
        assert.equal(d.held(), 1, 'one request held');
        assert.deepEqual(
          (await env.checks()).at(-1),
          step === 0 ? { nationalId: env.nationalId.stored } : { phone: phone().stored },
        );
      },
      async reviewing() {
        await onStep('Check and register');
        await d.expectFocused(stepHeading('Check and register'));
        await d.expectAttribute(button('Register'), 'aria-disabled', 'true', false);
        await expectReview();
      },
      async submitting() {
        await d.expectAttribute(button('Registering…'), 'aria-disabled', 'true');
        await d.expectEnabled(button('Back'), false);
        assert.equal(d.held(), 1, 'one request held');
        await expectCreateCalls();
      },
      async failed() {
        await d.expectText(inMain({ role: 'alert' }), UNREACHABLE);
        await onStep('Check and register');
        await d.expectVisible(button('Register'));
        await expectReview();
      },
      async uploadingDocuments() {
        await expectAccountCreated();
        // One document on its way, those before it as they ended, the rest waiting.
        const sending = sendingNow();
        await expectUploads((type) => uploads[type] ?? (type === sending ? 'sending' : 'waiting'));
      },
      async done() {
        await expectAccountCreated();
        await expectUploads((type) => uploads[type] ?? 'waiting');
        const stored = files.filter((type) => uploads[type] === 'done');
        if (env.storedDocuments) {
          assert.deepEqual(
            (await env.storedDocuments()).sort(),
            stored.map((type) => [type, FILES[type]?.file.name]).sort(),
          );
        }
        const failed = files.some((type) => uploads[type] === 'failed');
        if (failed) await d.expectVisible(button('Upload again'));
        else await d.expectAbsent(button('Upload again'));
        if (!failed && !retried) await d.expectFocused(inMain({ role: 'heading', name: 'Account created' }));
      },
    },
    events: {
      async 'field.change'({ step: s }) {
        const label = String(s.label);
        const where = title();
        if (where === 'Identity') {
          await fill(label === 'invalid' ? INVALID_IDENTITY : valid);
          typed.identity = label;
          if (label !== 'invalid') await checkedWhileTyping({ nationalId: env.nationalId.stored });
        } else if (where === 'Contact') {
          const number = env.phones[label as PhoneLabel];
          await fill({ phone: number.typed });
          typed.contact = label;
          warned = false;
          refused = false;
          // Once typing pauses the number is asked about, and a registered one is flagged at once.
          await checkedWhileTyping({ phone: number.stored });
          if (label === 'taken') {
            await d.expectText(
              inMain({ testId: 'warning-phone' }),
              'This phone number is already registered to account',
            );
          } else await d.expectAbsent(inMain({ testId: 'warning-phone' }));
        } else if (where === 'Address') {
          await fill(ADDRESS);
          typed.address = label;
        } else {
          await fill(SETTINGS);
          typed.settings = label;
        }
      },
      async 'draft.save'() {
        // The draft is written once typing pauses, with what was typed and never a file.
        await eventually(async () => {
          const draft = await env.storedDraft();
          assert.equal(draft?.step, 'identity');
          const kept = { ...body.identity, nationalId: env.nationalId.typed };
          for (const [name, value] of Object.entries(kept)) assert.equal(draft?.values.identity?.[name], value, name);
        });
      },
      async 'draft.discard'() {
        await d.click(button('Discard draft'));
        startAfresh();
        await eventually(async () => assert.equal(await env.storedDraft(), null));
      },
      async 'step.next'({ next }) {
        const click = () => d.click(button('Next'));
        if (next?.name.startsWith('checkDuplicates.')) {
          await hold(R.check, next, click);
          return;
        }
        checksBefore = (await env.checks()).length;
        // A number the server has said is registered stops Next where it is, with the reason.
        const stopped = title() === 'Contact' && (warned || refused);
        await click();
        if (stopped) assert.equal((await env.checks()).length, checksBefore, 'no check asked');
        else if (title() === 'Identity' && typed.identity === 'invalid') invalidShown = true;
        else {
          step += 1;
          arrived = true;
          warned = false;
          refused = false;
        }
      },
      async 'checkDuplicates.done'({ step: s }) {
        await release();
        if (s.label === 'taken') {
          warned = true;
          await d.expectVisible(inMain({ testId: 'warning-phone' }));
        } else {
          step += 1;
          arrived = true;
        }
      },
      async 'checkDuplicates.error'({ step: s }) {
        await release();
        // The check only warns early: without an answer the form goes on.
        if (s.label === 'no answer') {
          step += 1;
          return;
        }
        // Signed out under the form: signing in again reopens it where it was, from the draft.
        await d.expectVisible({ role: 'heading', name: 'Sign in' });
        await d.fill({ label: 'Username' }, REGISTRATION_USER);
        await d.fill({ label: 'Password' }, DEMO_PASSWORD);
        await d.click({ role: 'button', name: 'Sign in' });
        await d.expectText(inMain({ testId: 'draft-notice' }), 'Your unfinished form was restored');
      },
      async 'step.back'() {
        await d.click(button('Back'));
        step -= 1;
        arrived = true;
        warned = false;
        refused = false;
      },
      async 'step.goto'() {
        await d.click(button(/1\. Identity/));
        step = 0;
        refused = false;
      },
      async 'document.pick'({ step: s }) {
        if (s.label === 'not an image') {
          await env.pick(docInput('ID card (front)'), NOT_AN_IMAGE);
          notAnImage = true;
          return;
        }
        const doc = FILES[String(s.label)];
        if (!doc) throw new Error(`No file ${s.label}`);
        await env.pick(docInput(doc.title), doc.file);
        files.push(String(s.label));
        notAnImage = false;
        await d.expectVisible(inMain({ role: 'img', name: `Preview of ${doc.file.name}` }));
      },
      async 'document.remove'() {
        await d.click(button('Remove Selfie'));
        files = files.filter((type) => type !== 'selfie');
      },
      async 'registration.submit'({ next }) {
        await hold(R.create, next, () => d.click(button('Register')));
        submits.push(phone().stored);
      },
      async 'createAccount.done'({ next }) {
        await release(files.length > 0 ? env.holdUpload : undefined, next);
      },
      async 'createAccount.error'({ step: s }) {
        if (s.label === 'no answer') {
          await release();
          return;
        }
        // Someone registered the number between the early check and Register.
        await env.takePhone(phone().stored);
        await release();
        step = 1;
        refused = true;
      },
      async 'uploadDocument.done'({ next }) {
        uploads[sendingNow()] = 'done';
        await release(moreToUpload() ? env.holdUpload : undefined, next);
      },
      async 'uploadDocument.error'({ next }) {
        uploads[sendingNow()] = 'failed';
        await release(moreToUpload() ? env.holdUpload : undefined, next);
      },
      async 'uploads.retry'({ next }) {
        for (const [type, status] of Object.entries(uploads)) if (status === 'failed') delete uploads[type];
        retried = true;
        const request = env.holdUpload();
        held = { request, next };
        await d.click(button('Upload again'));
        await request.reached;
      },
      async 'registration.new'() {
        await d.click(button('Register another'));
        startAfresh();
      },
    },
  };

  // Only Next and Back move focus to the step's heading; anything else leaves it where the user put it.
  steps.events = Object.fromEntries(
    Object.entries(steps.events).map(([name, exec]) => [
      name,
      async (ctx: StepContext) => {
        arrived = false;
        await exec(ctx);
      },
    ]),
  );
  return steps;
}
