import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { KycDecisionRequest } from '../../../contract/kyc';
import { REASON_MIN } from '../../../contract/reasons';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { ApiRequestError } from '../../api/client';
import { reasonProblemOf, reviewMachine } from './review-machine';

function detail(
  permissions: KycAccountDetail['permissions'],
  kycStatus: KycAccountDetail['account']['kycStatus'] = 'pending',
) {
  return { account: { number: 'CUS-000001', kycStatus }, permissions, decisions: [] } as unknown as KycAccountDetail;
}

function start(options: {
  permissions?: KycAccountDetail['permissions'];
  decide?: (body: KycDecisionRequest) => Promise<KycAccountDetail>;
}) {
  const announceDecision = vi.fn();
  const listChanged = vi.fn();
  const openNext = vi.fn();
  const decided: KycDecisionRequest[] = [];
  const actor = createActor(
    reviewMachine.provide({
      actors: {
        loadAccount: fromPromise(async () =>
          detail(options.permissions ?? { canDecide: true, canApprove: true, canUpload: false }),
        ),
        decide: fromPromise(async ({ input }) => {
          decided.push(input.body);
          return options.decide
            ? options.decide(input.body)
            : detail({ canDecide: false, canApprove: false, canUpload: false }, 'rejected');
        }),
      },
      actions: { announceDecision, listChanged, openNext: (_, params) => openNext(params) },
    }),
    { input: { number: 'CUS-000001' } },
  ).start();
  return { actor, announceDecision, listChanged, openNext, decided };
}

describe('reasonProblemOf (the contract’s rule)', () => {
  it(`needs ${REASON_MIN} characters to reject or ask for documents, nothing to approve, and at most 500`, () => {
    expect(reasonProblemOf('reject', '  ')).toBe('short');
    expect(reasonProblemOf('reject', 'x'.repeat(REASON_MIN - 1))).toBe('short');
    expect(reasonProblemOf('reject', 'x'.repeat(REASON_MIN))).toBeNull();
    expect(reasonProblemOf('more_documents', 'ok')).toBe('short');
    expect(reasonProblemOf('reject', 'Blurred')).toBeNull();
    expect(reasonProblemOf('approve', '')).toBeNull();
    expect(reasonProblemOf('approve', 'ok')).toBe('short');
    expect(reasonProblemOf('reject', 'x'.repeat(501))).toBe('long');
  });
});

describe('review machine', () => {
  it('opens no approval the caller may not give', async () => {
    const { actor } = start({ permissions: { canDecide: true, canApprove: false, canUpload: false } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'decision.start', decision: 'approve' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'decision.start', decision: 'reject' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
  });

  it('keeps the dialog until the reason fits, then decides once, announces and refreshes the list', async () => {
    const { actor, announceDecision, listChanged, decided } = start({});
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'decision.start', decision: 'reject' });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().context.reasonProblem).toBe('short');
    expect(decided).toEqual([]);
    actor.send({ type: 'reason.change', reason: ' Blurred selfie ' });
    expect(actor.getSnapshot().context.reasonProblem).toBeNull();
    actor.send({ type: 'decision.confirm' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(decided).toEqual([{ decision: 'reject', reason: 'Blurred selfie' }]);
    expect(announceDecision).toHaveBeenCalledTimes(1);
    expect(listChanged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.detail?.account.kycStatus).toBe('rejected');
  });

  it('returns to the open dialog with the server’s refusal', async () => {
    const { actor, listChanged } = start({
      decide: async () => {
        throw new ApiRequestError('A required document is not on file.', 409, 'DOCUMENTS_MISSING', false);
      },
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'decision.start', decision: 'approve' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'confirming' }) && s.context.decisionFailure !== null);
    expect(actor.getSnapshot().context.decisionFailure?.code).toBe('DOCUMENTS_MISSING');
    expect(listChanged).not.toHaveBeenCalled();
  });

  it('approve and next: once approved (never before), goes on past this account', async () => {
    const approved = () =>
      Promise.resolve(detail({ canDecide: true, canApprove: false, canUpload: false }, 'approved'));
    const { actor, openNext, decided, announceDecision } = start({ decide: approved });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'decision.start', decision: 'approve', andNext: true });
    expect(openNext).not.toHaveBeenCalled();
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, () => openNext.mock.calls.length > 0);
    expect(decided).toEqual([{ decision: 'approve' }]);
    expect(openNext).toHaveBeenCalledWith({ after: 'CUS-000001' });
    expect(announceDecision).toHaveBeenCalledOnce();
  });

  it('a plain approval, or a rejection, stays on the account', async () => {
    const { actor, openNext } = start({});
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'decision.start', decision: 'reject', andNext: true });
    actor.send({ type: 'reason.change', reason: 'The card has expired.' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.detail?.account.kycStatus === 'rejected');
    expect(openNext).not.toHaveBeenCalled();
  });
});
