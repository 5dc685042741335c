import { assign, fromPromise, setup } from 'xstate';
import type { MemberDetails } from '../../contract/api/members';

export type MembersEvent = { type: 'members.load'; brokerId: number } | { type: 'members.reset' };

/**
 * The associated-members load (docs/product.md): loading while the call is in flight;
 * success stores the list and selects the last member; a failure only ends the loading.
 */
export const associatedMembersMachine = setup({
  types: {
    context: {} as { members: MemberDetails[]; brokerId: number | null },
    events: {} as MembersEvent,
  },
  actors: {
    fetchMembers: fromPromise<MemberDetails[], { brokerId: number }>(async () => []),
  },
  actions: {
    storeMembers: (_, _params: { members: MemberDetails[] }) => {},
  },
  guards: {
    /**
     * Whether `brokerId` is still the signed-in user. A load can be requested by a render that
     * React commits after a logout, and a late answer must never write a gone session's members.
     */
    isCurrentBroker: (_, _params: { brokerId: number | null }) => true,
  },
}).createMachine({
  id: 'associatedMembers',
  initial: 'idle',
  context: { members: [], brokerId: null },
  on: {
    'members.reset': { target: '.idle', actions: assign({ members: [], brokerId: null }) },
  },
  states: {
    idle: {
      on: {
        'members.load': {
          guard: { type: 'isCurrentBroker', params: ({ event }) => ({ brokerId: event.brokerId }) },
          target: 'loading',
          actions: assign({ brokerId: ({ event }) => event.brokerId }),
        },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchMembers',
        input: ({ context }) => ({ brokerId: context.brokerId ?? 0 }),
        onDone: [
          {
            guard: { type: 'isCurrentBroker', params: ({ context }) => ({ brokerId: context.brokerId }) },
            target: 'loaded',
            actions: [
              assign({ members: ({ event }) => event.output }),
              { type: 'storeMembers', params: ({ event }) => ({ members: event.output }) },
            ],
          },
          { target: 'idle', actions: assign({ members: [], brokerId: null }) },
        ],
        onError: { target: 'failed' },
      },
    },
    loaded: { tags: ['settled'] },
    failed: { tags: ['settled'] },
  },
});

export type MembersSnapshot = ReturnType<(typeof associatedMembersMachine)['getInitialSnapshot']>;
export const selectMembers = (s: MembersSnapshot) => s.context.members;
export const selectMembersLoading = (s: MembersSnapshot) => s.hasTag('loading');
export const selectMembersSettled = (s: MembersSnapshot) => s.hasTag('settled');
