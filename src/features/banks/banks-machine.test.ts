import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BankBody } from '../../../contract/banks';
import type { BankView, FloatAccountChoice } from '../../../contract/api/banks';
import { ApiRequestError } from '../../api/client';
import { bankBody, validateBank } from './bank-form';
import { banksMachine, withBank } from './banks-machine';

const bank = (over: Partial<BankView>): BankView => ({
  id: 1,
  code: 'CBAO',
  name: 'CBAO Groupe Attijariwafa',
  bankGroup: null,
  bic: 'CBAOSNDA',
  active: true,
  floatAccount: { id: 11, number: 'BNK-CBAO', label: 'CBAO float', balance: 1000, status: 'active' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  ...over,
});

function start(save?: (input: { id: number | null; body: BankBody }) => Promise<BankView>) {
  const announce = vi.fn();
  const saved: { id: number | null; body: BankBody }[] = [];
  const switched: { id: number; verb: string }[] = [];
  const actor = createActor(
    banksMachine.provide({
      actors: {
        loadBanks: fromPromise(async () => [bank({}), bank({ id: 2, code: 'BOA', name: 'Bank of Africa' })]),
        loadFloatChoices: fromPromise(async (): Promise<FloatAccountChoice[]> => []),
        saveBank: fromPromise(async ({ input }) => {
          saved.push(input);
          return save ? save(input) : bank({ id: 9, code: String(input.body.code), name: String(input.body.name) });
        }),
        switchBank: fromPromise(async ({ input }) => {
          switched.push(input);
          return bank({ id: input.id, code: 'BOA', name: 'Bank of Africa', active: input.verb === 'activate' });
        }),
      },
      actions: { announce: (_, params) => announce(params) },
    }),
  ).start();
  return { actor, announce, saved, switched };
}

describe('the bank form rules', () => {
  it('checks what the contract checks and sends the float only when it changes', () => {
    expect(validateBank({ name: 'B', code: 'x', bic: 'nope', float: 'new' })).toEqual({
      name: 'name',
      code: 'code',
      bic: 'bic',
    });
    expect(validateBank({ name: 'Banque Atlantique', code: 'batl', bic: 'sn 012', float: 'new' })).toEqual({});
    expect(bankBody({ name: ' Banque ', code: 'batl', bic: 'sn 012', float: 'new' })).toEqual({
      name: 'Banque',
      code: 'BATL',
      bic: 'SN012',
      floatAccountId: 'new',
    });
    expect(bankBody({ name: 'Banque', code: 'BATL', bic: '', float: 'keep' })).toEqual({
      name: 'Banque',
      code: 'BATL',
      bic: null,
    });
    expect(bankBody({ name: 'Banque', code: 'BATL', bic: '', float: '42' }).floatAccountId).toBe(42);
  });

  it('keeps the list ordered: active banks first, then by name', () => {
    const list = withBank(
      [bank({}), bank({ id: 2, code: 'BOA', name: 'Bank of Africa' })],
      bank({ id: 1, active: false }),
    );
    expect(list.map((b) => [b.code, b.active])).toEqual([
      ['BOA', true],
      ['CBAO', false],
    ]);
  });
});

describe('banks machine', () => {
  it('refuses an invalid form in place, then saves and announces the new bank', async () => {
    const { actor, announce, saved } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'bank.add' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: 'name', code: 'code' });
    expect(saved).toEqual([]);
    actor.send({ type: 'field.change', name: 'name', value: 'Banque Atlantique' });
    expect(actor.getSnapshot().context.errors).toEqual({ code: 'code' });
    actor.send({ type: 'field.change', name: 'code', value: 'batl' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(saved).toEqual([
      { id: null, body: { name: 'Banque Atlantique', code: 'BATL', bic: null, floatAccountId: 'new' } },
    ]);
    expect(announce).toHaveBeenCalledWith(expect.objectContaining({ kind: 'created' }));
    expect(actor.getSnapshot().context.banks.map((b) => b.code)).toEqual(['BOA', 'BATL', 'CBAO']);
  });

  it('puts a refusal naming a field on that field, and others above the form', async () => {
    let refusal = new ApiRequestError('Another bank already uses the code BOA.', 409, 'BANK_CODE_TAKEN', false);
    const { actor } = start(async () => {
      throw refusal;
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'bank.edit', id: 1 });
    expect(actor.getSnapshot().context.values).toEqual({
      name: 'CBAO Groupe Attijariwafa',
      code: 'CBAO',
      bic: 'CBAOSNDA',
      float: 'keep',
    });
    actor.send({ type: 'field.change', name: 'code', value: 'BOA' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ ready: { form: 'editing' } }) && Object.keys(s.context.errors).length > 0);
    expect(actor.getSnapshot().context.errors).toEqual({ code: 'codeTaken' });
    refusal = new ApiRequestError('Something else', 500, 'INTERNAL_ERROR', false);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().context.failure?.message).toBe('Something else');
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('deactivates after confirmation only', async () => {
    const { actor, switched, announce } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'bank.switch', id: 2, verb: 'deactivate' });
    actor.send({ type: 'confirm.cancel' });
    expect(switched).toEqual([]);
    actor.send({ type: 'bank.switch', id: 2, verb: 'deactivate' });
    actor.send({ type: 'confirm.accept' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(switched).toEqual([{ id: 2, verb: 'deactivate' }]);
    expect(announce).toHaveBeenCalledWith(expect.objectContaining({ kind: 'deactivated' }));
    expect(actor.getSnapshot().context.banks.find((b) => b.id === 2)?.active).toBe(false);
    actor.send({ type: 'bank.switch', id: 77, verb: 'deactivate' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
