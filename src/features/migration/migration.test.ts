import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MigrationBody } from '../../../contract/wallet-migrations';
import type { MigrationHistoryPage, MigrationResult, MigrationWallet } from '../../../contract/api/wallet-migrations';
import { ApiRequestError } from '../../api/client';
import { EMPTY_MIGRATION, fieldOfRefusal, migrationBody, migrationInput, validateMigration } from './migration-form';
import { migrationMachine } from './migration-machine';

const wallet = (over: Partial<MigrationWallet> = {}): MigrationWallet => ({
  number: 'CUS-000003',
  kind: 'customer',
  name: 'Awa Ndiaye',
  phone: '+221 78 211 00 03',
  status: 'active',
  kycStatus: 'approved',
  region: 'Dakar',
  businessName: null,
  businessCategory: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  blockers: [],
  typeChangeTo: 'merchant',
  typeBlockers: [],
  ...over,
});

describe('the migration form', () => {
  it('checks a new phone as the API does, and refuses the wallet’s own number however it is typed', () => {
    const w = wallet();
    const values = { ...EMPTY_MIGRATION, reason: 'Lost the SIM card' };
    expect(validateMigration(w, { ...values, newPhone: '' })).toEqual({ newPhone: 'newPhone' });
    expect(validateMigration(w, { ...values, newPhone: '+221 33 800 00 00' })).toEqual({ newPhone: 'newPhone' });
    expect(validateMigration(w, { ...values, newPhone: '78.211.00.03' })).toEqual({ newPhone: 'samePhone' });
    expect(validateMigration(w, { ...values, newPhone: '00221 70 123 45 67' })).toEqual({});
    expect(validateMigration(w, { ...values, newPhone: '70 123 45 67', reason: 'sim' })).toEqual({ reason: 'reason' });
    expect(migrationBody(w, { ...values, newPhone: '701234567' })).toEqual({
      kind: 'phone',
      number: 'CUS-000003',
      newPhone: '+221 70 123 45 67',
      reason: 'Lost the SIM card',
    });
  });

  it('asks a business name and category only to become a merchant', () => {
    const values = { ...EMPTY_MIGRATION, kind: 'type' as const, reason: 'Opens a shop' };
    expect(validateMigration(wallet(), values)).toEqual({
      businessName: 'businessName',
      businessCategory: 'businessCategory',
    });
    expect(
      validateMigration(wallet(), { ...values, businessName: 'Boutique Awa', businessCategory: 'grocery' }),
    ).toEqual({});
    const merchant = wallet({ kind: 'merchant', typeChangeTo: 'customer' });
    expect(validateMigration(merchant, values)).toEqual({});
    expect(migrationInput(merchant, { ...values, businessName: 'ignored' })).toEqual({
      kind: 'type',
      number: 'CUS-000003',
      newType: 'customer',
      reason: 'Opens a shop',
    });
  });

  it('puts the API’s phone refusals on the phone field, and nothing else on a field', () => {
    expect(fieldOfRefusal('DUPLICATE_PHONE', 'phone')).toBe('newPhone');
    expect(fieldOfRefusal('NO_CHANGE', 'phone')).toBe('newPhone');
    expect(fieldOfRefusal('NO_CHANGE', 'type')).toBeNull();
    expect(fieldOfRefusal('PENDING_APPROVALS', 'phone')).toBeNull();
  });
});

const page = (rows = 0): MigrationHistoryPage => ({ rows: [], total: rows, page: 1, pageSize: 10 });

function start(options: {
  find?: () => Promise<MigrationWallet>;
  migrate?: (b: MigrationBody) => Promise<MigrationResult>;
}) {
  const history = vi.fn(async (_: { number: string | null }) => page());
  const sent: MigrationBody[] = [];
  const actor = createActor(
    migrationMachine.provide({
      actors: {
        findWallet: fromPromise(async () => (options.find ? options.find() : wallet())),
        migrateWallet: fromPromise(async ({ input }) => {
          sent.push(input);
          if (options.migrate) return options.migrate(input);
          return {
            migration: {
              id: 1,
              number: input.number,
              name: 'Awa Ndiaye',
              kind: input.kind,
              fromValue: '+221 78 211 00 03',
              toValue: input.kind === 'phone' ? input.newPhone : 'merchant',
              reason: input.reason,
              by: 'Support',
              createdAt: '2026-11-22T09:00:00.000Z',
              status: 'pending' as const,
              decidedBy: null,
              decidedAt: null,
              decisionReason: null,
              canDecide: false,
            },
            wallet: wallet({ phone: input.kind === 'phone' ? input.newPhone : '+221 78 211 00 03' }),
          };
        }),
        listHistory: fromPromise(async ({ input }) => history(input)),
      },
    }),
  ).start();
  return { actor, history, sent };
}

describe('the migration machine', () => {
  it('finds, reviews, confirms and shows the result, reloading the wallet’s history', async () => {
    const { actor, history, sent } = start({});
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(history).toHaveBeenLastCalledWith({ number: null, page: 1, pageSize: 10 });

    actor.send({ type: 'wallet.find', term: 'hello' });
    expect(actor.getSnapshot().context.termInvalid).toBe(true);
    actor.send({ type: 'wallet.find', term: ' 78 211 00 03 ' });
    await waitFor(actor, (s) => s.hasTag('form'));
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(history).toHaveBeenLastCalledWith({ number: 'CUS-000003', page: 1, pageSize: 10 });

    actor.send({ type: 'migration.review' });
    expect(actor.getSnapshot().context.errors).toEqual({ newPhone: 'newPhone', reason: 'reason' });
    actor.send({ type: 'field.change', name: 'newPhone', value: '70 123 45 67' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: 'reason' });
    actor.send({ type: 'field.change', name: 'reason', value: 'Lost the SIM card' });
    actor.send({ type: 'migration.review' });
    expect(actor.getSnapshot().hasTag('review')).toBe(true);
    expect(sent).toEqual([]);

    actor.send({ type: 'migration.confirm' });
    await waitFor(actor, (s) => s.hasTag('done'));
    expect(sent).toEqual([
      { kind: 'phone', number: 'CUS-000003', newPhone: '+221 70 123 45 67', reason: 'Lost the SIM card' },
    ]);
    expect(actor.getSnapshot().context.wallet?.phone).toBe('+221 70 123 45 67');
    expect(history).toHaveBeenCalledTimes(3);

    actor.send({ type: 'migration.another' });
    expect(actor.getSnapshot().hasTag('find')).toBe(true);
    expect(actor.getSnapshot().context.wallet).toBeNull();
  });

  it('shows a decision taken on the page: the wallet in view takes its new phone, the history reloads', async () => {
    const { actor, history } = start({});
    actor.send({ type: 'wallet.find', term: 'CUS-000003' });
    await waitFor(actor, (s) => s.hasTag('form') && s.matches({ history: 'ready' }));
    const calls = history.mock.calls.length;

    actor.send({ type: 'wallet.decided', wallet: { ...wallet(), number: 'CUS-000009', phone: '+221 70 999 99 99' } });
    await waitFor(actor, (s) => s.matches({ history: 'ready' }) && history.mock.calls.length === calls + 1);
    expect(actor.getSnapshot().context.wallet?.number).toBe('CUS-000003');

    actor.send({ type: 'wallet.decided', wallet: { ...wallet(), phone: '+221 70 123 45 67' } });
    await waitFor(actor, (s) => s.matches({ history: 'ready' }) && history.mock.calls.length === calls + 2);
    expect(actor.getSnapshot().context.wallet?.phone).toBe('+221 70 123 45 67');
    expect(actor.getSnapshot().hasTag('form')).toBe(true);
  });

  it('brings a phone another account uses back to the field, and other refusals to the review', async () => {
    let code = 'DUPLICATE_PHONE';
    const { actor } = start({
      migrate: async () => {
        throw new ApiRequestError(`refused ${code}`, 409, code, false);
      },
    });
    actor.send({ type: 'wallet.find', term: 'CUS-000003' });
    await waitFor(actor, (s) => s.hasTag('form'));
    actor.send({ type: 'field.change', name: 'newPhone', value: '70 123 45 67' });
    actor.send({ type: 'field.change', name: 'reason', value: 'Lost the SIM card' });
    actor.send({ type: 'migration.review' });
    actor.send({ type: 'migration.confirm' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(actor.getSnapshot().context.fieldRefusal).toEqual({ field: 'newPhone', message: 'refused DUPLICATE_PHONE' });
    actor.send({ type: 'field.change', name: 'newPhone', value: '70 123 45 68' });
    expect(actor.getSnapshot().context.fieldRefusal).toBeNull();

    code = 'PENDING_APPROVALS';
    actor.send({ type: 'migration.review' });
    actor.send({ type: 'migration.confirm' });
    await waitFor(actor, (s) => s.hasTag('review') && !s.hasTag('busy'));
    expect(actor.getSnapshot().context.failure?.code).toBe('PENDING_APPROVALS');
  });

  it('offers the type change only when nothing blocks it', async () => {
    const { actor } = start({
      find: async () =>
        wallet({ typeBlockers: [{ code: 'STUDENT_WALLET', message: 'A student wallet cannot become a merchant.' }] }),
    });
    actor.send({ type: 'wallet.find', term: 'CUS-000003' });
    await waitFor(actor, (s) => s.hasTag('form'));
    actor.send({ type: 'kind.change', kind: 'type' });
    expect(actor.getSnapshot().context.values.kind).toBe('phone');
  });

  it('keeps the search when no wallet is found', async () => {
    const { actor } = start({
      find: async () => {
        throw new ApiRequestError('No wallet', 404, 'WALLET_NOT_FOUND', false);
      },
    });
    actor.send({ type: 'wallet.find', term: 'CUS-999999' });
    await waitFor(actor, (s) => s.hasTag('find') && !s.hasTag('busy'));
    expect(actor.getSnapshot().context).toMatchObject({ term: 'CUS-999999', failure: { code: 'WALLET_NOT_FOUND' } });
  });
});
