import { assign, type SnapshotFrom, setup } from 'xstate';
import type { StudentInput } from '../../../contract/students';
import type { StudentRow } from '../../../contract/api/students';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import {
  EMPTY_STUDENT,
  placeStudentError,
  type StudentErrors,
  type StudentField,
  type StudentValues,
  studentBody,
  validateStudent,
} from './student-form';
import { notProvided } from '../../machines/not-provided';

/**
 * /onboard-student: editing → submitting → done, or back to editing with the server's refusal
 * on its field (a phone already registered, an age out of range) or above the form.
 * Effect provided by the page: `onboardStudent`.
 */
export type OnboardEvent =
  | { type: 'field.change'; name: StudentField; value: string }
  | { type: 'student.submit' }
  | { type: 'student.new' };

export interface OnboardContext {
  today: Date;
  values: StudentValues;
  errors: StudentErrors;
  failure: RequestFailure | null;
  student: StudentRow | null;
}

export const onboardMachine = setup({
  types: {
    context: {} as OnboardContext,
    events: {} as OnboardEvent,
    input: {} as { today: Date },
  },
  actors: {
    onboardStudent: notProvided<StudentRow, StudentInput>('onboardStudent'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateStudent(context.values, context.today)).length === 0,
    namesAField: (_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return !failure.network && placeStudentError(failure.code, failure.message) !== null;
    },
  },
}).createMachine({
  id: 'onboard',
  initial: 'editing',
  context: ({ input }) => ({ today: input.today, values: EMPTY_STUDENT, errors: {}, failure: null, student: null }),
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.name]: event.value };
            if (!(event.name in context.errors)) return { values };
            // A shown error goes once the field is right; none appears while typing.
            const errors = { ...context.errors };
            const now = validateStudent(values, context.today)[event.name];
            if (now) errors[event.name] = now;
            else delete errors[event.name];
            return { values, errors };
          }),
        },
        'student.submit': [
          { guard: 'isValid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => validateStudent(context.values, context.today) }) },
        ],
      },
    },
    submitting: {
      tags: ['form', 'busy'],
      entry: assign({ failure: null, errors: {} }),
      invoke: {
        src: 'onboardStudent',
        input: ({ context }) => studentBody(context.values, context.today),
        onDone: { target: 'done', actions: assign({ student: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'namesAField', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ event }) => {
              const failure = describeFailure(event.error);
              const placed = placeStudentError(failure.code, failure.message);
              return { errors: placed ? { [placed.field]: placed.message } : {} };
            }),
          },
          { target: 'editing', actions: assign({ failure: ({ event }) => describeFailure(event.error) }) },
        ],
      },
    },
    done: {
      tags: ['done'],
      on: {
        'student.new': {
          target: 'editing',
          actions: assign({ values: EMPTY_STUDENT, errors: {}, failure: null, student: null }),
        },
      },
    },
  },
});

export type OnboardSnapshot = SnapshotFrom<typeof onboardMachine>;

export const selectValues = (s: OnboardSnapshot) => s.context.values;
export const selectErrors = (s: OnboardSnapshot) => s.context.errors;
export const selectFailure = (s: OnboardSnapshot) => s.context.failure;
export const selectStudent = (s: OnboardSnapshot) => (s.hasTag('done') ? s.context.student : null);
export const selectIsSubmitting = (s: OnboardSnapshot) => s.hasTag('busy');
