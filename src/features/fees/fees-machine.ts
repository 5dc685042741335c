import { assign, type SnapshotFrom, setup } from 'xstate';
import type { FeeBandBody } from '../../../contract/fees';
import type { FeeScheduleView, FeesOverview } from '../../../contract/api/fees';
import type { TransferFlowId } from '../../../contract/transfers';
import { notProvided } from '../../machines/not-provided';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { errorMessage } from '../../ui/list/report-machine';
import { type BandErrors, type BandField, type BandValues, checkBands, nextBand, valuesOf } from './band-form';

/**
 * /fees: the schedules in force, the changes waiting, the history; over them, one flow's bands
 * in a dialog (editing → submitting), sent as a change request a second administrator decides.
 * Effects are named actors the page provides: loadFees, loadHistory, submitChange; and the
 * action `announce` for the confirmation toast.
 */
export type FeesEvent =
  | { type: 'fees.retry' }
  | { type: 'schedule.edit'; flowId: TransferFlowId }
  | { type: 'band.change'; index: number; field: BandField; value: string }
  | { type: 'band.add' }
  | { type: 'band.remove'; index: number }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

export interface FeesContext {
  overview: FeesOverview;
  history: FeeScheduleView[];
  loadError: string | null;
  flowId: TransferFlowId | null;
  values: readonly BandValues[];
  errors: BandErrors;
  failure: RequestFailure | null;
}

const closedForm: Pick<FeesContext, 'flowId' | 'values' | 'errors' | 'failure'> = {
  flowId: null,
  values: [],
  errors: {},
  failure: null,
};

export const feesMachine = setup({
  types: {
    context: {} as FeesContext,
    events: {} as FeesEvent,
  },
  actors: {
    loadFees: notProvided<{ overview: FeesOverview; history: FeeScheduleView[] }>('loadFees'),
    submitChange: notProvided<{ changeRequestId: number }, { flowId: TransferFlowId; bands: FeeBandBody[] }>(
      'submitChange',
    ),
  },
  actions: {
    announce: (_, _params: { flowId: TransferFlowId }) => {},
  },
  guards: {
    isValid: ({ context }) => checkBands(context.values).bands !== null,
    isEditable: ({ context }, params: { flowId: TransferFlowId }) =>
      context.overview.schedules.some((s) => s.flowId === params.flowId) &&
      !context.overview.pending.some((p) => p.flowId === params.flowId),
  },
}).createMachine({
  id: 'fees',
  initial: 'loading',
  context: {
    overview: { schedules: [], pending: [] },
    history: [],
    loadError: null,
    ...closedForm,
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        src: 'loadFees',
        onDone: {
          target: 'ready',
          actions: assign({
            overview: ({ event }) => event.output.overview,
            history: ({ event }) => event.output.history,
          }),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'fees.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'schedule.edit': {
              guard: { type: 'isEditable', params: ({ event }) => ({ flowId: event.flowId }) },
              target: 'form',
              actions: assign(({ context, event }) => ({
                ...closedForm,
                flowId: event.flowId,
                values: (context.overview.schedules.find((s) => s.flowId === event.flowId)?.bands ?? []).map(valuesOf),
              })),
            },
          },
        },
        form: {
          tags: ['form'],
          initial: 'editing',
          on: { 'form.cancel': { target: 'idle', actions: assign(closedForm) } },
          states: {
            editing: {
              on: {
                'band.change': {
                  actions: assign(({ context, event }) => {
                    const values = context.values.map((v, i) =>
                      i === event.index ? { ...v, [event.field]: event.value } : v,
                    );
                    // Shown errors follow the values; none appears while typing a clean form.
                    return { values, errors: Object.keys(context.errors).length ? checkBands(values).errors : {} };
                  }),
                },
                'band.add': {
                  actions: assign({ values: ({ context }) => [...context.values, nextBand(context.values)] }),
                },
                'band.remove': {
                  actions: assign({
                    values: ({ context, event }) => context.values.filter((_, i) => i !== event.index),
                  }),
                },
                'form.submit': [
                  { guard: 'isValid', target: 'submitting' },
                  { actions: assign({ errors: ({ context }) => checkBands(context.values).errors }) },
                ],
              },
            },
            submitting: {
              tags: ['busy'],
              entry: assign({ failure: null, errors: {} }),
              invoke: {
                src: 'submitChange',
                input: ({ context }) => ({
                  flowId: context.flowId as TransferFlowId,
                  bands: checkBands(context.values).bands ?? [],
                }),
                onDone: {
                  target: '#fees.loading',
                  actions: [
                    { type: 'announce', params: ({ context }) => ({ flowId: context.flowId as TransferFlowId }) },
                    assign(closedForm),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign({ failure: ({ event }) => describeFailure(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});

type FeesSnapshot = SnapshotFrom<typeof feesMachine>;

export const selectOverview = (s: FeesSnapshot) => s.context.overview;
export const selectHistory = (s: FeesSnapshot) => s.context.history;
export const selectIsLoading = (s: FeesSnapshot) => s.hasTag('loading');
export const selectLoadError = (s: FeesSnapshot) => (s.hasTag('failed') ? s.context.loadError : null);
export const selectFormOpen = (s: FeesSnapshot) => s.hasTag('form');
export const selectEditedFlow = (s: FeesSnapshot) => s.context.flowId;
export const selectValues = (s: FeesSnapshot) => s.context.values;
export const selectErrors = (s: FeesSnapshot) => s.context.errors;
export const selectFailure = (s: FeesSnapshot) => s.context.failure;
export const selectIsBusy = (s: FeesSnapshot) => s.hasTag('busy');
