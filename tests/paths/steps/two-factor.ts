/**
 * The two-factor page's step table (graph: tests/paths/machines/session-extras.ts), for both
 * runners: each of the page's requests is held until the path says how it ends, and answered
 * from answers/two-factor.ts, so no demo user's setting changes. What the runners do
 * differently (the clipboard, a download) comes in `env`.
 */
import { strict as assert } from 'node:assert';
import { twoFactorMessages } from '../../../src/features/two-factor/messages';
import {
  CODES,
  NEW_CODES,
  REFUSED,
  SERVER_ERROR,
  TWO_FACTOR_ANSWERS as ANSWERS,
  TWO_FACTOR_REQUESTS as REQUESTS,
} from '../answers/two-factor';
import type { Driver, HeldRequest, Target } from '../driver';
import { type PathStep, type PathSteps, type StepContext, stepName } from '../graph-adapter';
import { TWO_FACTOR_CONFIRM, TWO_FACTOR_TYPED } from '../machines/session-extras';

const M = twoFactorMessages.en;

export interface TwoFactorEnv {
  /** The text last written to the (held) clipboard. */
  copied(): Promise<string | undefined>;
  /** Ends the pending clipboard write: written, or refused. */
  settleCopy(ok: boolean): Promise<void>;
  /** Runs `click` and returns the file it downloads. */
  download(click: () => Promise<void>): Promise<{ name: string; text: string }>;
}

const own: Target = { role: 'region', name: M.own.title };
const inOwn = (target: Target): Target => ({ ...target, in: own });
const button = (name: string | RegExp) => inOwn({ role: 'button', name });
const codeList = inOwn({ role: 'list', name: M.codes.listLabel });

/** A step table for one path: it keeps what the user was told from its own steps. */
export function twoFactorSteps(d: Driver, env: TwoFactorEnv): PathSteps {
  const held = new Map<string, { request: HeldRequest; next: PathStep | undefined }>();
  let told: 'nothing' | 'refused' | 'server error' | 'malformed' = 'nothing';
  let codes: string[] = [];
  let copied: 'no' | 'yes' | 'failed' = 'no';

  /** Holds the request `path` made by `cause`; the next step's outcome decides its answer. */
  async function request(path: string, next: PathStep | undefined, cause: () => Promise<unknown>) {
    const request = d.hold(path);
    held.set(path, { request, next });
    await cause();
    await request.reached;
  }

  const outcome = (path: string, then: typeof told) => async () => {
    const h = held.get(path);
    const answer = h?.next && ANSWERS[stepName(h.next)];
    if (!h || !answer) throw new Error(`No request held for ${path}, or no answer for its outcome`);
    held.delete(path);
    await h.request.release(answer());
    told = then;
  };

  async function typeAndSubmit(label: string, code: string, submit: string) {
    await d.fill(inOwn({ label }), code);
    await d.click(button(submit));
  }

  /** A code typed where the graph's label says which: one the browser refuses, or one it sends. */
  const codeStep =
    (label: string, submit: string, typed: Record<string, string>, path: string) =>
    async ({ step, next }: StepContext) => {
      const code = typed[String(step.label)];
      if (!code) throw new Error(`No code for ${step.label}`);
      if (step.label === 'malformed code') {
        await typeAndSubmit(label, code, submit);
        told = 'malformed';
        return;
      }
      // The next step is the request's outcome: the held answer is chosen from it.
      await request(path, next, () => typeAndSubmit(label, code, submit));
      told = 'nothing';
    };

  const click = (name: string, after?: () => void) => async () => {
    await d.click(button(name));
    after?.();
  };
  const toldNothing = () => {
    told = 'nothing';
  };

  async function expectTold(format: string) {
    const alert = inOwn({ role: 'alert' });
    if (told === 'refused') await d.expectText(alert, REFUSED);
    else if (told === 'server error') await d.expectText(alert, SERVER_ERROR);
    else if (told === 'malformed') await d.expectVisible(inOwn({ text: format }));
    else await d.expectAbsent(alert);
  }

  async function expectBusy(name: string) {
    await d.expectAttribute(button(name), 'aria-disabled', 'true');
    assert.equal(d.held(), 1, 'one request held');
  }

  async function expectCodeStep(title: string) {
    await d.expectVisible(inOwn({ role: 'heading', name: title }));
    await d.expectEnabled(button(M.disable.cancel));
    await expectTold(M.problems.formatAny);
  }

  return {
    async start({ next }) {
      await request(REQUESTS.loadStatus, next, () => d.open('admin', '/two-factor'));
    },
    states: {
      async loading() {
        await d.expectText(inOwn({ role: 'status' }), M.loading);
        assert.equal(d.held(), 1, 'the status request held');
      },
      async loadFailed() {
        await d.expectVisible(inOwn({ text: new RegExp(M.loadFailed) }));
        await d.expectVisible(button(M.retry));
      },
      async off() {
        await d.expectText(inOwn({ testId: 'two-factor-status' }), M.own.off);
        await d.expectAttribute(button(M.own.setUp), 'aria-disabled', 'true', false);
        await expectTold(M.problems.format);
      },
      starting: () => expectBusy(M.own.starting),
      async scanning() {
        await d.expectVisible(inOwn({ role: 'heading', name: M.enrol.scanTitle }));
        await d.expectText(inOwn({ testId: 'two-factor-key' }), 'JBSW Y3DP EHPK 3PXP');
        await d.expectAttribute(button(M.enrol.turnOn), 'aria-disabled', 'true', false);
        await expectTold(M.problems.format);
      },
      confirming: () => expectBusy(M.enrol.turningOn),
      async 'showingCodes.idle'() {
        await d.expectTexts({ role: 'listitem', in: codeList }, codes);
        const title = codes === NEW_CODES ? M.regenerate.doneTitle : M.codes.title;
        await d.expectVisible(inOwn({ role: 'heading', name: title }));
        if (copied === 'yes') await d.expectVisible(inOwn({ text: M.codes.copied }));
        else if (copied === 'failed') await d.expectVisible(inOwn({ text: M.codes.copyFailed }));
        else await d.expectAbsent(inOwn({ text: M.codes.copied }));
      },
      async 'showingCodes.copying'() {
        assert.equal(await env.copied(), codes.join('\n'), 'the codes on the clipboard');
        await d.expectVisible(codeList);
      },
      async on() {
        await d.expectText(inOwn({ testId: 'two-factor-status' }), /On since/);
        await d.expectVisible(button(M.regenerate.start));
        await d.expectVisible(button(M.disable.start));
        // The codes, once put away, are not on the page any more.
        await d.expectAbsent(codeList);
      },
      'disabling.entering': () => expectCodeStep(M.disable.title),
      async 'disabling.sending'() {
        await expectBusy(M.disable.sending);
        await d.expectEnabled(button(M.disable.cancel), false);
      },
      'regenerating.entering': () => expectCodeStep(M.regenerate.title),
      async 'regenerating.sending'() {
        await expectBusy(M.regenerate.sending);
        await d.expectEnabled(button(M.regenerate.cancel), false);
      },
    },
    events: {
      'loadStatus.done': outcome(REQUESTS.loadStatus, 'nothing'),
      'loadStatus.error': outcome(REQUESTS.loadStatus, 'nothing'),
      'status.retry': ({ next }) => request(REQUESTS.loadStatus, next, () => d.click(button(M.retry))),
      async 'enrol.start'({ next }) {
        await request(REQUESTS.startEnrolment, next, () => d.click(button(M.own.setUp)));
        told = 'nothing';
      },
      'startEnrolment.done': outcome(REQUESTS.startEnrolment, 'nothing'),
      'startEnrolment.error': outcome(REQUESTS.startEnrolment, 'server error'),
      'enrol.confirm': codeStep(M.enrol.code, M.enrol.turnOn, TWO_FACTOR_TYPED, REQUESTS.confirmEnrolment),
      'enrol.cancel': click(M.enrol.cancel, toldNothing),
      async 'confirmEnrolment.done'() {
        await outcome(REQUESTS.confirmEnrolment, 'nothing')();
        codes = CODES;
        copied = 'no';
      },
      'confirmEnrolment.error': outcome(REQUESTS.confirmEnrolment, 'refused'),
      'codes.copy': click(M.codes.copy),
      async 'copyCodes.done'() {
        await env.settleCopy(true);
        copied = 'yes';
      },
      async 'copyCodes.error'() {
        await env.settleCopy(false);
        copied = 'failed';
      },
      async 'codes.download'() {
        const file = await env.download(() => d.click(button(M.codes.download)));
        assert.equal(file.name, 'recovery-codes-admin.txt');
        for (const c of codes) assert.ok(file.text.includes(c), `the file holds ${c}`);
      },
      'codes.done': click(M.codes.done),
      'disable.start': click(M.disable.start, toldNothing),
      'disable.cancel': click(M.disable.cancel, toldNothing),
      'disable.confirm': codeStep(M.disable.code, M.disable.confirm, TWO_FACTOR_CONFIRM, REQUESTS.disable),
      'disable.done': outcome(REQUESTS.disable, 'nothing'),
      'disable.error': outcome(REQUESTS.disable, 'refused'),
      'regenerate.start': click(M.regenerate.start, toldNothing),
      'regenerate.cancel': click(M.regenerate.cancel, toldNothing),
      'regenerate.confirm': codeStep(
        M.regenerate.code,
        M.regenerate.confirm,
        TWO_FACTOR_CONFIRM,
        REQUESTS.regenerateCodes,
      ),
      async 'regenerateCodes.done'() {
        await outcome(REQUESTS.regenerateCodes, 'nothing')();
        codes = NEW_CODES;
        copied = 'no';
      },
      'regenerateCodes.error': outcome(REQUESTS.regenerateCodes, 'refused'),
    },
  };
}
