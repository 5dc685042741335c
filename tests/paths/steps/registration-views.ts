/**
 * What the registration page shows, given what the user has done so far (`Seen`, kept by the
 * step table of tests/paths/steps/registration.ts from its own steps, never from the machine).
 */
import { strict as assert } from 'node:assert';
import type { Driver } from '../driver';
import {
  ADDRESS,
  docInput,
  eventually,
  FILES,
  type FieldName,
  field,
  IDENTITY,
  INVALID_IDENTITY,
  inMain,
  LABELS,
  type PhoneLabel,
  type RegistrationEnv,
  SELECTS,
  SETTINGS,
  STEPS,
  stepHeading,
} from './registration-page';

/** What the user has done so far, as far as the screen shows it. */
export interface Seen {
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
  uploads: Record<string, 'done' | 'failed'>;
  /** The step was opened by Next or Back: its heading has the focus, as a new page's would. */
  arrived: boolean;
  /** "Upload again" was pressed: the button that had focus is gone. */
  retried: boolean;
}

export const freshView = (): Seen => ({
  step: 0,
  typed: { identity: '', contact: '', address: '', settings: '' },
  invalidShown: false,
  warned: false,
  refused: false,
  notAnImage: false,
  restored: false,
  files: [],
  submits: [],
  checksBefore: 0,
  uploads: {},
  arrived: false,
  retried: false,
});

/** The checks of each screen of the page, against what the user has seen (`u`). */
export function registrationViews(d: Driver, env: RegistrationEnv, u: Seen) {
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
  const title = () => STEPS[u.step] ?? 'Identity';
  const phone = () => env.phones[(u.typed.contact || 'valid') as PhoneLabel];

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
      u.submits.map((stored) => ({ ...body, contact: { phone: stored } })),
      'one create call per Register',
    );
  }
  async function onStep(name: string) {
    await d.expectVisible(stepHeading(name));
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
    for (const type of u.files) {
      const status = statusOf(type) as keyof typeof words;
      await d.expectText(
        inMain({ text: new RegExp(`^${FILES[type]?.title.replace(/[()]/g, '\\$&')}: `) }),
        words[status],
      );
    }
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
      if (u.typed.identity === '') {
        await expectFields({ firstName: '', lastName: '', birthDate: '', gender: '', nationalId: '' });
        await expectNoErrors();
        await d.expectAbsent(inMain({ testId: 'draft-notice' }));
      } else if (u.typed.identity === 'invalid' && u.invalidShown) {
        await d.expectVisible(inMain({ text: 'At least 2 characters.' }));
        await d.expectVisible(inMain({ text: 'A national ID number has 13 digits and starts with 1 or 2.' }));
        await d.expectAttribute(field('firstName'), 'aria-invalid', 'true');
        await d.expectAttribute(field('gender'), 'aria-invalid', 'true');
        await d.expectAttribute(field('birthDate'), 'aria-invalid', 'false');
        await d.expectAttribute(field('lastName'), 'aria-describedby', /registration-identity-lastName-error/);
        // Checked in place: focus on the first wrong field, and the server was not asked.
        await d.expectFocused(field('firstName'));
        assert.equal((await env.checks()).length, u.checksBefore, 'no check asked');
      } else if (u.typed.identity === 'invalid') {
        // No message appears while typing.
        await expectFields(INVALID_IDENTITY);
        await expectNoErrors();
      } else {
        await expectFields(valid);
        await expectNoErrors();
      }
    },
    async Contact() {
      if (u.restored) {
        // The draft opened the form where it was left.
        await d.expectText(inMain({ testId: 'draft-notice' }), 'Your unfinished form was restored');
        await d.expectValue(field('phone'), '');
        return;
      }
      if (u.warned) {
        await d.expectText(inMain({ testId: 'warning-phone' }), 'This phone number is already registered');
        await d.expectAttribute(field('phone'), 'aria-describedby', /registration-contact-phone-hint/);
        await d.expectFocused(field('phone'));
        assert.deepEqual((await env.checks()).at(-1), { phone: env.phones.taken.stored });
        return;
      }
      if (u.refused) {
        await d.expectVisible(inMain({ text: 'An account already uses this phone number.' }));
        await d.expectAttribute(field('phone'), 'aria-invalid', 'true');
        await d.expectFocused(field('phone'));
        await expectCreateCalls();
        return;
      }
      await expectNoErrors();
      await d.expectValue(field('phone'), u.typed.contact === '' ? '' : phone().typed);
      // The national ID was checked when identity was left, in the form the API stores.
      assert.ok(
        (await env.checks()).some((q) => q.nationalId === env.nationalId.stored),
        'national ID checked',
      );
    },
    async Address() {
      await expectNoErrors();
      await d.expectValue(field('street'), u.typed.address === '' ? '' : ADDRESS.street);
      assert.deepEqual((await env.checks()).at(-1), { phone: phone().stored });
    },
    async 'Account settings'() {
      await d.expectValue(field('agentNumber'), u.typed.settings === '' ? '' : SETTINGS.agentNumber);
      await expectNoErrors();
    },
    async Documents() {
      const front = docInput('ID card (front)');
      if (u.notAnImage) {
        await d.expectVisible(inMain({ text: 'Only JPEG and PNG images and PDF files are accepted.' }));
        await d.expectAttribute(front, 'aria-invalid', 'true');
      } else await d.expectAttribute(front, 'aria-invalid', 'false');
      await d.expectAttribute(front, 'accept', '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf');
      await d.expectVisible(inMain({ label: /^Proof of address · optional/ }));
      for (const [type, { file }] of Object.entries(FILES)) {
        const preview = inMain({ role: 'img', name: `Preview of ${file.name}` });
        if (u.files.includes(type)) await d.expectVisible(preview);
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
    if (u.files.length) {
      await d.expectText(inMain({ text: /^ID card \(front\): / }), 'front.png');
      await d.expectAbsent(inMain({ testId: 'missing-documents' }));
    } else await d.expectText(inMain({ testId: 'missing-documents' }), 'ID card (front)');
    await expectCreateCalls();
  }

  return {
    valid,
    body,
    title,
    phone,
    onStep,
    expectCreateCalls,
    expectAccountCreated,
    expectUploads,
    editingChecks,
    expectReview,
  };
}
