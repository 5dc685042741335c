/**
 * The fees page's API in the fake server (contract/api/fees.ts, limits.ts): the schedules of
 * tests/paths/machines/fees.ts, a preview computed from the amount, and the limits. Asking for a
 * change makes it wait, as the server does, so the page lists it when it loads again.
 */
import type { FeeBandBody } from '../../../contract/fees';
import type { LimitsView } from '../../../contract/api/limits';
import { FEES_SERVED, LIMITS_SERVED } from '../../paths/machines/fees';
import { type FakeApi, success } from './fake-api';

/** The fee the fake server charges: 1 %, at least 100 francs; 40 % of it goes to the agent. */
export const fakeFeeOf = (amount: number) => {
  const fee = Math.max(100, Math.floor(amount / 100));
  return { fee, commission: Math.floor(fee * 0.4), total: amount + fee };
};

export function installFakeFees(api: FakeApi) {
  const pending = [FEES_SERVED.theirs];
  let limits: LimitsView = { ...LIMITS_SERVED, pending: null };
  api.on('GET', 'fees', () => ({ body: success({ schedules: FEES_SERVED.schedules, pending }) }));
  api.on('GET', 'fees/history', () => ({ body: success({ schedules: FEES_SERVED.schedules }) }));
  api.on('POST', 'fees/preview', (call) => {
    const { flowId, amount } = call.body as { flowId: string; amount: number };
    return { body: success({ flowId, amount, ...fakeFeeOf(amount) }) };
  });
  api.on('PUT', 'fees/cash-out', (call) => {
    pending.push({ ...FEES_SERVED.mine, bands: (call.body as { bands: FeeBandBody[] }).bands });
    return { status: 202, body: success({ changeRequestId: FEES_SERVED.mine.id }) };
  });
  api.on('GET', 'settings/limits', () => ({ body: success(limits) }));
  api.on('PUT', 'settings/limits', (call) => {
    limits = {
      ...limits,
      pending: {
        id: 8,
        kind: 'limits.update',
        summary: 'New transfer limits',
        status: 'pending',
        maker: 'Awa Ndiaye',
        mine: true,
        createdAt: '2026-11-20T09:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
        reason: null,
        payload: call.body,
      },
    };
    return { status: 202, body: success({ changeRequestId: 8 }) };
  });
  return {
    /** How many requests the page sent for the fees and the limits, held ones included. */
    sent: async () => api.calls.filter((c) => c.path.startsWith('fees') || c.path === 'settings/limits').length,
    /** The changes the page asked for at `path` (`fees/cash-out`, `settings/limits`): their bodies, oldest first. */
    changesAsked: async (path: string) => api.callsTo(path, 'PUT').map((c) => c.body),
  };
}
