/**
 * The caller's own two-step verification (/two-factor): the generated paths of the real
 * two-factor machine (tests/paths/machines/session-extras.ts) in real Chromium against the real
 * server. Signing in and the app around the page are the server's; the page's own requests are
 * held by `page.route` until the path says how they end, so no demo user's two-factor setting
 * changes and the file runs beside the others. The clipboard is held the same way.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, type Route, test } from '@playwright/test';
import { twoFactorMessages } from '../../src/features/two-factor/messages';
import {
  CODES,
  type HeldAnswer,
  NEW_CODES,
  OFF,
  REFUSED,
  SERVER_ERROR,
  success,
  TWO_FACTOR_ANSWERS as ANSWERS,
  TWO_FACTOR_REQUESTS as REQUESTS,
} from '../paths/answers/two-factor';
import {
  generatePaths,
  incompleteSteps,
  missingCoverage,
  type PathStep,
  type PathSteps,
  runPath,
  type StepContext,
  stepName,
} from '../paths/graph-adapter';
import { TWO_FACTOR_CONFIRM, TWO_FACTOR_TYPED, twoFactorGraph } from '../paths/machines/session-extras';
import { loginViaApi } from './support/session';

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const M = twoFactorMessages.en;
interface Run {
  page: Page;
  held: Map<string, Route>;
  reached: Map<string, () => void>;
  answers: Map<string, () => HeldAnswer>;
  /** What the user was last told, as the runner expects it from its own steps. */
  told: 'nothing' | 'refused' | 'server error' | 'malformed';
  codes: string[];
  copied: 'no' | 'yes' | 'failed';
}
let run: Run | undefined;
const current = () => {
  if (!run) throw new Error('The app is not open');
  return run;
};
const own = () => current().page.getByRole('region', { name: M.own.title });

/** Holds the request `path` made by `cause`; the next step's outcome decides its answer. */
async function request(path: string, next: PathStep | undefined, cause: () => Promise<unknown>) {
  const r = current();
  r.answers.set(path, (next && ANSWERS[stepName(next)]) ?? (() => success(OFF)));
  const reached = new Promise<void>((resolve) => r.reached.set(path, resolve));
  await cause();
  await reached;
}

async function answer(path: string) {
  const r = current();
  const route = r.held.get(path);
  const prepared = r.answers.get(path);
  if (!route || !prepared) throw new Error(`No request held for ${path}`);
  r.held.delete(path);
  const { status = 200, body } = prepared();
  await route.fulfill({ status, json: body });
}

const outcome = (path: string, told: Run['told']) => async () => {
  await answer(path);
  current().told = told;
};

async function typeAndSubmit(label: string, code: string, submit: string) {
  await own().getByLabel(label).fill(code);
  await own().getByRole('button', { name: submit }).click();
}

/** A code typed where the graph's label says which: one the browser refuses, or one it sends. */
function codeStep(label: string, submit: string, codes: Record<string, string>, path: string) {
  return async ({ step, next }: StepContext) => {
    const code = codes[String(step.label)];
    if (!code) throw new Error(`No code for ${step.label}`);
    if (step.label === 'malformed code') {
      await typeAndSubmit(label, code, submit);
      current().told = 'malformed';
      return;
    }
    await request(path, next, () => typeAndSubmit(label, code, submit));
    current().told = 'nothing';
  };
}

async function expectTold(format: string) {
  const told = current().told;
  if (told === 'refused') await expect(own().getByRole('alert')).toContainText(REFUSED);
  else if (told === 'server error') await expect(own().getByRole('alert')).toContainText(SERVER_ERROR);
  else if (told === 'malformed') await expect(own().getByText(format)).toBeVisible();
  else await expect(own().getByRole('alert')).toHaveCount(0);
}

async function expectBusyButton(name: string) {
  await expect(own().getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  expect(current().held.size).toBe(1);
}

async function expectCodeStep(title: string) {
  await expect(own().getByRole('heading', { name: title })).toBeVisible();
  await expect(own().getByRole('button', { name: M.disable.cancel })).toBeEnabled();
  await expectTold(M.problems.formatAny);
}

/** The clipboard answers only when a step says so. */
function holdClipboard() {
  const w = window as unknown as { heldClipboard: { calls: string[]; resolve?: () => void; reject?: () => void } };
  w.heldClipboard = { calls: [] };
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: (text: string) =>
        new Promise<void>((resolve, reject) => {
          w.heldClipboard.calls.push(text);
          Object.assign(w.heldClipboard, { resolve, reject: () => reject(new Error('denied')) });
        }),
    },
  });
}

const clipboard = (settle: 'resolve' | 'reject') =>
  current().page.evaluate((how) => {
    const held = (window as unknown as { heldClipboard: { resolve?: () => void; reject?: () => void } }).heldClipboard;
    held[how]?.();
  }, settle);

test.describe('two-factor machine: generated paths in Chromium', () => {
  const generated = generatePaths(twoFactorGraph);

  const steps: PathSteps = {
    async start({ next }) {
      const r = current();
      await r.page.addInitScript(holdClipboard);
      await r.page.route('**/rest/two-factor**', (route) => {
        const path = new URL(route.request().url()).pathname.replace(/^\/rest\//, '');
        r.held.set(path, route);
        r.reached.get(path)?.();
        r.reached.delete(path);
      });
      await request(REQUESTS.loadStatus, next, () => loginViaApi(r.page, 'admin', { path: '/two-factor' }));
    },
    states: {
      async loading() {
        await expect(own().getByRole('status')).toContainText(M.loading);
        expect(current().held.size).toBe(1);
      },
      async loadFailed() {
        await expect(own().getByText(new RegExp(M.loadFailed))).toBeVisible();
        await expect(own().getByRole('button', { name: M.retry })).toBeVisible();
      },
      async off() {
        await expect(own().getByTestId('two-factor-status')).toContainText(M.own.off);
        await expect(own().getByRole('button', { name: M.own.setUp })).not.toHaveAttribute('aria-disabled', 'true');
        await expectTold(M.problems.format);
      },
      async starting() {
        await expectBusyButton(M.own.starting);
      },
      async scanning() {
        await expect(own().getByRole('heading', { name: M.enrol.scanTitle })).toBeVisible();
        await expect(own().getByTestId('two-factor-key')).toContainText('JBSW Y3DP EHPK 3PXP');
        await expect(own().getByRole('button', { name: M.enrol.turnOn })).not.toHaveAttribute('aria-disabled', 'true');
        await expectTold(M.problems.format);
      },
      async confirming() {
        await expectBusyButton(M.enrol.turningOn);
      },
      async 'showingCodes.idle'() {
        const r = current();
        const list = own().getByRole('list', { name: M.codes.listLabel });
        await expect(list.getByRole('listitem')).toHaveText(r.codes);
        const title = r.codes === NEW_CODES ? M.regenerate.doneTitle : M.codes.title;
        await expect(own().getByRole('heading', { name: title })).toBeVisible();
        if (r.copied === 'yes') await expect(own().getByText(M.codes.copied)).toBeVisible();
        else if (r.copied === 'failed') await expect(own().getByText(M.codes.copyFailed)).toBeVisible();
        else await expect(own().getByText(M.codes.copied)).toHaveCount(0);
      },
      async 'showingCodes.copying'() {
        const r = current();
        const calls = await r.page.evaluate(
          () => (window as unknown as { heldClipboard: { calls: string[] } }).heldClipboard.calls,
        );
        expect(calls.at(-1)).toBe(r.codes.join('\n'));
        await expect(own().getByRole('list', { name: M.codes.listLabel })).toBeVisible();
      },
      async on() {
        await expect(own().getByTestId('two-factor-status')).toContainText(/On since/);
        await expect(own().getByRole('button', { name: M.regenerate.start })).toBeVisible();
        await expect(own().getByRole('button', { name: M.disable.start })).toBeVisible();
        // The codes, once put away, are not on the page any more.
        await expect(own().getByRole('list', { name: M.codes.listLabel })).toHaveCount(0);
      },
      async 'disabling.entering'() {
        await expectCodeStep(M.disable.title);
      },
      async 'disabling.sending'() {
        await expectBusyButton(M.disable.sending);
        await expect(own().getByRole('button', { name: M.disable.cancel })).toBeDisabled();
      },
      async 'regenerating.entering'() {
        await expectCodeStep(M.regenerate.title);
      },
      async 'regenerating.sending'() {
        await expectBusyButton(M.regenerate.sending);
        await expect(own().getByRole('button', { name: M.regenerate.cancel })).toBeDisabled();
      },
    },
    events: {
      'loadStatus.done': outcome(REQUESTS.loadStatus, 'nothing'),
      'loadStatus.error': outcome(REQUESTS.loadStatus, 'nothing'),
      async 'status.retry'({ next }) {
        await request(REQUESTS.loadStatus, next, () => own().getByRole('button', { name: M.retry }).click());
      },
      async 'enrol.start'({ next }) {
        await request(REQUESTS.startEnrolment, next, () => own().getByRole('button', { name: M.own.setUp }).click());
        current().told = 'nothing';
      },
      'startEnrolment.done': outcome(REQUESTS.startEnrolment, 'nothing'),
      'startEnrolment.error': outcome(REQUESTS.startEnrolment, 'server error'),
      'enrol.confirm': codeStep(M.enrol.code, M.enrol.turnOn, TWO_FACTOR_TYPED, REQUESTS.confirmEnrolment),
      async 'enrol.cancel'() {
        await own().getByRole('button', { name: M.enrol.cancel }).click();
        current().told = 'nothing';
      },
      async 'confirmEnrolment.done'() {
        await outcome(REQUESTS.confirmEnrolment, 'nothing')();
        Object.assign(current(), { codes: CODES, copied: 'no' });
      },
      'confirmEnrolment.error': outcome(REQUESTS.confirmEnrolment, 'refused'),
      async 'codes.copy'() {
        await own().getByRole('button', { name: M.codes.copy }).click();
      },
      async 'copyCodes.done'() {
        await clipboard('resolve');
        current().copied = 'yes';
      },
      async 'copyCodes.error'() {
        await clipboard('reject');
        current().copied = 'failed';
      },
      async 'codes.download'() {
        const { page, codes } = current();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          own().getByRole('button', { name: M.codes.download }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('recovery-codes-admin.txt');
        const text = await readFile(await download.path(), 'utf8');
        for (const c of codes) expect(text).toContain(c);
      },
      async 'codes.done'() {
        await own().getByRole('button', { name: M.codes.done }).click();
      },
      async 'disable.start'() {
        await own().getByRole('button', { name: M.disable.start }).click();
        current().told = 'nothing';
      },
      async 'disable.cancel'() {
        await own().getByRole('button', { name: M.disable.cancel }).click();
        current().told = 'nothing';
      },
      'disable.confirm': codeStep(M.disable.code, M.disable.confirm, TWO_FACTOR_CONFIRM, REQUESTS.disable),
      'disable.done': outcome(REQUESTS.disable, 'nothing'),
      'disable.error': outcome(REQUESTS.disable, 'refused'),
      async 'regenerate.start'() {
        await own().getByRole('button', { name: M.regenerate.start }).click();
        current().told = 'nothing';
      },
      async 'regenerate.cancel'() {
        await own().getByRole('button', { name: M.regenerate.cancel }).click();
        current().told = 'nothing';
      },
      'regenerate.confirm': codeStep(
        M.regenerate.code,
        M.regenerate.confirm,
        TWO_FACTOR_CONFIRM,
        REQUESTS.regenerateCodes,
      ),
      async 'regenerateCodes.done'() {
        await outcome(REQUESTS.regenerateCodes, 'nothing')();
        Object.assign(current(), { codes: NEW_CODES, copied: 'no' });
      },
      'regenerateCodes.error': outcome(REQUESTS.regenerateCodes, 'refused'),
    },
  };

  test('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    test(path.text, async ({ page }) => {
      run = { page, held: new Map(), reached: new Map(), answers: new Map(), told: 'nothing', codes: [], copied: 'no' };
      try {
        await runPath(path, steps);
      } finally {
        for (const route of run.held.values()) await route.abort().catch(() => undefined);
        run = undefined;
      }
    });
  }
});
