import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, waitFor } from 'xstate';
import type { TransferOptions, TransferQuote, TransferResult } from '../../../contract/api/transfers';
import { findTransferFlow } from '../../../contract/transfers';
import { ApiRequestError } from '../../api/client';
import {
  type CodeCheckInput,
  type SubmitInput,
  selectErrors,
  selectFailure,
  selectForm,
  transferFlowMachine,
} from './transfer-flow-machine';

const cashOut = findTransferFlow('cash-out');
if (!cashOut) throw new Error('cash-out flow missing');

const OPTIONS: TransferOptions = {
  ownAccount: { number: 'AGT-00001', name: 'Agent Plateau', phone: '+221770000001', kind: 'agent', balance: 500_000 },
  banks: [],
  partners: [],
  counterparties: [],
  approvalThreshold: 1_000_000,
  amountRange: { min: 100, max: 2_000_000 },
};

const party = (number: string, name: string) => ({ number, name, phone: null, kind: 'customer' });
const QUOTE: TransferQuote = {
  flow: 'cash-out',
  source: party('CUS-000001', 'Awa Diallo'),
  counterparty: party('CUS-000001', 'Awa Diallo'),
  destination: party('AGT-00001', 'Agent Plateau'),
  amount: 5000,
  fee: 100,
  commission: 50,
  total: 5100,
  balanceAfter: null,
  needsApproval: false,
};
const RESULT: TransferResult = {
  ...QUOTE,
  status: 'success',
  reference: 'TX1',
  approvalId: null,
  createdAt: '2025-03-04T09:05:00Z',
  initiator: 'Moussa Diop',
  note: null,
  channel: 'dashboard',
};

type QuoteInput = Omit<SubmitInput, 'idempotencyKey'>;

interface Deferred<T> {
  input: unknown;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

/** A machine whose requests the test answers by hand; keys are key-1, key-2… */
function start() {
  const quotes: Deferred<TransferQuote>[] = [];
  const submits: Deferred<TransferResult>[] = [];
  /** Each code check's input; it answers what `codeAnswer` says (the code is right unless told). */
  const codeChecks: CodeCheckInput[] = [];
  const code = { answer: async (): Promise<{ valid: boolean }> => ({ valid: true }) };
  const print = vi.fn();
  let keys = 0;
  const manual =
    <T, I>(list: Deferred<T>[]) =>
    ({ input }: { input: I }) =>
      new Promise<T>((resolve, reject) => {
        list.push({ input, resolve, reject });
      });
  const actor = createActor(
    transferFlowMachine.provide({
      actors: {
        loadOptions: fromPromise(async () => OPTIONS),
        quoteTransfer: fromPromise(manual<TransferQuote, QuoteInput>(quotes)),
        submitTransfer: fromPromise(manual<TransferResult, SubmitInput>(submits)),
        checkWithdrawalCode: fromPromise(async ({ input }: { input: CodeCheckInput }) => {
          codeChecks.push(input);
          return code.answer();
        }),
      },
      actions: {
        issueIdempotencyKey: assign({ idempotencyKey: () => `key-${++keys}` }),
        printReceipt: print,
      },
    }),
    { input: { flow: cashOut as NonNullable<typeof cashOut> } },
  );
  actor.start();
  return { actor, quotes, submits, print, codeChecks, code };
}

function submitted(run: ReturnType<typeof start>, index: number): SubmitInput {
  const call = run.submits[index];
  if (!call) throw new Error(`no submission #${index + 1}`);
  return call.input as SubmitInput;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function fill(actor: ReturnType<typeof start>['actor'], values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'form.change', field: field as 'amount', value });
  }
}

const VALID = { counterparty: '+221 77 123 45 67', amount: '5 000', withdrawalCode: '123456' };

async function toReview(run: ReturnType<typeof start>) {
  await waitFor(run.actor, (s) => s.matches('editing'));
  fill(run.actor, VALID);
  run.actor.send({ type: 'form.submit' });
  await flush();
  run.quotes.at(-1)?.resolve(QUOTE);
  await waitFor(run.actor, (s) => s.matches('reviewing'));
}

const refusal = (code: string, message: string) => new ApiRequestError(message, 422, code, false);
const noAnswer = () => new ApiRequestError('The server could not be reached.', undefined, undefined, false);

describe('transfer flow machine: editing', () => {
  it('stays editing and shows every error when the form is invalid, asking the server nothing', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches('editing'));
    run.actor.send({ type: 'form.submit' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(selectErrors(run.actor.getSnapshot())).toEqual({
      counterparty: 'required',
      amount: 'required',
      withdrawalCode: 'required',
    });
    await flush();
    expect(run.quotes).toHaveLength(0);
  });

  it('clears a shown error as soon as its field is put right, and shows none before the first submit', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, { amount: 'abc' });
    expect(selectErrors(run.actor.getSnapshot())).toEqual({});
    run.actor.send({ type: 'form.submit' });
    expect(selectErrors(run.actor.getSnapshot()).amount).toBe('wholeNumber');
    fill(run.actor, { amount: '0' });
    expect(selectErrors(run.actor.getSnapshot()).amount).toBe('amountRange');
    fill(run.actor, { amount: '100' });
    expect(selectErrors(run.actor.getSnapshot()).amount).toBeUndefined();
    expect(selectErrors(run.actor.getSnapshot()).counterparty).toBe('required');
  });

  it('quotes the normalised request and reviews the answer', async () => {
    const run = start();
    await toReview(run);
    expect(run.quotes[0]?.input).toEqual({
      flowId: 'cash-out',
      request: { counterparty: '+221771234567', amount: 5000, withdrawalCode: '123456' },
    });
    expect(run.actor.getSnapshot().context.quote).toEqual(QUOTE);
  });

  it('checks the withdrawal code once quoted; a wrong code goes back to the form, on its field, with no review', async () => {
    const run = start();
    run.code.answer = async () => ({ valid: false });
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, VALID);
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[0]?.resolve(QUOTE);
    await waitFor(run.actor, (s) => s.matches('editing'));
    expect(run.codeChecks).toEqual([
      { flowId: 'cash-out', request: { counterparty: '+221771234567', amount: 5000, withdrawalCode: '123456' } },
    ]);
    expect(selectErrors(run.actor.getSnapshot())).toEqual({ withdrawalCode: 'codeWrong' });
    expect(run.actor.getSnapshot().context.quote).toBeNull();
    expect(selectForm(run.actor.getSnapshot())).toMatchObject(VALID);
    // Typing the code again puts the field right; the right code then reaches the review.
    fill(run.actor, { withdrawalCode: '654321' });
    expect(selectErrors(run.actor.getSnapshot())).toEqual({});
    run.code.answer = async () => ({ valid: true });
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[1]?.resolve(QUOTE);
    await waitFor(run.actor, (s) => s.matches('reviewing'));
    expect(run.codeChecks.at(-1)?.request.withdrawalCode).toBe('654321');
  });

  it('returns to editing with the message when the code check gets no answer', async () => {
    const run = start();
    run.code.answer = async () => {
      throw noAnswer();
    };
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, VALID);
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[0]?.resolve(QUOTE);
    await waitFor(run.actor, (s) => s.matches('editing'));
    expect(selectFailure(run.actor.getSnapshot())?.message).toBe('The server could not be reached.');
    expect(run.actor.getSnapshot().context.quote).toBeNull();
  });

  it('returns to editing with the message and the form kept when the quote is refused', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, VALID);
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[0]?.reject(refusal('COUNTERPARTY_NOT_FOUND', 'No wallet has this number.'));
    await waitFor(run.actor, (s) => s.matches('editing'));
    expect(selectFailure(run.actor.getSnapshot())?.message).toBe('No wallet has this number.');
    expect(selectForm(run.actor.getSnapshot())).toMatchObject(VALID);
  });

  it('drops the server’s refusal as soon as the form changes, so it never stands beside the field’s own message', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, VALID);
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[0]?.reject(refusal('AMOUNT_OUT_OF_RANGE', 'The amount must be between XOF 100 and XOF 2,000,000.'));
    await waitFor(run.actor, (s) => s.matches('editing'));
    expect(selectFailure(run.actor.getSnapshot())).not.toBeNull();
    fill(run.actor, { amount: '50' });
    expect(selectFailure(run.actor.getSnapshot())).toBeNull();
    run.actor.send({ type: 'form.submit' });
    expect(run.actor.getSnapshot().context.errors).toEqual({ amount: 'amountRange' });
  });

  it('ignores a second submit while the quote is in flight', async () => {
    const run = start();
    await waitFor(run.actor, (s) => s.matches('editing'));
    fill(run.actor, VALID);
    run.actor.send({ type: 'form.submit' });
    run.actor.send({ type: 'form.submit' });
    await flush();
    expect(run.quotes).toHaveLength(1);
  });
});

describe('transfer flow machine: review and submission', () => {
  it('goes back to editing with the form kept', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.back' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(selectForm(run.actor.getSnapshot())).toMatchObject(VALID);
  });

  it('issues a key on confirm and posts once however often confirm is sent', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.confirm' });
    run.actor.send({ type: 'review.confirm' });
    run.actor.send({ type: 'review.confirm' });
    await flush();
    expect(run.submits).toHaveLength(1);
    expect(run.submits[0]?.input).toEqual({
      flowId: 'cash-out',
      request: { counterparty: '+221771234567', amount: 5000, withdrawalCode: '123456' },
      idempotencyKey: 'key-1',
    } satisfies SubmitInput);
    run.submits[0]?.resolve(RESULT);
    await waitFor(run.actor, (s) => s.matches('done'));
    expect(run.actor.getSnapshot().context.result).toEqual(RESULT);
  });

  it('submits the request that was quoted, not the form as it is now', async () => {
    const run = start();
    await toReview(run);
    // A stray change event cannot alter what was reviewed.
    fill(run.actor, { amount: '999999' });
    run.actor.send({ type: 'review.confirm' });
    await flush();
    expect(submitted(run, 0).request.amount).toBe(5000);
  });

  it('keeps the form after a refusal, and a new attempt gets a new key', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.confirm' });
    await flush();
    run.submits[0]?.reject(refusal('INSUFFICIENT_FUNDS', 'The balance is too low.'));
    await waitFor(run.actor, (s) => s.matches('failed'));
    expect(selectFailure(run.actor.getSnapshot())).toMatchObject({
      message: 'The balance is too low.',
      outcomeUnknown: false,
    });
    expect(selectForm(run.actor.getSnapshot())).toMatchObject(VALID);
    // A retry of a refused attempt is not offered.
    run.actor.send({ type: 'transfer.retry' });
    expect(run.actor.getSnapshot().value).toBe('failed');

    fill(run.actor, { amount: '4000' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(selectFailure(run.actor.getSnapshot())).toBeNull();
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[1]?.resolve({ ...QUOTE, amount: 4000, total: 4100 });
    await waitFor(run.actor, (s) => s.matches('reviewing'));
    run.actor.send({ type: 'review.confirm' });
    await flush();
    expect(run.submits.map((s) => (s.input as SubmitInput).idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('offers to send the same attempt again, with the same key, when no answer came', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.confirm' });
    await flush();
    run.submits[0]?.reject(noAnswer());
    await waitFor(run.actor, (s) => s.matches('interrupted'));
    expect(selectFailure(run.actor.getSnapshot())).toMatchObject({ network: true, outcomeUnknown: true });
    run.actor.send({ type: 'transfer.retry' });
    await flush();
    run.submits[1]?.reject(new ApiRequestError('Service unavailable', 503, 'UNAVAILABLE', false));
    await waitFor(run.actor, (s) => s.matches('interrupted'));
    run.actor.send({ type: 'transfer.retry' });
    await flush();
    expect(run.submits.map((s) => s.input)).toEqual([
      run.submits[0]?.input,
      run.submits[0]?.input,
      run.submits[0]?.input,
    ]);
    expect(submitted(run, 2).idempotencyKey).toBe('key-1');
    run.submits[2]?.resolve(RESULT);
    await waitFor(run.actor, (s) => s.matches('done'));
  });

  it('gives an interrupted attempt abandoned for the form a new key next time', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.confirm' });
    await flush();
    run.submits[0]?.reject(noAnswer());
    await waitFor(run.actor, (s) => s.matches('interrupted'));
    run.actor.send({ type: 'review.back' });
    expect(run.actor.getSnapshot().value).toBe('editing');
    // Money may have moved: unlike a refusal, that stays said while the form changes.
    fill(run.actor, { note: 'again' });
    expect(selectFailure(run.actor.getSnapshot())).toMatchObject({ outcomeUnknown: true });
    run.actor.send({ type: 'form.submit' });
    await flush();
    run.quotes[1]?.resolve(QUOTE);
    await waitFor(run.actor, (s) => s.matches('reviewing'));
    run.actor.send({ type: 'review.confirm' });
    await flush();
    expect(submitted(run, 1).idempotencyKey).toBe('key-2');
  });
});

describe('transfer flow machine: receipt', () => {
  it('prints through the injected action and starts a new, empty transfer', async () => {
    const run = start();
    await toReview(run);
    run.actor.send({ type: 'review.confirm' });
    await flush();
    run.submits[0]?.resolve(RESULT);
    await waitFor(run.actor, (s) => s.matches('done'));
    run.actor.send({ type: 'receipt.print' });
    expect(run.print).toHaveBeenCalledTimes(1);
    run.actor.send({ type: 'receipt.new' });
    await waitFor(run.actor, (s) => s.matches('editing'));
    expect(selectForm(run.actor.getSnapshot())).toEqual({
      source: '',
      counterparty: '',
      amount: '',
      withdrawalCode: '',
      note: '',
    });
    expect(run.actor.getSnapshot().context.result).toBeNull();
  });
});

describe('transfer flow machine: options', () => {
  it('fails to load options with the message, and tries again on options.retry', async () => {
    let calls = 0;
    const actor = createActor(
      transferFlowMachine.provide({
        actors: {
          loadOptions: fromPromise(async () => {
            calls++;
            if (calls === 1) throw refusal('FORBIDDEN', 'You may not start this transfer.');
            return OPTIONS;
          }),
        },
      }),
      { input: { flow: cashOut as NonNullable<typeof cashOut> } },
    ).start();
    await waitFor(actor, (s) => s.matches('optionsFailed'));
    expect(selectFailure(actor.getSnapshot())?.message).toBe('You may not start this transfer.');
    actor.send({ type: 'options.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.options).toEqual(OPTIONS);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
  });

  it('refuses to run without its effects provided', async () => {
    const actor = createActor(transferFlowMachine, { input: { flow: cashOut as NonNullable<typeof cashOut> } }).start();
    await waitFor(actor, (s) => s.matches('optionsFailed'));
    expect(selectFailure(actor.getSnapshot())?.message).toBe('loadOptions not provided');
  });
});
