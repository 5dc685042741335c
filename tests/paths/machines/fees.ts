/**
 * The graphs of /fees: one flow's bands (fees), the transfer limits (limits) and the preview of
 * one amount's fee (feePreview), each its own machine on the one page. What each step means on
 * screen is in the step tables (tests/paths/steps/fees.ts, limits.ts, fee-preview.ts).
 */
import type { FeeBandBody } from '../../../contract/fees';
import type { FeeScheduleView, FeesOverview, PendingFeeChange } from '../../../contract/api/fees';
import type { LimitsView } from '../../../contract/api/limits';
import { ApiRequestError } from '../../../src/api/client';
import { checkBands } from '../../../src/features/fees/band-form';
import { feePreviewMachine } from '../../../src/features/fees/fee-preview-machine';
import { feesMachine } from '../../../src/features/fees/fees-machine';
import { limitsMachine } from '../../../src/features/fees/limits-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number, code: string) => new ApiRequestError(code, status, code, false);
const NO_ANSWER = new TypeError('Failed to fetch');

/** The one band of each flow the page lists. */
export const FEE_BAND: FeeBandBody = {
  minAmount: 100,
  maxAmount: 2_000_000,
  fixedFee: 0,
  percentFeeBp: 100,
  minFee: 100,
  maxFee: 5_000,
  commissionShareBp: 4_000,
  commissionRateBp: 0,
};
const schedule = (id: number, flowId: FeeScheduleView['flowId']): FeeScheduleView => ({
  id,
  flowId,
  effectiveFrom: '2026-01-05T09:00:00.000Z',
  effectiveTo: null,
  requestedBy: null,
  approvedBy: null,
  bands: [FEE_BAND],
});
const pending = (id: number, flowId: PendingFeeChange['flowId'], mine: boolean): PendingFeeChange => ({
  id,
  flowId,
  requestedBy: mine ? 'Awa Ndiaye' : 'Moussa Sarr',
  requestedAt: '2026-11-20T09:00:00.000Z',
  mine,
  bands: [FEE_BAND],
});

/**
 * The schedules the page lists: cash-out, which the admin may change, and agent cash-in, whose
 * change another administrator asked for (its button is disabled). Once the admin's own change
 * of cash-out is asked, cash-out waits too.
 */
export const FEES_SERVED = {
  schedules: [schedule(1, 'cash-out'), schedule(2, 'agent-cash-in')],
  theirs: pending(5, 'agent-cash-in', false),
  mine: pending(7, 'cash-out', true),
};
const overview = (...waiting: PendingFeeChange[]): FeesOverview => ({
  schedules: FEES_SERVED.schedules,
  pending: waiting,
});

/** What the admin types in the first band's fixed fee: a fee, or one the page refuses. */
export const FEE_TYPED = { 'a fee': '50', 'not a fee': 'fifty' } as const;

export const feesGraph: MachineGraph<typeof feesMachine> = {
  id: 'fees',
  machine: feesMachine,
  guardsBothWays: true,
  // Whether the bands can be sent, and whether the dialog shows why not.
  context: (c) => ({ valid: checkBands(c.values).bands !== null, refused: Object.keys(c.errors).length > 0 }),
  filter: (snapshot, name, event) => {
    const { values, errors } = snapshot.context;
    const refused = Object.keys(errors).length > 0;
    const asOpened = values.length === 1 && values[0]?.fixedFee === String(FEE_BAND.fixedFee);
    // Cancel is disabled, and Escape ignored, while the change is on its way.
    if (name === 'form.cancel') return !snapshot.hasTag('busy') && !refused;
    // A band is added to the bands as opened; "Remove band" is shown only with more than one.
    if (name === 'band.add') return asOpened;
    if (name === 'band.remove') return values.length > 1;
    // A fee is typed over the one in force; one the page refused is then put right.
    if (name === 'band.change') {
      if (asOpened) return true;
      return refused && (event as { value?: string }).value === FEE_TYPED['a fee'];
    }
    // Once refused, the bands are put right rather than sent again as they are.
    if (name === 'form.submit') return !refused;
    return true;
  },
  variants: (snapshot) => ({
    // The page loads again after a change is asked for: it then waits too.
    'loadFees.done': [
      snapshot.context.overview.schedules.length === 0
        ? { label: 'schedules', output: { overview: overview(FEES_SERVED.theirs), history: FEES_SERVED.schedules } }
        : {
            label: 'my change waiting',
            output: { overview: overview(FEES_SERVED.theirs, FEES_SERVED.mine), history: FEES_SERVED.schedules },
          },
    ],
    'loadFees.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
    'schedule.edit': [
      { label: 'cash-out', flowId: 'cash-out' },
      { label: 'a flow whose change waits', flowId: 'agent-cash-in' },
    ],
    'band.change': Object.entries(FEE_TYPED).map(([label, value]) => ({ label, index: 0, field: 'fixedFee', value })),
    'band.add': [{ label: 'a band' }],
    'band.remove': [{ label: 'the last', index: snapshot.context.values.length - 1 }],
    'submitChange.done': [{ label: 'asked', output: { changeRequestId: 7 } }],
    'submitChange.error': [
      { label: 'refused', error: apiError(409, 'CHANGE_PENDING') },
      { label: 'no answer', error: NO_ANSWER },
    ],
  }),
};

/** The limits in force, as the server was started with them. */
export const LIMITS_SERVED: Omit<LimitsView, 'pending'> = {
  approvalThreshold: 500_000,
  customerDailyLimit: 2_000_000,
  maxTransfer: 50_000_000,
  effectiveFrom: null,
};

/**
 * What the admin types as the largest transfer: a limit, none, or one below the approval
 * threshold (the page refuses the threshold then).
 */
export const LIMIT_TYPED = { 'a limit': '60000000', zero: '0', 'below the threshold': '400000' } as const;

export const limitsGraph: MachineGraph<typeof limitsMachine> = {
  id: 'limits',
  machine: limitsMachine,
  guardsBothWays: true,
  // Whether a change waits (Change is disabled then), and what the page says of the limits typed.
  context: (c) => ({
    waiting: c.limits?.pending != null,
    typed: c.values.maxTransfer === LIMIT_TYPED['a limit'] ? String(LIMITS_SERVED.maxTransfer) : c.values.maxTransfer,
    refused: Object.keys(c.errors).length > 0,
  }),
  filter: (snapshot, name, event) => {
    const typed = snapshot.context.values.maxTransfer;
    // Cancel is disabled, and Escape ignored, while the change is on its way; the graph cancels
    // only a form typed in, so that opening it again shows the limits in force.
    if (name === 'form.cancel') return !snapshot.hasTag('busy') && typed === LIMIT_TYPED['a limit'];
    // Once refused, the form is put right rather than sent again as it is.
    if (name === 'form.submit') return Object.keys(snapshot.context.errors).length === 0;
    // Each value is typed over the limits in force; one the page refused is then put right.
    if (name === 'limit.change') {
      const value = (event as { value?: string }).value;
      if (typed === String(LIMITS_SERVED.maxTransfer)) return true;
      return Object.keys(snapshot.context.errors).length > 0 && value === LIMIT_TYPED['a limit'];
    }
    return true;
  },
  variants: (snapshot) => ({
    // The page loads again after a change is asked for: it then waits.
    'loadLimits.done': [
      snapshot.context.limits === null
        ? { label: 'in force', output: { ...LIMITS_SERVED, pending: null } }
        : { label: 'my change waiting', output: { ...LIMITS_SERVED, pending: { id: 8, mine: true } } },
    ],
    'loadLimits.error': [{ label: 'server error', error: apiError(500, 'INTERNAL_ERROR') }],
    'limits.edit': [{ label: 'change' }],
    'limit.change': Object.entries(LIMIT_TYPED).map(([label, value]) => ({ label, field: 'maxTransfer', value })),
    'submitLimits.done': [{ label: 'asked', output: { changeRequestId: 8 } }],
    'submitLimits.error': [
      { label: 'refused', error: apiError(409, 'CHANGE_PENDING') },
      { label: 'no answer', error: NO_ANSWER },
    ],
  }),
};

/** What is typed in the preview: an amount, or one the page does not ask about. */
export const PREVIEW_TYPED = { 'an amount': '20000', 'not an amount': '12.5' } as const;
/** The transfer the preview opens on, and the one the user then chooses. */
export const PREVIEW_FLOWS = { first: 'cash-out', chosen: 'agent-cash-in' } as const;

export const feePreviewGraph: MachineGraph<typeof feePreviewMachine> = {
  id: 'feePreview',
  machine: feePreviewMachine,
  input: { flowId: PREVIEW_FLOWS.first },
  guardsBothWays: true,
  // Choosing the transfer already chosen changes nothing on the page.
  filter: (snapshot, name, event) =>
    !(name === 'preview.flow' && (event as { flowId?: string }).flowId === snapshot.context.flowId),
  variants: (snapshot) => ({
    'preview.flow': [{ label: 'another transfer', flowId: PREVIEW_FLOWS.chosen }],
    'preview.amount': Object.entries(PREVIEW_TYPED).map(([label, amount]) => ({ label, amount })),
    'previewFee.done': [
      {
        label: 'figures',
        output: { flowId: snapshot.context.flowId, amount: 20_000, fee: 200, commission: 80, total: 20_200 },
      },
    ],
    'previewFee.error': [{ label: 'out of range', error: apiError(422, 'AMOUNT_OUT_OF_RANGE') }],
  }),
};
