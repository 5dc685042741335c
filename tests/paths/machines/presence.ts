/**
 * The graph of the presence machine (src/machines/presence.ts): a KYC reviewer opens a case,
 * stays on it past a refresh, then goes back to the list or signs out. What the machine says is
 * what the server hears (PUT and DELETE presence/{kind}/{id}); the runner counts those.
 */
import { presenceMachine } from '../../../src/machines/presence';
import type { MachineGraph } from '../graph-adapter';

/** The pending customer of the fake KYC server the reviewer opens. */
export const PRESENCE_CASE = { number: 'CUS-000001', name: 'Aminata Diallo' };

export const presenceGraph: MachineGraph<typeof presenceMachine> = {
  id: 'presence',
  machine: presenceMachine,
  guardsBothWays: true,
  variants: () => ({
    'presence.open': [{ label: 'a KYC case', kind: 'kyc', id: PRESENCE_CASE.number }],
    'presence.close': [{ label: 'back to the list', kind: 'kyc', id: PRESENCE_CASE.number }],
    'presence.leave': [{ label: 'sign out' }],
  }),
};
