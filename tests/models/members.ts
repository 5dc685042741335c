/**
 * Test model of the AFTU master's associated members, written from SPEC.md §2, §3, §4, §7 and
 * §8 (not from src/machines/associated-members.ts):
 * - when the side menu loads, `GET members/merchant-partner/associated-members?brokerId=<profile id>`
 *   is called and a loading state runs while it is in flight;
 * - on success the menu holds one section per member (report and balance links), the list is
 *   stored (`associatedMemberDetails`) and the last member is selected (`selectedMemberId`,
 *   `selectedMemberDetails`);
 * - on failure only the loading ends: no member sections, nothing stored, no crash;
 * - every load of the side menu (a reload of the app) calls it again.
 */
import { setup } from 'xstate';

export type MembersFailure = 'server-error' | 'forbidden' | 'network';
export const MEMBERS_FAILURES: readonly MembersFailure[] = ['server-error', 'forbidden', 'network'];

export type MembersModelEvent =
  | { type: 'shell.open' }
  | { type: 'call.succeeds' }
  | { type: 'call.fails'; failure: MembersFailure }
  | { type: 'app.reload' };

/** Concrete events the paths use: one failure of each kind. */
export const MEMBERS_MODEL_EVENTS: readonly MembersModelEvent[] = [
  { type: 'shell.open' },
  { type: 'call.succeeds' },
  ...MEMBERS_FAILURES.map((failure): MembersModelEvent => ({ type: 'call.fails', failure })),
  { type: 'app.reload' },
];

export const membersModel = setup({ types: { events: {} as MembersModelEvent } }).createMachine({
  id: 'membersModel',
  initial: 'notLoaded',
  states: {
    notLoaded: { on: { 'shell.open': 'loading' } },
    loading: { on: { 'call.succeeds': 'loaded', 'call.fails': 'failed' } },
    loaded: { on: { 'app.reload': 'loading' } },
    failed: { on: { 'app.reload': 'loading' } },
  },
});

export type MembersModelState = 'notLoaded' | 'loading' | 'loaded' | 'failed';
