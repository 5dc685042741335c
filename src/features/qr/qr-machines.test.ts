import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { QrCodeView, QrMerchant } from '../../../contract/api/qr-codes';
import { ApiRequestError } from '../../api/client';
import { generateMachine, parseQrAmount, unpayableReason } from './generate-machine';
import { readQrSearch, unlinkMachine } from './unlink-machine';

const merchant = (over: Partial<QrMerchant> = {}): QrMerchant => ({
  number: 'MRC-00005',
  name: 'Boutique Ndiaye 5',
  phone: '+221 76 105 12 34',
  city: 'Thiès',
  status: 'active',
  kycStatus: 'approved',
  mcc: '5411',
  ...over,
});

const qr = (over: Partial<QrCodeView> = {}): QrCodeView => ({
  code: 'QR7K2M9XQ4AB',
  status: 'linked',
  payload: '000201…',
  amount: null,
  merchant: merchant(),
  createdAt: '2026-11-22T09:00:00.000Z',
  createdBy: 'Awa Ndiaye',
  unlinkedAt: null,
  unlinkedBy: null,
  unlinkReason: null,
  ...over,
});

describe('QR rules', () => {
  it('reads amounts as whole XOF, empty meaning none', () => {
    expect(parseQrAmount('')).toEqual({ amount: null });
    expect(parseQrAmount(' 15 000 ')).toEqual({ amount: 15000 });
    expect(parseQrAmount('0')).toEqual({ error: 'amount' });
    expect(parseQrAmount('12.5')).toEqual({ error: 'amount' });
    expect(parseQrAmount('50000001')).toEqual({ error: 'amount' });
  });

  it('says why a merchant cannot be paid by QR, as the API refuses it', () => {
    expect(unpayableReason(merchant())).toBeNull();
    expect(unpayableReason(merchant({ status: 'blocked' }))).toEqual({ kind: 'status', status: 'blocked' });
    expect(unpayableReason(merchant({ kycStatus: 'pending' }))).toEqual({ kind: 'kyc' });
  });

  it('looks a whole code up as a code, anything else as a merchant', () => {
    expect(readQrSearch(' qr7k-2m9x-q4ab ', 'all')).toEqual({ code: 'QR7K2M9XQ4AB', status: 'all' });
    expect(readQrSearch('MRC-00005', 'linked')).toEqual({ merchant: 'MRC-00005', status: 'linked' });
    expect(readQrSearch('a', 'linked')).toBeNull();
  });
});

describe('generate machine', () => {
  function start(generate: (input: { merchant: string; amount?: number | null }) => Promise<QrCodeView>) {
    const announce = vi.fn();
    const printSheet = vi.fn();
    const downloads: string[] = [];
    const actor = createActor(
      generateMachine.provide({
        actors: {
          searchMerchants: fromPromise(async ({ input }) =>
            input.q === 'many' ? [merchant(), merchant({ number: 'MRC-00006', kycStatus: 'pending' })] : [merchant()],
          ),
          generateQr: fromPromise(({ input }) => generate(input)),
          loadPreview: fromPromise(async () => new Blob(['<svg/>'], { type: 'image/svg+xml' })),
          downloadImage: fromPromise(async ({ input }) => {
            downloads.push(`${input.code}.${input.format}`);
          }),
        },
        actions: { announce: (_, params) => announce(params), printSheet },
      }),
    ).start();
    return { actor, announce, printSheet, downloads };
  }

  it('needs a merchant and a valid amount, then generates, previews, downloads and prints', async () => {
    const sent: unknown[] = [];
    const { actor, announce, printSheet, downloads } = start(async (input) => {
      sent.push(input);
      return qr({ amount: input.amount ?? null });
    });
    actor.send({ type: 'qr.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ merchant: 'merchant' });
    actor.send({ type: 'merchant.search' });
    expect(actor.getSnapshot().context.errors.query).toBe('query');
    actor.send({ type: 'query.change', value: 'many' });
    actor.send({ type: 'merchant.search' });
    await waitFor(actor, (s) => s.context.merchants !== null);
    // Two matches: the user picks.
    expect(actor.getSnapshot().context.merchant).toBeNull();
    actor.send({ type: 'merchant.choose', number: 'MRC-00005' });
    actor.send({ type: 'amount.change', value: 'abc' });
    actor.send({ type: 'qr.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ amount: 'amount' });
    actor.send({ type: 'amount.change', value: '2 500' });
    actor.send({ type: 'qr.submit' });
    await waitFor(actor, (s) => s.hasTag('generated') && s.context.preview !== null);
    expect(sent).toEqual([{ merchant: 'MRC-00005', amount: 2500 }]);
    expect(announce).toHaveBeenCalledWith({ qr: expect.objectContaining({ code: 'QR7K2M9XQ4AB', amount: 2500 }) });
    actor.send({ type: 'qr.download', format: 'png' });
    await waitFor(actor, (s) => !s.hasTag('downloading'));
    expect(downloads).toEqual(['QR7K2M9XQ4AB.png']);
    actor.send({ type: 'qr.print' });
    expect(printSheet).toHaveBeenCalledTimes(1);
    actor.send({ type: 'qr.new' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.merchant).toBeNull();
  });

  it('chooses a single payable match itself and shows a refusal above the form', async () => {
    const { actor } = start(async () => {
      throw new ApiRequestError(
        'The merchant MRC-00005 is not KYC-approved yet.',
        409,
        'MERCHANT_KYC_NOT_APPROVED',
        false,
      );
    });
    actor.send({ type: 'query.change', value: 'MRC-00005' });
    actor.send({ type: 'merchant.search' });
    await waitFor(actor, (s) => s.context.merchant !== null);
    actor.send({ type: 'qr.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.failure?.code).toBe('MERCHANT_KYC_NOT_APPROVED');
  });
});

describe('unlink machine', () => {
  it('finds, asks for a reason, unlinks and shows the code unlinked in place', async () => {
    const announce = vi.fn();
    const unlinked: unknown[] = [];
    const actor = createActor(
      unlinkMachine.provide({
        actors: {
          findCodes: fromPromise(async () => ({
            rows: [qr(), qr({ code: 'QR000000000A', status: 'unlinked' })],
            total: 2,
            page: 1,
            pageSize: 100,
          })),
          unlinkCode: fromPromise(async ({ input }) => {
            unlinked.push(input);
            return qr({
              status: 'unlinked',
              unlinkReason: input.reason,
              unlinkedBy: 'Awa Ndiaye',
              unlinkedAt: '2026-11-22T10:00:00.000Z',
            });
          }),
        },
        actions: { announce: (_, params) => announce(params) },
      }),
    ).start();
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.queryError).toBe(true);
    actor.send({ type: 'query.change', value: 'MRC-00005' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.context.result !== null);
    // An unlinked code cannot be unlinked again.
    actor.send({ type: 'unlink.start', code: 'QR000000000A' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(false);
    actor.send({ type: 'unlink.start', code: 'QR7K2M9XQ4AB' });
    actor.send({ type: 'unlink.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe(true);
    actor.send({ type: 'reason.change', value: '  Sticker stolen  ' });
    expect(actor.getSnapshot().context.reasonError).toBe(false);
    actor.send({ type: 'unlink.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(unlinked).toEqual([{ code: 'QR7K2M9XQ4AB', reason: 'Sticker stolen' }]);
    expect(announce).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.result?.rows.map((r) => r.status)).toEqual(['unlinked', 'unlinked']);
  });
});
