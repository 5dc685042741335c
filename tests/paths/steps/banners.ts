/**
 * The step table of the banners page's machine (/banner; the graph is tests/paths/machines/
 * settings.ts), run in jsdom by tests/unit/banners.paths.test.tsx. The list, a save and a row's
 * action (move, activate or deactivate, delete) are each held until the path says how they end;
 * a server error and the server's refusal of an image are answered in the server's place.
 */
import { BANNER_MESSAGES } from '../../../src/features/banners/messages';
import { en, said } from '../../messages';
import { refusal, SERVER_ERROR, SERVER_ERROR_MESSAGE } from '../answers/settings';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { BANNER_TYPED, BANNERS } from '../machines/settings';

const M = BANNER_MESSAGES.en;
const IMAGE_REFUSED = refusal(415, 'UNSUPPORTED_BANNER_IMAGE', 'Only PNG, JPEG and WebP (held answer).');
/** The first bytes of a PNG, and of a PDF sent under a .png name. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const NOT_AN_IMAGE = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0, 0, 0, 0];

/** What only the runner knows: who manages banners, how a file is picked, what reached the server. */
export interface BannersWorld {
  admin: string;
  /** Picks a file of these bytes, named banner.png, in the field `target`. */
  pickFile(target: Target, bytes: readonly number[]): Promise<void>;
  /** How many changes (anything but a read) the page has sent. */
  writes(): number;
}

type Row = { id: number; title: string; active: boolean };
type Action = { kind: 'move' | 'status' | 'delete'; row: Row };

const MAIN: Target = { role: 'main' };
const LIST: Target = { role: 'list', name: M.list.label, in: MAIN };
const ADD: Target = { role: 'button', name: M.add, in: MAIN };
const DELETE_DIALOG: Target = { role: 'dialog', name: M.deleteDialog.title };
const TITLE_FIELD: Target = { label: M.editor.title, in: MAIN };
const IMAGE_FIELD: Target = { label: new RegExp(`^${M.editor.image}`), in: MAIN };
const heading = (name: string): Target => ({ role: 'heading', name, in: MAIN });

export function bannersSteps(driver: Driver, world: BannersWorld): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let rows: Row[] = [];
  let held: HeldRequest[] = [];
  let notice: string | null = null;
  let actionFailure = false;
  let action: Action | null = null;
  let editor: { editing: Row | null; title: string; image: 'PNG' | 'not an image' | null } | null = null;
  let errors: { title?: true; image?: string } = {};
  let saveFailure: string | null = null;
  let writes = 0;

  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  async function release(answer?: HeldAnswer) {
    await held.shift()?.release(answer);
  }
  function expectWrites() {
    if (world.writes() !== writes) throw new Error(`${world.writes()} changes sent, ${writes} expected`);
  }
  const rowButton = (template: string, row: Row): Target => ({
    role: 'button',
    name: said(template, { title: row.title }),
    in: LIST,
  });
  const rowOf = (id: number) => rows.find((r) => r.id === id) as Row;
  const bytesOf = (image: 'PNG' | 'not an image') => (image === 'PNG' ? PNG : NOT_AN_IMAGE);

  async function pick(image: 'PNG' | 'not an image') {
    await world.pickFile(IMAGE_FIELD, bytesOf(image));
    if (!editor) throw new Error('The editor is not open');
    editor.image = image;
    if (image === 'PNG') errors.image = undefined;
    else errors.image = M.errors.image.type;
    saveFailure = null;
  }
  async function expectListBusy(busy: boolean) {
    await driver.expectAttribute(LIST, 'aria-busy', String(busy));
  }
  async function expectNotice() {
    if (notice) await driver.expectVisible({ text: notice, in: MAIN });
    else await driver.expectAbsent({ text: /^The banner “/, in: MAIN });
  }
  /** The editor's start: the list request (still held if the list was loading) goes on unseen. */
  async function openEditor(button: Target, editing: Row | null) {
    await driver.click(button);
    await driver.expectVisible(heading(editing ? M.editor.editTitle : M.editor.createTitle));
    while (held.length) await release();
    editor = { editing, title: editing?.title ?? '', image: null };
    errors = {};
    saveFailure = null;
    notice = null;
    actionFailure = false;
  }

  return {
    async start() {
      rows = BANNERS.map((b) => ({ id: b.id, title: b.title, active: b.active }));
      held = [];
      notice = null;
      actionFailure = false;
      action = null;
      editor = null;
      writes = 0;
      await holding('banners', () => driver.open(world.admin, '/banner'));
    },
    states: {
      async loading() {
        await driver.expectVisible({ text: M.loading, in: MAIN });
        await driver.expectVisible(ADD);
        await driver.expectAbsent(LIST);
        await expectNotice();
        expectWrites();
      },
      async failed() {
        await driver.expectVisible({ text: M.loadFailed, in: MAIN });
        await driver.expectText({ role: 'alert', in: MAIN }, SERVER_ERROR_MESSAGE);
        await driver.expectVisible({ role: 'button', name: M.retry, in: MAIN });
        await driver.expectAbsent(LIST);
      },
      async ready() {
        await driver.expectAbsent({ role: 'dialog' });
        await expectListBusy(false);
        for (const [i, row] of rows.entries()) {
          await driver.expectVisible({ text: row.title, in: LIST });
          await driver.expectEnabled(rowButton(M.list.moveUpNamed, row), i !== 0);
          await driver.expectEnabled(rowButton(M.list.moveDownNamed, row), i !== rows.length - 1);
        }
        for (const removed of BANNERS.filter((b) => !rows.some((r) => r.id === b.id))) {
          await driver.expectAbsent({ text: removed.title, in: LIST });
        }
        const toggles = rows.map((r) => (r.active ? M.list.deactivate : M.list.activate));
        await driver.expectTexts(
          { role: 'button', name: new RegExp(`^(${M.list.activate}|${M.list.deactivate})$`), in: LIST },
          toggles,
        );
        await expectNotice();
        if (actionFailure) await driver.expectText({ role: 'alert', in: MAIN }, SERVER_ERROR_MESSAGE);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
        expectWrites();
      },
      async confirmingDelete() {
        await driver.expectVisible(DELETE_DIALOG);
        await driver.expectText(DELETE_DIALOG, `“${action?.row.title}”`);
        await driver.expectAttribute(
          { role: 'button', name: M.deleteDialog.confirm, in: DELETE_DIALOG },
          'aria-disabled',
          'true',
          false,
        );
        expectWrites();
      },
      async acting() {
        expectWrites();
        if (action?.kind === 'delete') {
          // The dialog stays over the list until the answer: Delete ignores a second press.
          const confirm: Target = { role: 'button', name: M.deleteDialog.confirm, in: DELETE_DIALOG };
          await driver.expectAttribute(confirm, 'aria-disabled', 'true');
          await driver.click(confirm);
          await driver.expectEnabled({ role: 'button', name: M.deleteDialog.cancel, in: DELETE_DIALOG }, false);
          expectWrites();
          return;
        }
        // The action is on its way, once: every row's buttons wait for it.
        await expectListBusy(true);
        if (action?.kind === 'status') await driver.expectVisible({ role: 'button', name: M.list.working, in: LIST });
        await driver.expectEnabled(rowButton(M.list.editNamed, action?.row as Row), false);
      },
      async editing() {
        await driver.expectVisible(heading(editor?.editing ? M.editor.editTitle : M.editor.createTitle));
        await driver.expectAbsent(LIST);
        await driver.expectValue(TITLE_FIELD, editor?.title ?? '');
        await driver.expectAttribute(TITLE_FIELD, 'aria-invalid', String(errors.title === true));
        if (errors.title) await driver.expectVisible({ text: M.errors.title, in: MAIN });
        if (errors.image) await driver.expectVisible({ text: errors.image, in: MAIN });
        else await driver.expectAttribute(IMAGE_FIELD, 'aria-invalid', 'true', false);
        const chosen = { text: /^Chosen: banner\.png/, in: MAIN };
        if (editor?.image) await driver.expectVisible(chosen);
        else await driver.expectAbsent(chosen);
        if (saveFailure) await driver.expectText({ role: 'alert', in: MAIN }, saveFailure);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
        expectWrites();
      },
      async previewing() {
        await driver.expectVisible(heading(M.preview.title));
        await driver.expectVisible({ text: M.preview.intro, in: MAIN });
        await driver.expectVisible({ role: 'button', name: M.preview.save, in: MAIN });
        await driver.expectEnabled({ role: 'button', name: M.preview.back, in: MAIN });
        if (saveFailure) await driver.expectText({ role: 'alert', in: MAIN }, saveFailure);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
        expectWrites();
      },
      async saving() {
        // On its way, once: Save says so and ignores a second press; Back waits.
        await driver.expectAttribute({ role: 'button', name: M.preview.saving, in: MAIN }, 'aria-disabled', 'true');
        await driver.click({ role: 'button', name: M.preview.saving, in: MAIN });
        await driver.expectEnabled({ role: 'button', name: M.preview.back, in: MAIN }, false);
        expectWrites();
      },
    },
    events: {
      'listBanners.done': () => release(),
      'listBanners.error': () => release(SERVER_ERROR),
      'list.retry': () => holding('banners', () => driver.click({ role: 'button', name: M.retry, in: MAIN })),
      'banner.new': () => openEditor(ADD, null),
      'banner.edit': () => {
        const row = rowOf(BANNERS[0]?.id ?? 0);
        return openEditor(rowButton(M.list.editNamed, row), row);
      },
      async 'field.change'({ step }) {
        if (!editor) throw new Error('The editor is not open');
        const title = BANNER_TYPED[step.label as keyof typeof BANNER_TYPED];
        await driver.fill(TITLE_FIELD, title);
        editor.title = title;
        // A title error shown goes once the title is right; none appears while typing.
        if (errors.title && title !== BANNER_TYPED.invalid) errors.title = undefined;
        // A valid form: a new banner needs its image too.
        if (title === BANNER_TYPED.valid && !editor.editing && editor.image !== 'PNG') await pick('PNG');
      },
      async 'active.change'() {
        await driver.click({ role: 'checkbox', name: new RegExp(`^${M.editor.active}`), in: MAIN });
      },
      'image.pick': ({ step }) => pick(step.label as 'PNG' | 'not an image'),
      async 'editor.preview'({ step }) {
        await driver.click({ role: 'button', name: M.editor.preview, in: MAIN });
        if (step.states.includes('previewing')) {
          errors = {};
          saveFailure = null;
          return;
        }
        // Refused in place: each wrong field says why, and the first takes the focus.
        errors = { title: true, ...(editor?.editing || editor?.image ? {} : { image: M.errors.image.required }) };
        if (editor?.image === 'not an image') errors.image = M.errors.image.type;
        await driver.expectFocused(TITLE_FIELD);
      },
      async 'editor.back'() {
        await driver.click({ role: 'button', name: M.preview.back, in: MAIN });
        saveFailure = null;
      },
      async 'editor.cancel'() {
        await holding('banners', () => driver.click({ role: 'button', name: M.editor.cancel, in: MAIN }));
        editor = null;
      },
      async 'editor.save'() {
        const path = editor?.editing ? `banners/${editor.editing.id}` : 'banners';
        await holding(path, () => driver.click({ role: 'button', name: M.preview.save, in: MAIN }));
        writes++;
        saveFailure = null;
      },
      async 'saveBanner.done'() {
        // The list loads again once the banner is saved: that load is held in its turn.
        const reload = driver.hold('banners');
        await release();
        held.push(reload);
        await reload.reached;
        const title = editor?.title ?? '';
        notice = said(editor?.editing ? M.done.updated : M.done.created, { title });
        editor = null;
      },
      async 'saveBanner.error'({ step }) {
        if (step.label === 'image refused') {
          await release(IMAGE_REFUSED);
          errors = { ...errors, image: M.errors.image.type };
          saveFailure = 'Only PNG, JPEG and WebP (held answer).';
        } else {
          await release(SERVER_ERROR);
          saveFailure = SERVER_ERROR_MESSAGE;
        }
      },
      async 'banner.move'() {
        const row = rowOf(BANNERS[0]?.id ?? 0);
        await holding(`banners/${row.id}/move`, () => driver.click(rowButton(M.list.moveDownNamed, row)));
        action = { kind: 'move', row };
        writes++;
        notice = null;
      },
      async 'banner.toggle'() {
        const row = rowOf(BANNERS[0]?.id ?? 0);
        // The only active banner: its Deactivate is the list's only one.
        await holding(`banners/${row.id}/status`, () =>
          driver.click({ role: 'button', name: M.list.deactivate, in: LIST }),
        );
        action = { kind: 'status', row };
        writes++;
        notice = null;
      },
      async 'banner.delete'() {
        const row = rowOf(BANNERS[1]?.id ?? 0);
        await driver.click(rowButton(M.list.deleteNamed, row));
        action = { kind: 'delete', row };
        notice = null;
        actionFailure = false;
      },
      async 'delete.cancel'() {
        await driver.click({ role: 'button', name: M.deleteDialog.cancel, in: DELETE_DIALOG });
        action = null;
      },
      async 'delete.confirm'() {
        const row = action?.row as Row;
        await holding(`banners/${row.id}`, () =>
          driver.click({ role: 'button', name: M.deleteDialog.confirm, in: DELETE_DIALOG }),
        );
        writes++;
      },
      async 'runAction.done'() {
        await release();
        const { kind, row } = action as Action;
        if (kind === 'move') {
          const from = rows.indexOf(row);
          rows.splice(from, 1);
          rows.splice(from + 1, 0, row);
        } else if (kind === 'status') {
          row.active = !row.active;
          notice = said(row.active ? M.done.activated : M.done.deactivated, { title: row.title });
        } else {
          rows = rows.filter((r) => r !== row);
          notice = said(M.done.deleted, { title: row.title });
        }
        actionFailure = false;
        action = null;
      },
      async 'runAction.error'() {
        await release(SERVER_ERROR);
        actionFailure = true;
        action = null;
      },
      async 'notice.dismiss'() {
        await driver.click({ role: 'button', name: en.common.dismiss, in: MAIN });
        notice = null;
      },
    },
    async nothingSent() {
      expectWrites();
      if (driver.held() !== held.length) throw new Error('A request left the page');
    },
  };
}
