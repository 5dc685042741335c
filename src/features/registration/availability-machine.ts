import { assign, type SnapshotFrom, setup } from 'xstate';
import type { RegistrationAvailability, TakenBy } from '../../../contract/api/registrations';
import { notProvided } from '../../machines/not-provided';

/** The numbers the API can tell are taken: the phone on the contact step, the national ID on identity. */
export type WatchedField = 'phone' | 'nationalId';

export type AvailabilityEvent = { type: 'number.typed'; field: WatchedField; value: string | null };

interface AvailabilityContext {
  /** The number typed last, in the form the API stores (null while it is not a whole number). */
  asked: { field: WatchedField; value: string } | null;
  /** The API's answer for `asked`, once it came. */
  answer: { field: WatchedField; value: string; by: TakenBy } | null;
}

/**
 * Whether the number being typed is registered already, asked once typing pauses:
 *
 *   idle —number.typed→ waiting —(availabilityDebounce)→ checking → idle
 *
 * Each keystroke starts the wait again, so a number is asked about once, when whole. A failed
 * request says nothing: Next asks again, and the create call is the authority.
 *
 * Effects are provided by the page: the actor `checkAvailability` and the delay `availabilityDebounce`.
 */
export const availabilityMachine = setup({
  types: { context: {} as AvailabilityContext, events: {} as AvailabilityEvent },
  actors: {
    checkAvailability: notProvided<RegistrationAvailability, { phone?: string; nationalId?: string }>(
      'checkAvailability',
    ),
  },
  delays: { availabilityDebounce: 400 },
  guards: {
    isWholeNumber: (_, params: { value: string | null }) => params.value !== null,
  },
}).createMachine({
  id: 'availability',
  initial: 'idle',
  context: { asked: null, answer: null },
  on: {
    'number.typed': [
      {
        guard: { type: 'isWholeNumber', params: ({ event }) => ({ value: event.value }) },
        target: '.waiting',
        reenter: true,
        actions: assign({ asked: ({ event }) => ({ field: event.field, value: event.value as string }) }),
      },
      { target: '.idle', actions: assign({ asked: null }) },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { availabilityDebounce: 'checking' } },
    checking: {
      invoke: {
        src: 'checkAvailability',
        input: ({ context }) => (context.asked ? { [context.asked.field]: context.asked.value } : {}),
        onDone: {
          target: 'idle',
          actions: assign({
            answer: ({ context, event }) => {
              const by = context.asked ? event.output[context.asked.field] : null;
              return context.asked && by ? { ...context.asked, by } : context.answer;
            },
          }),
        },
        onError: 'idle',
      },
    },
  },
});

type AvailabilitySnapshot = SnapshotFrom<typeof availabilityMachine>;

/** The account (or null when the caller may not see it) holding the number now typed, if it is taken. */
export const selectTakenNow =
  (field: WatchedField, value: string | undefined) =>
  (s: AvailabilitySnapshot): { account: string | null } | false => {
    const answer = s.context.answer;
    if (!answer || !value || answer.field !== field || answer.value !== value || !answer.by.taken) return false;
    return { account: answer.by.account };
  };
