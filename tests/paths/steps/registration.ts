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
import type { Driver, HeldRequest } from '../driver';
import { type PathStep, type PathSteps, type StepContext, stepName } from '../graph-adapter';

import {
  ADDRESS,
  FILES,
  type FieldName,
  INVALID_IDENTITY,
  NOT_AN_IMAGE,
  OWN_ANSWERS,
  PAGE,
  type PhoneLabel,
  REGISTRATION_USER,
  type RegistrationEnv,
  SELECTS,
  SETTINGS,
  UNREACHABLE,
  button,
  docInput,
  eventually,
  field,
  inMain,
  stepHeading,
  REGISTRATION_REQUESTS as R,
} from './registration-page';

import { freshView, registrationViews } from './registration-views';

/** A step table for one path (it keeps what the user expects from its own steps). */
export function registrationSteps(d: Driver, env: RegistrationEnv): PathSteps {
  const u = freshView();
  let held: { request: HeldRequest; next?: PathStep | undefined } | undefined;

  const {
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
  } = registrationViews(d, env, u);

  async function fill(values: Partial<Record<FieldName, string>>) {
    for (const [name, value] of Object.entries(values) as [FieldName, string][]) {
      if (SELECTS.includes(name)) await env.select(field(name), value);
      else await d.fill(field(name), value);
    }
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

  const moreToUpload = () => u.files.some((type) => !(type in u.uploads));
  const sendingNow = () => u.files.find((type) => !(type in u.uploads)) as string;

  function startAfresh() {
    Object.assign(u, freshView(), { submits: u.submits, checksBefore: u.checksBefore, arrived: u.arrived });
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
      u.step = 1;
      u.typed.identity = 'draft';
      u.restored = true;
    },
    states: {
      async editing() {
        await onStep(title());
        if (u.arrived) await d.expectFocused(stepHeading(title()));
        await editingChecks[title()]?.();
      },
      async checkingDuplicates() {
        await d.expectAttribute(button('Checking…'), 'aria-disabled', 'true');
        await d.expectEnabled(button('Back'), false);
        assert.equal(d.held(), 1, 'one request held');
        assert.deepEqual(
          (await env.checks()).at(-1),
          u.step === 0 ? { nationalId: env.nationalId.stored } : { phone: phone().stored },
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
        await expectUploads((type) => u.uploads[type] ?? (type === sending ? 'sending' : 'waiting'));
      },
      async done() {
        await expectAccountCreated();
        await expectUploads((type) => u.uploads[type] ?? 'waiting');
        const stored = u.files.filter((type) => u.uploads[type] === 'done');
        if (env.storedDocuments) {
          assert.deepEqual(
            (await env.storedDocuments()).sort(),
            stored.map((type) => [type, FILES[type]?.file.name]).sort(),
          );
        }
        const failed = u.files.some((type) => u.uploads[type] === 'failed');
        if (failed) await d.expectVisible(button('Upload again'));
        else await d.expectAbsent(button('Upload again'));
        if (!failed && !u.retried) await d.expectFocused(inMain({ role: 'heading', name: 'Account created' }));
      },
    },
    events: {
      async 'field.change'({ step: s }) {
        const label = String(s.label);
        const where = title();
        if (where === 'Identity') {
          await fill(label === 'invalid' ? INVALID_IDENTITY : valid);
          u.typed.identity = label;
          if (label !== 'invalid') await checkedWhileTyping({ nationalId: env.nationalId.stored });
        } else if (where === 'Contact') {
          const number = env.phones[label as PhoneLabel];
          await fill({ phone: number.typed });
          u.typed.contact = label;
          u.warned = false;
          u.refused = false;
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
          u.typed.address = label;
        } else {
          await fill(SETTINGS);
          u.typed.settings = label;
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
        u.checksBefore = (await env.checks()).length;
        // A number the server has said is registered stops Next where it is, with the reason.
        const stopped = title() === 'Contact' && (u.warned || u.refused);
        await click();
        if (stopped) assert.equal((await env.checks()).length, u.checksBefore, 'no check asked');
        else if (title() === 'Identity' && u.typed.identity === 'invalid') u.invalidShown = true;
        else {
          u.step += 1;
          u.arrived = true;
          u.warned = false;
          u.refused = false;
        }
      },
      async 'checkDuplicates.done'({ step: s }) {
        await release();
        if (s.label === 'taken') {
          u.warned = true;
          await d.expectVisible(inMain({ testId: 'warning-phone' }));
        } else {
          u.step += 1;
          u.arrived = true;
        }
      },
      async 'checkDuplicates.error'({ step: s }) {
        await release();
        // The check only warns early: without an answer the form goes on.
        if (s.label === 'no answer') {
          u.step += 1;
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
        u.step -= 1;
        u.arrived = true;
        u.warned = false;
        u.refused = false;
      },
      async 'step.goto'() {
        await d.click(button(/1\. Identity/));
        u.step = 0;
        u.refused = false;
      },
      async 'document.pick'({ step: s }) {
        if (s.label === 'not an image') {
          await env.pick(docInput('ID card (front)'), NOT_AN_IMAGE);
          u.notAnImage = true;
          return;
        }
        const doc = FILES[String(s.label)];
        if (!doc) throw new Error(`No file ${s.label}`);
        await env.pick(docInput(doc.title), doc.file);
        u.files.push(String(s.label));
        u.notAnImage = false;
        await d.expectVisible(inMain({ role: 'img', name: `Preview of ${doc.file.name}` }));
      },
      async 'document.remove'() {
        await d.click(button('Remove Selfie'));
        u.files = u.files.filter((type) => type !== 'selfie');
      },
      async 'registration.submit'({ next }) {
        await hold(R.create, next, () => d.click(button('Register')));
        u.submits.push(phone().stored);
      },
      async 'createAccount.done'({ next }) {
        await release(u.files.length > 0 ? env.holdUpload : undefined, next);
      },
      async 'createAccount.error'({ step: s }) {
        if (s.label === 'no answer') {
          await release();
          return;
        }
        // Someone registered the number between the early check and Register.
        await env.takePhone(phone().stored);
        await release();
        u.step = 1;
        u.refused = true;
      },
      async 'uploadDocument.done'({ next }) {
        u.uploads[sendingNow()] = 'done';
        await release(moreToUpload() ? env.holdUpload : undefined, next);
      },
      async 'uploadDocument.error'({ next }) {
        u.uploads[sendingNow()] = 'failed';
        await release(moreToUpload() ? env.holdUpload : undefined, next);
      },
      async 'uploads.retry'({ next }) {
        for (const [type, status] of Object.entries(u.uploads)) if (status === 'failed') delete u.uploads[type];
        u.retried = true;
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

  /** What the server had received before a refused step: nothing more may leave after it. */
  let sentBefore = { checks: 0, creates: 0 };
  /** What the user finds where a guard refuses the event: the control is not offered. */
  const refusals: Record<string, () => Promise<void>> = {
    // On the first step there is nowhere to go back to.
    'step.back': () => d.expectEnabled(button('Back'), false),
    // A step not yet reached (or the one shown) is no link in the stepper.
    'step.goto': () => d.expectAbsent(button(/\d+\. Check and register/)),
    // Once registered, the draft is gone and nothing offers to discard it.
    'draft.discard': () => d.expectAbsent(button('Discard draft')),
    // A save falling due after the registration writes no draft.
    'draft.save': async () => assert.equal(await env.storedDraft(), null),
    // Every document is stored: nothing to upload again.
    'uploads.retry': () => d.expectAbsent(button('Upload again')),
  };
  steps.nothingSent = async () => {
    await env.idle();
    assert.equal(d.held(), 0, 'no request held');
    assert.equal((await env.checks()).length, sentBefore.checks, 'no duplicate check sent');
    assert.equal((await env.creates()).length, sentBefore.creates, 'no create call sent');
  };

  // Only Next and Back move focus to the step's heading; anything else leaves it where the user put it.
  steps.events = Object.fromEntries(
    Object.entries(steps.events).map(([name, exec]) => [
      name,
      async (ctx: StepContext) => {
        u.arrived = false;
        if (!ctx.step.blocked) return exec(ctx);
        const refused = refusals[name];
        if (!refused) throw new Error(`No refusal for ${name}`);
        sentBefore = { checks: (await env.checks()).length, creates: (await env.creates()).length };
        await refused();
      },
    ]),
  );
  return steps;
}
