/**
 * One money movement (an agent's cash-out), driven through the real app in jsdom by every
 * path of its test model (tests/models/transfer-flow.ts). The fake API answers the
 * contract's shapes (support/fake-transfers.ts) and holds each submission in flight until
 * the path says how it ends. Besides what the user sees, every state checks what the
 * server received: one submission per attempt, a new key per attempt, the same key and
 * body again only when "Try again" resends an attempt that got no answer.
 */
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../contract/http';
import { formatXof } from '../../src/i18n/format';
import { UUID_PATTERN } from '../../src/features/transfers/idempotency';
import { coveringPaths, stateName } from '../models/menu-graph';
import { type TransferModelState, transferFlowModel } from '../models/transfer-flow';
import { createFakeApi, type FakeApi, type RenderedApp, renderApp } from './support/render-app';
import { AGENT_TILL, type FakeTransfers, installFakeTransfers } from './support/fake-transfers';

const PATH_TIMEOUT_MS = 30_000;
const SUBMIT_PATH = 'transfers/cash-out';

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
const QUOTED_REQUEST = {
  counterparty: '+221771112233',
  amount: 25000,
  withdrawalCode: '482913',
  note: 'Guichet Plateau',
};
const REFUSAL = 'The customer’s wallet is blocked; ask the customer to call the service centre.';

interface Run {
  app: RenderedApp;
  api: FakeApi;
  fake: FakeTransfers;
  /** What the form should hold now. */
  typed: FormValues;
  /** One entry per confirm from review: how many times that attempt was sent. */
  attempts: { sends: number }[];
  /** Quotes asked for before the last form submit. */
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
  // The form's draft (src/session/use-form-draft.ts) belongs to the tab: each path opens a new one.
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

async function fillAndSubmit(values: FormValues) {
  const { app } = current();
  const f = fields();
  for (const key of ['counterparty', 'amount', 'withdrawalCode', 'note'] as const) {
    await app.user.clear(f[key]);
    if (values[key]) await app.user.type(f[key], values[key]);
  }
  current().typed = values;
  current().quotesBefore = current().fake.quotes.length;
  await app.user.click(content().getByRole('button', { name: 'Review transfer' }));
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

/** Holds the next submission in flight, does `act`, and waits until it has been sent. */
async function sendHeld(action: () => Promise<void>) {
  const r = current();
  const hold = r.api.hold(SUBMIT_PATH);
  r.release = hold.release;
  await action();
  await hold.reached;
}

async function settle(fate: Parameters<FakeTransfers['nextSubmit']>[0]) {
  const r = current();
  r.fake.nextSubmit(fate);
  const release = r.release;
  r.release = undefined;
  await act(async () => release?.());
  await waitFor(() => expect(r.api.inFlight).toBe(0));
}

describe('transfer flow test model (agent cash-out)', () => {
  const { paths, coverage } = coveringPaths(transferFlowModel);

  it('the generated paths cover every transition of the transfer model', () => {
    expect(coverage.missingTransitions).toEqual([]);
    expect(coverage.missingEdges).toEqual([]);
    expect(coverage.transitionCount).toBe(17);
  });

  const states: Record<TransferModelState, () => Promise<void> | void> = {
    closed: () => {
      expect(run).toBeUndefined();
    },
    empty: async () => {
      expect(await content().findByRole('heading', { name: 'Transfer details' })).toBeVisible();
      expectForm(EMPTY);
      expect(content().queryByRole('alert')).toBeNull();
      expect(plain(content().getByTestId('own-balance').textContent)).toBe(xof(AGENT_TILL.balance ?? 0));
      for (const input of Object.values(fields())) expect(input).toHaveAttribute('aria-invalid', 'false');
      expectSubmissionsMatchAttempts();
    },
    invalid: () => {
      const f = fields();
      expect(f.counterparty).toHaveAttribute('aria-invalid', 'true');
      expect(f.amount).toHaveAttribute('aria-invalid', 'true');
      expect(f.withdrawalCode).toHaveAttribute('aria-invalid', 'true');
      expect(f.note).toHaveAttribute('aria-invalid', 'false');
      expect(content().getByText('Enter a phone number (+221 7x xxx xx xx) or an account number.')).toBeVisible();
      expect(content().getByText('Enter a whole number of francs, without decimals or signs.')).toBeVisible();
      expect(content().getByText('The withdrawal code has 6 digits.')).toBeVisible();
      // The error is tied to its field for screen readers, and focus went to the first one.
      expect(f.amount.getAttribute('aria-describedby')).toContain('transfer-amount-error');
      expect(document.activeElement).toBe(f.counterparty);
      expectForm(INVALID);
      // Checked in place: the server was not asked.
      expect(current().fake.quotes.length).toBe(current().quotesBefore);
      expectSubmissionsMatchAttempts();
    },
    quoteRefused: async () => {
      const alert = await content().findByRole('alert');
      expect(alert).toHaveTextContent('No wallet has the number +221700000000.');
      expect(document.activeElement).toBe(alert);
      expectForm(UNKNOWN);
      expect(current().fake.quotes.at(-1)?.body.counterparty).toBe('+221700000000');
      expectSubmissionsMatchAttempts();
    },
    reviewing: async () => {
      const heading = await content().findByRole('heading', { name: 'Check the transfer' });
      expect(document.activeElement).toBe(heading);
      const section = heading.closest('section') as HTMLElement;
      const review = within(section);
      // What the server resolved: the customer's name, phone and number, and the money.
      const text = plain(section.textContent);
      for (const part of [
        'FromAwa Diallo+221771112233 · CUS-000001',
        'ToMoussa Diop+221770000001 · AGT-00001',
        `Amount (XOF)${xof(25000)}`,
        `Fee${xof(250)}`,
        `Total debited${xof(25250)}`,
        'NoteGuichet Plateau',
      ]) {
        expect(text).toContain(part);
      }
      expect(review.getByTestId('approval-notice')).toHaveTextContent('The money moves as soon as you confirm.');
      expect(confirmButton()).toHaveTextContent('Confirm transfer');
      expect(current().fake.quotes.at(-1)?.body).toEqual(QUOTED_REQUEST);
      expectSubmissionsMatchAttempts();
    },
    kept: async () => {
      const heading = await content().findByRole('heading', { name: 'Transfer details' });
      expect(document.activeElement).toBe(heading);
      expectForm(current().typed);
      expect(content().queryByRole('alert')).toBeNull();
      expectSubmissionsMatchAttempts();
    },
    submitting: () => {
      expect(confirmButton()).toHaveTextContent('Sending…');
      expect(confirmButton()).toHaveAttribute('aria-disabled', 'true');
      expect(content().getByRole('button', { name: 'Back to edit' })).toBeDisabled();
      expect(current().api.inFlight).toBe(1);
      expectSubmissionsMatchAttempts();
    },
    interrupted: async () => {
      const alert = await content().findByRole('alert');
      expect(alert).toHaveTextContent('The server could not be reached. Check your connection and try again.');
      expect(alert).toHaveTextContent('Trying again is safe');
      expect(document.activeElement).toBe(alert);
      expect(within(alert.closest('section') as HTMLElement).getByText('Awa Diallo')).toBeVisible();
      expect(content().getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(content().queryByRole('button', { name: 'Confirm transfer' })).toBeNull();
      expectSubmissionsMatchAttempts();
    },
    failed: async () => {
      const alert = await content().findByRole('alert');
      expect(alert).toHaveTextContent(REFUSAL);
      expect(document.activeElement).toBe(alert);
      expectForm(current().typed);
      expect(content().queryByRole('button', { name: 'Try again' })).toBeNull();
      expectSubmissionsMatchAttempts();
    },
    done: async () => {
      const { fake } = current();
      const heading = await content().findByRole('heading', { name: 'Transfer receipt' });
      // Focus moves to the receipt when it appears, and stays on Print once printing.
      const printed = current().prints > 0;
      expect(document.activeElement).toBe(printed ? content().getByRole('button', { name: 'Print receipt' }) : heading);
      const receipt = heading.closest('[data-print-receipt]') as HTMLElement;
      const lastKey = fake.submissions.at(-1)?.key ?? '';
      const result = fake.results.get(lastKey);
      expect(result).toBeDefined();
      const text = plain(receipt.textContent);
      expect(within(receipt).getByRole('status')).toHaveTextContent('The transfer is complete.');
      for (const part of [
        `Reference${result?.reference}`,
        'Date04-03-2025',
        'TransferCash Out',
        'FromAwa Diallo+221771112233 · CUS-000001',
        'ToMoussa Diop',
        `Amount (XOF)${xof(25000)}`,
        `Fee${xof(250)}`,
        `Total debited${xof(25250)}`,
        'StatusSuccessful',
        'Initiated byMoussa Diop',
        'ChannelDashboard',
      ]) {
        expect(text).toContain(part);
      }
      expect(print).toHaveBeenCalledTimes(current().prints);
      expectSubmissionsMatchAttempts();
    },
  };

  const events = {
    'page.open': async () => {
      const api = createFakeApi();
      const fake = installFakeTransfers(api);
      print = vi.spyOn(window, 'print').mockImplementation(() => {});
      const app = renderApp({ api, signedInAs: 'agent', url: '/cash-out' });
      run = { app, api, fake, typed: EMPTY, attempts: [], quotesBefore: 0, prints: 0 };
      await content().findByRole('heading', { name: 'Transfer details' }, { timeout: 10_000 });
    },
    'form.submitInvalid': async () => {
      await fillAndSubmit(INVALID);
    },
    'form.submitValid': async () => {
      await fillAndSubmit(VALID);
      await content().findByRole('heading', { name: 'Check the transfer' });
    },
    'form.submitUnknownBeneficiary': async () => {
      await fillAndSubmit(UNKNOWN);
      await content().findByRole('alert');
    },
    'review.back': async () => {
      await current().app.user.click(content().getByRole('button', { name: 'Back to edit' }));
    },
    'review.confirm': async () => {
      const r = current();
      await sendHeld(() => r.app.user.click(confirmButton()));
      r.attempts.push({ sends: 1 });
    },
    'review.confirmAgain': async () => {
      const r = current();
      // A second click, and Enter on the focused button: neither sends anything more.
      await r.app.user.click(confirmButton());
      confirmButton().focus();
      await r.app.user.keyboard('{Enter}');
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    },
    'server.accepts': async () => {
      await settle({ kind: 'accept' });
      await content().findByRole('heading', { name: 'Transfer receipt' });
    },
    'server.refuses': async () => {
      await settle({ kind: 'refuse', code: 'ACCOUNT_BLOCKED', message: REFUSAL });
      await content().findByRole('alert');
    },
    'server.answerLost': async () => {
      await settle({ kind: 'drop' });
      await content().findByRole('button', { name: 'Try again' });
    },
    'attempt.retry': async () => {
      const r = current();
      await sendHeld(() => r.app.user.click(content().getByRole('button', { name: 'Try again' })));
      const attempt = r.attempts.at(-1);
      if (!attempt) throw new Error('No attempt to retry');
      attempt.sends++;
    },
    'receipt.print': async () => {
      await current().app.user.click(content().getByRole('button', { name: 'Print receipt' }));
      current().prints++;
    },
    'receipt.new': async () => {
      await current().app.user.click(content().getByRole('button', { name: 'New transfer' }));
      current().typed = EMPTY;
      await content().findByRole('heading', { name: 'Transfer details' });
    },
  };

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT_MS }, async () => {
      await path.test({ states, events });
      expect(Object.keys(states)).toContain(stateName(path.state));
    });
  }
});
