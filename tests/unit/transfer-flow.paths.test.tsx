/**
 * One money movement (an agent's cash-out): the generated paths of the real transfer-flow
 * machine (tests/paths/machines/features.ts), each run against the whole app in jsdom. The
 * fake API answers the contract's shapes (support/fake-transfers.ts) and holds each request
 * in flight while the path looks at it. Besides what the user sees, every state checks what
 * the server received: one submission per attempt, a new key per attempt, the same key and
 * body again only when "Try again" resends an attempt that got no answer.
 */
import { act, configure, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../contract/http';
import { UUID_PATTERN } from '../../src/features/transfers/idempotency';
import { formatXof } from '../../src/i18n/format';
import {
  generatePaths,
  incompleteSteps,
  missingCoverage,
  type PathSteps,
  runPath,
  type StepContext,
} from '../paths/graph-adapter';
import { transferFlowGraph } from '../paths/machines/features';
import { AGENT_TILL, type FakeTransfers, installFakeTransfers } from './support/fake-transfers';
import {
  createFakeApi,
  type FakeApi,
  type FakeHandler,
  failure,
  type RenderedApp,
  renderApp,
} from './support/render-app';

const PATH_TIMEOUT_MS = 30_000;
const PAGE = '/cash-out';
const SUBMIT_PATH = 'transfers/cash-out';
const QUOTE_PATH = 'transfers/cash-out/quote';
const CODE_PATH = 'transfers/cash-out/withdrawal-code';
const OPTIONS_PATH = 'transfers/cash-out/options';

interface FormValues {
  counterparty: string;
  amount: string;
  withdrawalCode: string;
  note: string;
}
const VALID: FormValues = {
  counterparty: '+221 77 111 22 33',
  amount: '25 000',
  withdrawalCode: '482913',
  note: 'Guichet Plateau',
};
const UNKNOWN: FormValues = { ...VALID, counterparty: '+221 70 000 00 00' };
const INVALID: FormValues = { counterparty: '77 123', amount: '12.5', withdrawalCode: '123', note: '' };
const EMPTY: FormValues = { counterparty: '', amount: '', withdrawalCode: '', note: '' };
/** What a reload gives back of INVALID: the draft never keeps the withdrawal code. */
const DRAFTED: FormValues = { ...INVALID, withdrawalCode: '' };
/** The whole form the user types, by the graph's variant of `form.change`. */
const TYPED: Record<string, FormValues> = { valid: VALID, 'unknown beneficiary': UNKNOWN, invalid: INVALID };
const QUOTED_REQUEST = {
  counterparty: '+221771112233',
  amount: 25000,
  withdrawalCode: '482913',
  note: 'Guichet Plateau',
};
const REFUSAL = 'The customer’s wallet is blocked; ask the customer to call the service centre.';
const UNKNOWN_MESSAGE = 'No wallet has the number +221700000000.';
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const WRONG_CODE = 'This is not the customer’s withdrawal code.';

configure({ asyncUtilTimeout: 5_000 });

/** What the user expects to see on the form: a message, and where the focus is. */
type FormMessage = 'none' | 'errors' | 'unknown' | 'wrongCode' | 'refusal' | 'interrupted';

interface Run {
  app: RenderedApp;
  api: FakeApi;
  fake: FakeTransfers;
  /** The fake's own handlers, to put back after a one-off failure. */
  handlers: Map<string, FakeHandler>;
  typed: FormValues;
  message: FormMessage;
  /** The form came back from review: it has the focus on its heading. */
  back: boolean;
  draftNotice: boolean;
  /** One entry per confirm from review: how many times that attempt was sent. */
  attempts: { sends: number }[];
  quotesBefore: number;
  prints: number;
  release?: () => void;
}

let run: Run | undefined;
let print: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  // The page is a lazy chunk: load it once so no path pays for its first import.
  await import('../../src/features/transfers/TransferPage');
}, 60_000);

afterEach(() => {
  run?.release?.();
  run?.app.unmount();
  run = undefined;
  vi.restoreAllMocks();
  // The form's draft belongs to the tab: each path opens a new one.
  window.sessionStorage.clear();
});

function current(): Run {
  if (!run) throw new Error('The page is not open');
  return run;
}

/** Intl writes XOF amounts with no-break spaces; the assertions compare plain text. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const xof = (n: number) => plain(formatXof(n, 'en'));
const content = () => within(document.getElementById('content') ?? document.body);

const fields = () => ({
  counterparty: content().getByLabelText('Customer phone or account number') as HTMLInputElement,
  amount: content().getByLabelText('Amount (XOF)') as HTMLInputElement,
  withdrawalCode: content().getByLabelText('Withdrawal code') as HTMLInputElement,
  note: content().getByLabelText(/^Note/) as HTMLInputElement,
});

function expectForm(values: FormValues) {
  const f = fields();
  expect({
    counterparty: f.counterparty.value,
    amount: f.amount.value,
    withdrawalCode: f.withdrawalCode.value,
    note: f.note.value,
  }).toEqual(values);
}

async function typeForm(values: FormValues) {
  const { app } = current();
  const f = fields();
  for (const key of ['counterparty', 'amount', 'withdrawalCode', 'note'] as const) {
    await app.user.clear(f[key]);
    if (values[key]) await app.user.type(f[key], values[key]);
  }
  current().typed = values;
}

/** The submissions the dashboard sent (held ones included), grouped by attempt: one key each. */
function attemptsSent(api: FakeApi) {
  const sent = api.callsTo(SUBMIT_PATH, 'POST').map((call) => ({
    key: call.headers.get(HEADER.idempotencyKey),
    body: call.body,
  }));
  const keys = [...new Set(sent.map((s) => s.key))];
  return keys.map((key) => sent.filter((s) => s.key === key));
}

/** What the server received matches what the user did: the heart of "never posts twice". */
function expectSubmissionsMatchAttempts() {
  const { api, attempts } = current();
  const sent = attemptsSent(api);
  expect(sent.map((s) => s.length)).toEqual(attempts.map((a) => a.sends));
  for (const submissionsOfAttempt of sent) {
    const [first] = submissionsOfAttempt;
    expect(first?.key).toMatch(UUID_PATTERN);
    // A resend is the same attempt: the same body under the same key.
    for (const s of submissionsOfAttempt) expect(s.body).toEqual(QUOTED_REQUEST);
  }
}

const confirmButton = () => content().getByRole('button', { name: /^(Confirm transfer|Sending…)$/ });

/** Holds the next call to `path` when the path stops to look at it in flight. */
function holdIf(held: boolean, path: string) {
  if (!held) return Promise.resolve();
  const r = current();
  const hold = r.api.hold(path);
  r.release = hold.release;
  return hold.reached;
}

async function release() {
  const r = current();
  const go = r.release;
  r.release = undefined;
  await act(async () => go?.());
  await r.api.idle();
}

/** The options call fails once, as a server error; the next one is the fake's again. */
function failOptionsOnce() {
  const r = current();
  const own = r.handlers.get(`GET ${OPTIONS_PATH}`);
  if (!own) throw new Error('The fake serves no options');
  r.api.on('GET', OPTIONS_PATH, () => {
    r.api.on('GET', OPTIONS_PATH, own);
    return { status: 500, body: failure('INTERNAL_ERROR', 'Something went wrong on our side.') };
  });
}

/** Opens the page as the agent; `prepare` runs once the fake API is up, before the first request. */
function openApp(url: string, prepare: () => Promise<void> | void = () => {}) {
  const api = createFakeApi();
  const handlers = new Map<string, FakeHandler>();
  const on = api.on;
  api.on = (method, path, handler) => {
    handlers.set(`${method.toUpperCase()} ${path}`, handler);
    on(method, path, handler);
  };
  const fake = installFakeTransfers(api);
  api.on = on;
  run = {
    app: undefined as unknown as RenderedApp,
    api,
    fake,
    handlers,
    typed: EMPTY,
    message: 'none',
    back: false,
    draftNotice: false,
    attempts: [],
    quotesBefore: 0,
    prints: 0,
  };
  const prepared = prepare();
  run.app = renderApp({ api, signedInAs: 'agent', url });
  return { run, prepared };
}

describe('transfer-flow machine (agent cash-out): generated paths in jsdom', () => {
  const generated = generatePaths(transferFlowGraph);

  /** The options call held, failing first if the path says so; resolves once it has been sent. */
  function holdOptions({ next }: StepContext) {
    if (next?.name === 'loadOptions.error') failOptionsOnce();
    return holdIf(true, OPTIONS_PATH);
  }

  async function loadOptions(ctx: StepContext, action: () => Promise<void> | void) {
    const reached = holdOptions(ctx);
    await action();
    await reached;
  }

  const steps: PathSteps = {
    async start(ctx) {
      print = vi.spyOn(window, 'print').mockImplementation(() => {});
      if (ctx.step.label === 'with a draft') {
        // The user typed, then reloaded the tab: the form comes back as a draft.
        const { run: r } = openApp(PAGE);
        await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
        await typeForm(INVALID);
        await loadOptions(ctx, () => {
          r.app = r.app.reload();
        });
        r.typed = DRAFTED;
        r.draftNotice = true;
        return;
      }
      await openApp(PAGE, () => holdOptions(ctx)).prepared;
    },
    states: {
      async loadingOptions() {
        expect(await content().findByText('Loading the form…')).toBeVisible();
        expect(content().queryByRole('heading', { name: 'Transfer details' })).toBeNull();
        expectSubmissionsMatchAttempts();
      },
      async optionsFailed() {
        const alert = await content().findByRole('alert');
        expect(alert).toHaveTextContent('The form could not be loaded.');
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
        expect(content().queryByRole('heading', { name: 'Transfer details' })).toBeNull();
      },
      async editing() {
        const r = current();
        const heading = await content().findByRole('heading', { name: 'Transfer details' });
        expectForm(r.typed);
        expect(plain(content().getByTestId('own-balance').textContent)).toBe(xof(AGENT_TILL.balance ?? 0));
        if (r.draftNotice) expect(content().getByTestId('draft-notice')).toBeVisible();
        else expect(content().queryByTestId('draft-notice')).toBeNull();
        const f = fields();
        if (r.message === 'errors') {
          expect(f.counterparty).toHaveAttribute('aria-invalid', 'true');
          expect(f.amount).toHaveAttribute('aria-invalid', 'true');
          expect(f.withdrawalCode).toHaveAttribute('aria-invalid', 'true');
          expect(f.note).toHaveAttribute('aria-invalid', 'false');
          // The error is tied to its field for screen readers, and focus went to the first one.
          expect(f.amount.getAttribute('aria-describedby')).toContain('transfer-amount-error');
          expect(document.activeElement).toBe(f.counterparty);
          if (r.typed === INVALID) {
            expect(content().getByText('Enter a phone number (+221 7x xxx xx xx) or an account number.')).toBeVisible();
            expect(content().getByText('Enter a whole number of francs, without decimals or signs.')).toBeVisible();
            expect(content().getByText('The withdrawal code has 6 digits.')).toBeVisible();
          }
          // Checked in place: the server was not asked.
          expect(r.fake.quotes.length).toBe(r.quotesBefore);
        } else if (r.message === 'unknown') {
          const alert = await content().findByRole('alert');
          expect(alert).toHaveTextContent(UNKNOWN_MESSAGE);
          expect(document.activeElement).toBe(alert);
          expect(r.fake.quotes.at(-1)?.body.counterparty).toBe('+221700000000');
        } else if (r.message === 'wrongCode') {
          // Said on the code's own field, which takes the focus; nothing else is wrong.
          expect(f.withdrawalCode).toHaveAttribute('aria-invalid', 'true');
          expect(f.amount).toHaveAttribute('aria-invalid', 'false');
          expect(content().getByText(new RegExp(WRONG_CODE))).toBeVisible();
          await waitFor(() => expect(document.activeElement).toBe(f.withdrawalCode));
          expect(r.fake.codeChecks.at(-1)?.body).toEqual({ counterparty: '+221771112233', withdrawalCode: '482913' });
          expect(content().queryByRole('heading', { name: 'Check the transfer' })).toBeNull();
        } else if (r.message === 'refusal') {
          expect(await content().findByRole('alert')).toHaveTextContent(REFUSAL);
        } else if (r.message === 'interrupted') {
          // Back from an attempt with no answer: the form still says its outcome is unknown.
          expect(await content().findByRole('alert')).toHaveTextContent(UNREACHABLE);
        } else {
          expect(content().queryByRole('alert')).toBeNull();
          for (const input of Object.values(f)) expect(input).toHaveAttribute('aria-invalid', 'false');
          // Back from review the form takes the focus on its heading.
          if (r.back) expect(document.activeElement).toBe(heading);
        }
        expectSubmissionsMatchAttempts();
      },
      async quoting() {
        const button = content().getByRole('button', { name: /^(Review transfer|Checking…)$/ });
        await waitFor(() => expect(button).toHaveTextContent('Checking…'));
        expect(button).toHaveAttribute('aria-disabled', 'true');
        expect(current().api.inFlight).toBe(1);
        // Asked once, and held before the fake has priced it.
        expect(current().api.callsTo(QUOTE_PATH, 'POST')).toHaveLength(current().quotesBefore + 1);
        expectSubmissionsMatchAttempts();
      },
      async checkingCode() {
        const button = content().getByRole('button', { name: /^(Review transfer|Checking…)$/ });
        await waitFor(() => expect(button).toHaveTextContent('Checking…'));
        expect(button).toHaveAttribute('aria-disabled', 'true');
        expect(current().api.inFlight).toBe(1);
        // Quoted, then the code asked about before anything is reviewed.
        expect(current().api.callsTo(CODE_PATH, 'POST').at(-1)?.body).toEqual({
          counterparty: '+221771112233',
          withdrawalCode: '482913',
        });
        expect(content().queryByRole('heading', { name: 'Check the transfer' })).toBeNull();
        expectSubmissionsMatchAttempts();
      },
      async reviewing() {
        const heading = await content().findByRole('heading', { name: 'Check the transfer' });
        expect(document.activeElement).toBe(heading);
        const section = heading.closest('section') as HTMLElement;
        // What the server resolved: the customer's name, phone and number, and the money.
        const text = plain(section.textContent);
        for (const part of [
          'FromAwa Diallo+221771112233 · CUS-000001',
          'ToAgent Khady Ndiaye tillOperated by: Moussa Diop+221770000001 · AGT-00001',
          `Amount (XOF)${xof(25000)}`,
          `Fee${xof(250)}`,
          `Total debited${xof(25250)}`,
          'NoteGuichet Plateau',
        ]) {
          expect(text).toContain(part);
        }
        expect(within(section).getByTestId('approval-notice')).toHaveTextContent(
          'The money moves as soon as you confirm.',
        );
        expect(confirmButton()).toHaveTextContent('Confirm transfer');
        expect(current().fake.quotes.at(-1)?.body).toEqual(QUOTED_REQUEST);
        expectSubmissionsMatchAttempts();
      },
      async submitting() {
        expect(confirmButton()).toHaveTextContent('Sending…');
        expect(confirmButton()).toHaveAttribute('aria-disabled', 'true');
        expect(content().getByRole('button', { name: 'Back to edit' })).toBeDisabled();
        expect(current().api.inFlight).toBe(1);
        // A second click, and Enter on the focused button, send nothing more.
        await current().app.user.click(confirmButton());
        confirmButton().focus();
        await current().app.user.keyboard('{Enter}');
        await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
        expectSubmissionsMatchAttempts();
      },
      async interrupted() {
        const alert = await content().findByRole('alert');
        expect(alert).toHaveTextContent(UNREACHABLE);
        expect(alert).toHaveTextContent('Trying again is safe');
        expect(document.activeElement).toBe(alert);
        expect(within(alert.closest('section') as HTMLElement).getByText('Awa Diallo')).toBeVisible();
        expect(content().getByRole('button', { name: 'Try again' })).toBeVisible();
        expect(content().queryByRole('button', { name: 'Confirm transfer' })).toBeNull();
        expectSubmissionsMatchAttempts();
      },
      async failed() {
        const alert = await content().findByRole('alert');
        expect(alert).toHaveTextContent(REFUSAL);
        expect(document.activeElement).toBe(alert);
        expectForm(current().typed);
        expect(content().queryByRole('button', { name: 'Try again' })).toBeNull();
        expectSubmissionsMatchAttempts();
      },
      async done() {
        const { fake, prints } = current();
        const heading = await content().findByRole('heading', { name: 'Transfer receipt' });
        // Focus moves to the receipt when it appears, and stays on Print once printing.
        expect(document.activeElement).toBe(
          prints > 0 ? content().getByRole('button', { name: 'Print receipt' }) : heading,
        );
        const receipt = heading.closest('[data-print-receipt]') as HTMLElement;
        const result = fake.results.get(fake.submissions.at(-1)?.key ?? '');
        expect(result).toBeDefined();
        const text = plain(receipt.textContent);
        expect(within(receipt).getByRole('status')).toHaveTextContent('The transfer is complete.');
        for (const part of [
          `Reference${result?.reference}`,
          'Date04-03-2025',
          'TransferCash Out',
          'FromAwa Diallo+221771112233 · CUS-000001',
          'ToAgent Khady Ndiaye tillOperated by: Moussa Diop',
          `Amount (XOF)${xof(25000)}`,
          `Fee${xof(250)}`,
          `Total debited${xof(25250)}`,
          'StatusSuccessful',
          'Initiated byMoussa Diop',
          'ChannelDashboard',
        ]) {
          expect(text).toContain(part);
        }
        expect(print).toHaveBeenCalledTimes(prints);
        expectSubmissionsMatchAttempts();
      },
    },
    events: {
      'loadOptions.done': release,
      'loadOptions.error': release,
      async 'options.retry'(ctx) {
        await loadOptions(ctx, () => current().app.user.click(content().getByRole('button', { name: 'Try again' })));
      },
      async 'form.change'({ step }) {
        const values = TYPED[String(step.label)];
        if (!values) throw new Error(`No form for ${step.label}`);
        const r = current();
        await typeForm(values);
        r.back = false;
        // Typing puts each field right as it goes (the code too); a message about the last answer stays.
        if (r.message === 'errors' || r.message === 'wrongCode') r.message = 'none';
      },
      async 'form.submit'({ step }) {
        const r = current();
        r.quotesBefore = r.fake.quotes.length;
        r.back = false;
        const quoting = step.states.includes('quoting');
        const reached = holdIf(quoting, QUOTE_PATH);
        await r.app.user.click(content().getByRole('button', { name: 'Review transfer' }));
        await reached;
        if (!quoting) r.message = 'errors';
      },
      async 'quoteTransfer.done'() {
        // The quote lets go and the code check that follows is held in its turn.
        const r = current();
        const releaseQuote = r.release;
        const hold = r.api.hold(CODE_PATH);
        r.release = hold.release;
        await act(async () => releaseQuote?.());
        await hold.reached;
      },
      async 'checkWithdrawalCode.done'({ step }) {
        const r = current();
        if (step.label === 'wrong code') r.fake.nextCodeWrong();
        await release();
        if (step.label === 'wrong code') r.message = 'wrongCode';
      },
      async 'checkWithdrawalCode.error'() {
        const r = current();
        r.api.on('POST', CODE_PATH, () => {
          r.api.on('POST', CODE_PATH, r.handlers.get(`POST ${CODE_PATH}`) as FakeHandler);
          throw new TypeError('Failed to fetch');
        });
        await release();
        r.message = 'interrupted';
      },
      async 'quoteTransfer.error'() {
        await release();
        current().message = 'unknown';
      },
      async 'review.back'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: 'Back to edit' }));
        r.back = true;
        if (r.message !== 'interrupted') r.message = 'none';
      },
      async 'review.confirm'({ next }) {
        const r = current();
        if (next?.label === 'refused') r.fake.nextSubmit({ kind: 'refuse', code: 'ACCOUNT_BLOCKED', message: REFUSAL });
        else if (next?.label === 'no answer') r.fake.nextSubmit({ kind: 'drop' });
        else r.fake.nextSubmit({ kind: 'accept' });
        const reached = holdIf(true, SUBMIT_PATH);
        await r.app.user.click(confirmButton());
        await reached;
        r.attempts.push({ sends: 1 });
      },
      'submitTransfer.done': release,
      async 'submitTransfer.error'({ step }) {
        await release();
        current().message = step.label === 'refused' ? 'refusal' : 'interrupted';
      },
      async 'transfer.retry'() {
        const r = current();
        const reached = holdIf(true, SUBMIT_PATH);
        await r.app.user.click(content().getByRole('button', { name: 'Try again' }));
        await reached;
        const attempt = r.attempts.at(-1);
        if (!attempt) throw new Error('No attempt to retry');
        attempt.sends++;
      },
      async 'receipt.print'() {
        await current().app.user.click(content().getByRole('button', { name: 'Print receipt' }));
        current().prints++;
      },
      async 'receipt.new'(ctx) {
        const r = current();
        await loadOptions(ctx, () => r.app.user.click(content().getByRole('button', { name: 'New transfer' })));
        r.typed = EMPTY;
        r.message = 'none';
        r.draftNotice = false;
      },
      async 'draft.discard'() {
        const r = current();
        await r.app.user.click(content().getByRole('button', { name: /Discard/ }));
        r.typed = EMPTY;
        r.message = 'none';
        r.draftNotice = false;
      },
    },
  };

  it('drives every transition and state of the machine', () => {
    expect(generated.transitions).toHaveLength(24);
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  for (const path of generated.paths) {
    it(path.text, { timeout: PATH_TIMEOUT_MS }, () => runPath(path, steps));
  }
});
