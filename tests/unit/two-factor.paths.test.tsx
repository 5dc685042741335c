/**
 * The caller's own two-step verification (/two-factor): the generated paths of the real
 * two-factor machine (tests/paths/machines/session-extras.ts), each run against the whole app in
 * jsdom. Each request is held by the fake API until the path says how it ends; the clipboard
 * is held the same way.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { twoFactorMessages } from '../../src/features/two-factor/messages';
import {
  CODES,
  NEW_CODES,
  OFF,
  REFUSED,
  SERVER_ERROR,
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
import {
  createFakeApi,
  type FakeAnswer,
  type FakeApi,
  type RenderedApp,
  renderApp,
  success,
} from './support/render-app';

const M = twoFactorMessages.en;
const PATH_TIMEOUT_MS = 30_000;
interface Run {
  app: RenderedApp;
  api: FakeApi;
  answers: Map<string, () => FakeAnswer>;
  releases: Map<string, () => void>;
  clipboard?: { resolve: () => void; reject: (e: Error) => void };
  writeText: ReturnType<typeof vi.fn>;
  /** What the user was last told, as the runner expects it from its own steps. */
  told: 'nothing' | 'refused' | 'server error' | 'malformed';
  codes: string[];
  copied: 'no' | 'yes' | 'failed';
}

let run: Run | undefined;
beforeAll(async () => {
  await import('../../src/features/two-factor/TwoFactorPage');
}, 60_000);
afterEach(() => {
  for (const release of run?.releases.values() ?? []) release();
  run?.app.unmount();
  run = undefined;
  vi.restoreAllMocks();
});

function current(): Run {
  if (!run) throw new Error('The app is not open');
  return run;
}
const own = () => screen.getByRole('region', { name: M.own.title });
const inOwn = () => within(own());

/** Holds the request `path` until the next step, whose outcome decides the server's answer. */
async function request(path: string, next: PathStep | undefined, cause: () => Promise<void>) {
  const r = current();
  const hold = r.api.hold(path);
  r.releases.set(path, hold.release);
  const answer = next && ANSWERS[stepName(next)];
  r.answers.set(path, answer ?? (() => ({ body: success(OFF) })));
  await cause();
  await hold.reached;
}

async function answer(path: string) {
  const r = current();
  const release = r.releases.get(path);
  r.releases.delete(path);
  await act(async () => release?.());
  await r.api.idle();
}

async function typeAndSubmit(label: string, code: string, submit: string) {
  const { app } = current();
  const field = inOwn().getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, code);
  await app.user.click(inOwn().getByRole('button', { name: submit }));
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

const outcome = (path: string, told: Run['told']) => async () => {
  await answer(path);
  current().told = told;
};

function expectTold(format: string) {
  const r = current();
  if (r.told === 'refused') expect(inOwn().getByRole('alert')).toHaveTextContent(REFUSED);
  else if (r.told === 'server error') expect(inOwn().getByRole('alert')).toHaveTextContent(SERVER_ERROR);
  else if (r.told === 'malformed') expect(inOwn().getByText(format)).toBeVisible();
  else expect(inOwn().queryByRole('alert')).toBeNull();
}

function expectBusyButton(name: string) {
  expect(inOwn().getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
  expect(current().api.inFlight).toBe(1);
}

async function expectCodeStep(title: string) {
  expect(await inOwn().findByRole('heading', { name: title })).toBeVisible();
  expect(inOwn().getByRole('button', { name: M.disable.cancel })).toBeEnabled();
  expectTold(M.problems.formatAny);
}

describe('two-factor machine: generated paths in jsdom', () => {
  const generated = generatePaths(twoFactorGraph);

  const steps: PathSteps = {
    async start({ next }) {
      const api = createFakeApi();
      for (const path of Object.values(REQUESTS)) {
        api.on(path === REQUESTS.loadStatus ? 'GET' : 'POST', path, () => {
          const r = current();
          const a = r.answers.get(path);
          if (!a) throw new Error(`No answer prepared for ${path}`);
          return a();
        });
      }
      const writeText = vi.fn(
        () =>
          new Promise<void>((resolve, reject) => {
            current().clipboard = { resolve, reject };
          }),
      );
      const hold = api.hold(REQUESTS.loadStatus);
      const app = renderApp({ api, signedInAs: 'admin', url: '/two-factor' });
      // After renderApp: user-event puts its own clipboard on the navigator.
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      run = {
        app,
        api,
        writeText,
        answers: new Map(),
        releases: new Map([[REQUESTS.loadStatus, hold.release]]),
        told: 'nothing',
        codes: [],
        copied: 'no',
      };
      run.answers.set(REQUESTS.loadStatus, (next && ANSWERS[stepName(next)]) ?? (() => ({ body: success(OFF) })));
      await screen.findByRole('region', { name: M.own.title }, { timeout: 10_000 });
      await hold.reached;
    },
    states: {
      async loading() {
        expect(await inOwn().findByRole('status')).toHaveTextContent(M.loading);
        expect(current().api.inFlight).toBe(1);
      },
      async loadFailed() {
        expect(await inOwn().findByText(new RegExp(M.loadFailed))).toBeVisible();
        expect(inOwn().getByRole('button', { name: M.retry })).toBeVisible();
      },
      async off() {
        await waitFor(() => expect(inOwn().getByTestId('two-factor-status')).toHaveTextContent(M.own.off));
        expect(inOwn().getByRole('button', { name: M.own.setUp })).not.toHaveAttribute('aria-disabled', 'true');
        expectTold(M.problems.format);
      },
      async starting() {
        expectBusyButton(M.own.starting);
      },
      async scanning() {
        expect(await inOwn().findByRole('heading', { name: M.enrol.scanTitle })).toBeVisible();
        expect(inOwn().getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
        expect(inOwn().getByRole('button', { name: M.enrol.turnOn })).not.toHaveAttribute('aria-disabled', 'true');
        expectTold(M.problems.format);
      },
      async confirming() {
        expectBusyButton(M.enrol.turningOn);
      },
      async 'showingCodes.idle'() {
        const r = current();
        const list = await inOwn().findByRole('list', { name: M.codes.listLabel });
        expect(
          within(list)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(r.codes);
        const title = r.codes === NEW_CODES ? M.regenerate.doneTitle : M.codes.title;
        expect(inOwn().getByRole('heading', { name: title })).toBeVisible();
        if (r.copied === 'yes') expect(inOwn().getByText(M.codes.copied)).toBeVisible();
        else if (r.copied === 'failed') expect(inOwn().getByText(M.codes.copyFailed)).toBeVisible();
        else expect(inOwn().queryByText(M.codes.copied)).toBeNull();
      },
      async 'showingCodes.copying'() {
        const r = current();
        expect(r.writeText).toHaveBeenLastCalledWith(r.codes.join('\n'));
        expect(inOwn().getByRole('list', { name: M.codes.listLabel })).toBeVisible();
      },
      async on() {
        await waitFor(() => expect(inOwn().getByTestId('two-factor-status')).toHaveTextContent(/On since/));
        expect(inOwn().getByRole('button', { name: M.regenerate.start })).toBeVisible();
        expect(inOwn().getByRole('button', { name: M.disable.start })).toBeVisible();
        // The codes, once put away, are not on the page any more.
        expect(inOwn().queryByRole('list', { name: M.codes.listLabel })).toBeNull();
      },
      async 'disabling.entering'() {
        await expectCodeStep(M.disable.title);
      },
      async 'disabling.sending'() {
        expectBusyButton(M.disable.sending);
        expect(inOwn().getByRole('button', { name: M.disable.cancel })).toBeDisabled();
      },
      async 'regenerating.entering'() {
        await expectCodeStep(M.regenerate.title);
      },
      async 'regenerating.sending'() {
        expectBusyButton(M.regenerate.sending);
        expect(inOwn().getByRole('button', { name: M.regenerate.cancel })).toBeDisabled();
      },
    },
    events: {
      'loadStatus.done': outcome(REQUESTS.loadStatus, 'nothing'),
      'loadStatus.error': outcome(REQUESTS.loadStatus, 'nothing'),
      async 'status.retry'({ next }) {
        await request(REQUESTS.loadStatus, next, () =>
          current().app.user.click(inOwn().getByRole('button', { name: M.retry })),
        );
      },
      async 'enrol.start'({ next }) {
        await request(REQUESTS.startEnrolment, next, () =>
          current().app.user.click(inOwn().getByRole('button', { name: M.own.setUp })),
        );
        current().told = 'nothing';
      },
      'startEnrolment.done': outcome(REQUESTS.startEnrolment, 'nothing'),
      'startEnrolment.error': outcome(REQUESTS.startEnrolment, 'server error'),
      'enrol.confirm': codeStep(M.enrol.code, M.enrol.turnOn, TWO_FACTOR_TYPED, REQUESTS.confirmEnrolment),
      async 'enrol.cancel'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.enrol.cancel }));
        current().told = 'nothing';
      },
      async 'confirmEnrolment.done'() {
        await outcome(REQUESTS.confirmEnrolment, 'nothing')();
        Object.assign(current(), { codes: CODES, copied: 'no' });
      },
      'confirmEnrolment.error': outcome(REQUESTS.confirmEnrolment, 'refused'),
      async 'codes.copy'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.codes.copy }));
      },
      async 'copyCodes.done'() {
        await act(async () => current().clipboard?.resolve());
        current().copied = 'yes';
      },
      async 'copyCodes.error'() {
        await act(async () => current().clipboard?.reject(new Error('denied')));
        current().copied = 'failed';
      },
      async 'codes.download'() {
        URL.createObjectURL = vi.fn(() => 'blob:http://localhost/codes');
        URL.revokeObjectURL = vi.fn();
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        await current().app.user.click(inOwn().getByRole('button', { name: M.codes.download }));
        expect(click).toHaveBeenCalledTimes(1);
        expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('recovery-codes-admin.txt');
        const file = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0];
        if (!(file instanceof Blob)) throw new Error('No file was made');
        const text = await file.text();
        for (const c of current().codes) expect(text).toContain(c);
      },
      async 'codes.done'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.codes.done }));
      },
      async 'disable.start'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.disable.start }));
        current().told = 'nothing';
      },
      async 'disable.cancel'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.disable.cancel }));
        current().told = 'nothing';
      },
      'disable.confirm': codeStep(M.disable.code, M.disable.confirm, TWO_FACTOR_CONFIRM, REQUESTS.disable),
      'disable.done': outcome(REQUESTS.disable, 'nothing'),
      'disable.error': outcome(REQUESTS.disable, 'refused'),
      async 'regenerate.start'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.regenerate.start }));
        current().told = 'nothing';
      },
      async 'regenerate.cancel'() {
        await current().app.user.click(inOwn().getByRole('button', { name: M.regenerate.cancel }));
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

  it('drives every transition and state of the machine', () => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
