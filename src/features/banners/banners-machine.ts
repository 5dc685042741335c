import { assign, type SnapshotFrom, setup } from 'xstate';
import type { BannerView } from '../../../contract/api/banners';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import {
  type BannerErrors,
  type BannerField,
  type BannerValues,
  type CheckedImage,
  emptyBanner,
  hasErrors,
  imageProblemOf,
  validateBanner,
  valuesOf,
} from './banner-form';
import { notProvided } from '../../machines/not-provided';
import { withFieldChange } from '../../ui/managed-list/field-change';

/**
 * /banner: the list in the wallet app's order, with move up/down, activate/deactivate and
 * delete (after a confirmation); an editor to add or change a banner, whose preview shows the
 * banner as the phone will before anything is saved.
 *
 * loading → ready | failed; ready → acting → ready; ready → confirmingDelete → acting;
 * ready (or still loading) → editing ⇄ previewing → saving → loading; a cancelled editor reloads the list
 * (the preview offers only Back and Save: it is left through the form).
 * Effects provided by the page: `listBanners`, `saveBanner`, `moveBanner`, `setActive`,
 * `deleteBanner`.
 */
export type BannerAction =
  | { kind: 'move'; id: number; direction: 'up' | 'down' }
  | { kind: 'status'; id: number; active: boolean }
  | { kind: 'delete'; id: number };

type BannerNotice = { key: 'created' | 'updated' | 'deleted' | 'activated' | 'deactivated'; title: string };

export interface SaveInput {
  id: number | null;
  values: BannerValues;
  file: File | null;
}

export type BannersEvent =
  | { type: 'list.retry' }
  | { type: 'banner.new'; today: Date }
  | { type: 'banner.edit'; id: number }
  | { type: 'banner.move'; id: number; direction: 'up' | 'down' }
  | { type: 'banner.toggle'; id: number }
  | { type: 'banner.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'field.change'; name: BannerField; value: string }
  | { type: 'active.change'; active: boolean }
  | { type: 'image.pick'; image: CheckedImage }
  | { type: 'editor.preview' }
  | { type: 'editor.back' }
  | { type: 'editor.cancel' }
  | { type: 'editor.save' }
  | { type: 'notice.dismiss' };

export interface BannersContext {
  rows: BannerView[];
  loadFailure: RequestFailure | null;
  /** The banner being edited; null for a new one. */
  editing: BannerView | null;
  values: BannerValues;
  image: CheckedImage | null;
  errors: BannerErrors;
  saveFailure: RequestFailure | null;
  action: BannerAction | null;
  actionFailure: RequestFailure | null;
  confirmDelete: BannerView | null;
  notice: BannerNotice | null;
}

const rowById = (context: BannersContext, id: number) => context.rows.find((r) => r.id === id) ?? null;

const closedEditor = { editing: null, image: null, errors: {}, saveFailure: null };

export const bannersMachine = setup({
  types: {
    context: {} as BannersContext,
    events: {} as BannersEvent,
  },
  actors: {
    listBanners: notProvided<BannerView[]>('listBanners'),
    saveBanner: notProvided<BannerView, SaveInput>('saveBanner'),
    runAction: notProvided<BannerView[], BannerAction>('runAction'),
  },
  actions: {
    openNewBanner: assign(({ event }) => ({
      ...closedEditor,
      values: emptyBanner(event.type === 'banner.new' ? event.today : new Date()),
      notice: null,
      actionFailure: null,
    })),
  },
  guards: {
    exists: ({ context }, params: { id: number }) => rowById(context, params.id) !== null,
    editorValid: ({ context }) => !hasErrors(validateBanner(context.values, context.image, context.editing === null)),
    refusedImage: (_, params: { error: unknown }) => imageProblemOf(describeFailure(params.error).code) !== null,
  },
}).createMachine({
  id: 'banners',
  initial: 'loading',
  context: {
    rows: [],
    loadFailure: null,
    editing: null,
    values: emptyBanner(new Date(0)),
    image: null,
    errors: {},
    saveFailure: null,
    action: null,
    actionFailure: null,
    confirmDelete: null,
    notice: null,
  },
  on: {
    'notice.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    loading: {
      tags: ['list', 'loading'],
      entry: assign({ loadFailure: null }),
      // A new banner needs nothing from the list: the click is not lost while it loads.
      on: { 'banner.new': { target: 'editing', actions: 'openNewBanner' } },
      invoke: {
        src: 'listBanners',
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadFailure: ({ event }) => describeFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['list'],
      on: { 'list.retry': 'loading', 'banner.new': { target: 'editing', actions: 'openNewBanner' } },
    },
    ready: {
      tags: ['list'],
      on: {
        'banner.new': { target: 'editing', actions: 'openNewBanner' },
        'banner.edit': {
          guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
          target: 'editing',
          actions: assign(({ context, event }) => {
            const banner = rowById(context, event.id) as BannerView;
            return { ...closedEditor, editing: banner, values: valuesOf(banner), notice: null, actionFailure: null };
          }),
        },
        'banner.move': {
          guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
          target: 'acting',
          actions: assign(({ event }) => ({
            action: { kind: 'move' as const, id: event.id, direction: event.direction },
            notice: null,
          })),
        },
        'banner.toggle': {
          guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
          target: 'acting',
          actions: assign(({ context, event }) => ({
            action: { kind: 'status' as const, id: event.id, active: !rowById(context, event.id)?.active },
            notice: null,
          })),
        },
        'banner.delete': {
          guard: { type: 'exists', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: assign(({ context, event }) => ({
            confirmDelete: rowById(context, event.id),
            notice: null,
            actionFailure: null,
          })),
        },
      },
    },
    confirmingDelete: {
      tags: ['list', 'dialog'],
      on: {
        'delete.cancel': { target: 'ready', actions: assign({ confirmDelete: null }) },
        'delete.confirm': {
          target: 'acting',
          actions: assign(({ context }) => ({
            action: { kind: 'delete' as const, id: (context.confirmDelete as BannerView).id },
          })),
        },
      },
    },
    acting: {
      tags: ['list', 'busy'],
      entry: assign({ actionFailure: null }),
      invoke: {
        src: 'runAction',
        input: ({ context }) => context.action as BannerAction,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const action = context.action as BannerAction;
            const title = rowById(context, action.id)?.title ?? '';
            const notice: BannerNotice | null =
              action.kind === 'delete'
                ? { key: 'deleted', title }
                : action.kind === 'status'
                  ? { key: action.active ? 'activated' : 'deactivated', title }
                  : null;
            return { rows: event.output, action: null, confirmDelete: null, notice };
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            actionFailure: ({ event }) => describeFailure(event.error),
            action: null,
            confirmDelete: null,
          }),
        },
      },
    },
    editing: {
      tags: ['editor'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const validate = (values: BannerValues) => validateBanner(values, context.image, context.editing === null);
            const next = withFieldChange(context, event.name, event.value, validate);
            // The two dates are checked together.
            if (event.name === 'startsOn' && next.errors && 'endsOn' in next.errors && !validate(next.values).endsOn) {
              const { endsOn: _fixed, ...errors } = next.errors;
              return { ...next, errors };
            }
            return next;
          }),
        },
        'active.change': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, active: event.active } })),
        },
        'image.pick': {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors };
            if (event.image.problem) errors.image = event.image.problem;
            else delete errors.image;
            return { image: event.image, errors, saveFailure: null };
          }),
        },
        'editor.preview': [
          { guard: 'editorValid', target: 'previewing', actions: assign({ errors: {}, saveFailure: null }) },
          {
            actions: assign({
              errors: ({ context }) => validateBanner(context.values, context.image, context.editing === null),
            }),
          },
        ],
        'editor.cancel': { target: 'loading', actions: assign(closedEditor) },
      },
    },
    previewing: {
      tags: ['editor', 'preview'],
      on: {
        'editor.back': { target: 'editing', actions: assign({ saveFailure: null }) },
        'editor.save': 'saving',
      },
    },
    saving: {
      tags: ['editor', 'preview', 'busy'],
      entry: assign({ saveFailure: null }),
      invoke: {
        src: 'saveBanner',
        input: ({ context }) => ({
          id: context.editing?.id ?? null,
          values: context.values,
          file: context.image?.file ?? null,
        }),
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            ...closedEditor,
            notice: { key: context.editing ? ('updated' as const) : ('created' as const), title: event.output.title },
          })),
        },
        onError: [
          {
            // The server refused the image (its own check): back to the form, on the image field.
            guard: { type: 'refusedImage', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign(({ context, event }) => ({
              errors: { ...context.errors, image: imageProblemOf(describeFailure(event.error).code) ?? undefined },
              saveFailure: describeFailure(event.error),
            })),
          },
          { target: 'previewing', actions: assign({ saveFailure: ({ event }) => describeFailure(event.error) }) },
        ],
      },
    },
  },
});

export type BannersSnapshot = SnapshotFrom<typeof bannersMachine>;

export const selectRows = (s: BannersSnapshot) => s.context.rows;
export const selectLoadFailure = (s: BannersSnapshot) => (s.matches('failed') ? s.context.loadFailure : null);
export const selectIsLoading = (s: BannersSnapshot) => s.hasTag('loading');
export const selectIsList = (s: BannersSnapshot) => s.hasTag('list');
export const selectIsEditor = (s: BannersSnapshot) => s.hasTag('editor');
export const selectIsPreview = (s: BannersSnapshot) => s.hasTag('preview');
export const selectIsBusy = (s: BannersSnapshot) => s.hasTag('busy');
export const selectEditing = (s: BannersSnapshot) => s.context.editing;
export const selectValues = (s: BannersSnapshot) => s.context.values;
export const selectImage = (s: BannersSnapshot) => s.context.image;
export const selectErrors = (s: BannersSnapshot) => s.context.errors;
export const selectSaveFailure = (s: BannersSnapshot) => s.context.saveFailure;
export const selectAction = (s: BannersSnapshot) => (s.matches('acting') ? s.context.action : null);
export const selectActionFailure = (s: BannersSnapshot) => s.context.actionFailure;
export const selectConfirmDelete = (s: BannersSnapshot) =>
  s.matches('confirmingDelete') || (s.matches('acting') && s.context.action?.kind === 'delete')
    ? s.context.confirmDelete
    : null;
export const selectNotice = (s: BannersSnapshot) => s.context.notice;
