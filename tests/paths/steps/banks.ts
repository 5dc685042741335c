/**
 * The step table of the banks page's machine (/banks; the graph is tests/paths/machines/
 * settings.ts), run in jsdom by tests/unit/banks.paths.test.tsx. The list, the float accounts a
 * form offers, a save and a switch are each held until the path says how they end; a server
 * error and a code already taken are answered in the server's place.
 */
import { bankMessages } from '../../../src/features/banks/messages';
import { enKit } from '../../../src/i18n/kit-en';
import { said } from '../../messages';
import { refusal, SERVER_ERROR, SERVER_ERROR_MESSAGE } from '../answers/settings';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps, StepContext } from '../graph-adapter';
import { BANK_TYPED, BANKS } from '../machines/settings';

const B = bankMessages.en;
/** The code typed beside a valid name on the add form. */
const NEW_CODE = 'BQA';
const CODE_TAKEN = refusal(409, 'BANK_CODE_TAKEN', 'Another bank uses this code (held answer).');

/** What only the runner knows: who manages banks, and what reached the server. */
export interface BanksWorld {
  admin: string;
  /** The float account the server offers besides a new one. */
  spareFloat: string;
  /** How many changes (anything but a read) the page has sent. */
  writes(): number;
}

const MAIN: Target = { role: 'main' };
const TABLE: Target = { role: 'table', name: B.caption, in: MAIN };
const ADD: Target = { role: 'button', name: B.add, in: MAIN };
const RETRY: Target = { role: 'button', name: enKit.reports.retry, in: MAIN };

type Row = { name: string; active: boolean };
const byState = (rows: Row[]) =>
  [...rows].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));

export function banksSteps(driver: Driver, world: BanksWorld): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let rows: Row[] = [];
  let held: HeldRequest[] = [];
  let floats: HeldRequest | undefined;
  let announced: string | null = null;
  let form: { editing: Row | null; name: string; code: string; floats: 'loading' | 'loaded' | 'none' } | null = null;
  let errors: { name?: true; code?: string } = {};
  let failure: string | null = null;
  let switching: { row: Row; verb: 'deactivate' | 'activate' } | null = null;
  let writes = 0;

  const formDialog = (): Target => ({
    role: 'dialog',
    name: form?.editing ? said(B.form.editTitle, { name: form.editing.name }) : B.form.addTitle,
  });
  const field = (label: string): Target => ({ label, in: formDialog() });
  const switchDialog = (): Target => ({
    role: 'dialog',
    name: said(B.confirm[`${switching?.verb ?? 'deactivate'}Title`], { name: switching?.row.name ?? '' }),
  });

  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  async function release(answer?: HeldAnswer | 'no answer') {
    const request = held.shift();
    await request?.release(answer);
  }
  async function expectWrites(count: number) {
    if (world.writes() !== count) throw new Error(`${world.writes()} changes sent, ${count} expected`);
  }
  async function expectFailure(within: Target) {
    if (failure) await driver.expectText({ role: 'alert', in: within }, failure);
    else await driver.expectAbsent({ role: 'alert', in: within });
  }
  async function openForm(button: Target, editing: Row | null) {
    floats = driver.hold('banks/float-accounts');
    await driver.click(button);
    await floats.reached;
    form = { editing, name: editing?.name ?? '', code: editing ? (BANKS[0]?.code ?? '') : '', floats: 'loading' };
    errors = {};
    failure = null;
  }
  async function endFloats(answer: undefined | 'no answer') {
    await floats?.release(answer);
    floats = undefined;
    if (form) form.floats = answer ? 'none' : 'loaded';
  }
  const saved = (row: Row) => {
    rows = byState([...rows.filter((r) => r !== form?.editing), row]);
  };

  return {
    async start() {
      rows = byState(BANKS.map((b) => ({ name: b.name, active: b.active })));
      held = [];
      announced = null;
      form = null;
      switching = null;
      writes = 0;
      await holding('banks', () => driver.open(world.admin, '/banks'));
    },
    states: {
      async loading() {
        await driver.expectVisible({ text: B.loading, in: MAIN });
        await driver.expectEnabled(ADD, false);
        await driver.expectAbsent(TABLE);
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: MAIN }, SERVER_ERROR_MESSAGE);
        await driver.expectEnabled(ADD, false);
        await driver.expectAbsent(TABLE);
      },
      async 'ready.idle'() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectTexts(
          { role: 'rowheader', in: TABLE },
          rows.map((r) => r.name),
        );
        for (const row of rows) {
          const verb = row.active ? B.deactivateLabel : B.activateLabel;
          await driver.expectVisible({ role: 'button', name: said(verb, { name: row.name }), in: TABLE });
        }
        await driver.expectEnabled(ADD);
        if (announced) await driver.expectVisible({ text: announced });
        await expectWrites(writes);
      },
      async 'ready.form.editing'() {
        const dialog = formDialog();
        await driver.expectVisible(dialog);
        await driver.expectValue(field(B.form.name), form?.name ?? '');
        await driver.expectValue(field(B.form.code), form?.code ?? '');
        await driver.expectAttribute(field(B.form.name), 'aria-invalid', String(errors.name === true));
        if (errors.name) await driver.expectVisible({ text: B.errors.name, in: dialog });
        if (errors.code) await driver.expectVisible({ text: errors.code, in: dialog });
        else await driver.expectAttribute(field(B.form.code), 'aria-invalid', 'false');
        const floatsHint = form?.floats === 'loading' ? B.form.floatLoading : B.form.floatHint;
        await driver.expectVisible({ text: floatsHint, in: dialog });
        if (form?.floats === 'loaded')
          await driver.expectVisible({ role: 'option', name: new RegExp(world.spareFloat) });
        else await driver.expectAbsent({ role: 'option', name: new RegExp(world.spareFloat) });
        await expectFailure(dialog);
        await driver.expectEnabled({ role: 'button', name: B.form.cancel, in: dialog });
        await expectWrites(writes);
      },
      async 'ready.form.saving'() {
        const dialog = formDialog();
        // On its way, once: the dialog says so and cannot be left.
        await driver.expectAttribute({ role: 'button', name: B.form.saving, in: dialog }, 'aria-disabled', 'true');
        await driver.expectEnabled({ role: 'button', name: B.form.cancel, in: dialog }, false);
        await driver.expectAbsent({ role: 'alert', in: dialog });
        await expectWrites(writes);
      },
      async 'ready.confirming.asking'() {
        const dialog = switchDialog();
        await driver.expectVisible(dialog);
        await driver.expectEnabled({ role: 'button', name: B.confirm[switching?.verb ?? 'deactivate'], in: dialog });
        await expectFailure(dialog);
        await expectWrites(writes);
      },
      async 'ready.confirming.switching'() {
        const dialog = switchDialog();
        await driver.expectAttribute({ role: 'button', name: B.confirm.working, in: dialog }, 'aria-disabled', 'true');
        await driver.expectEnabled({ role: 'button', name: B.confirm.cancel, in: dialog }, false);
        await expectWrites(writes);
      },
    },
    events: {
      'loadBanks.done': () => release(),
      'loadBanks.error': () => release(SERVER_ERROR),
      'banks.retry': () => holding('banks', () => driver.click(RETRY)),
      'bank.add': () => openForm(ADD, null),
      async 'bank.edit'() {
        const row = rows.find((r) => r.name === BANKS[0]?.name) as Row;
        await openForm({ role: 'button', name: said(B.editLabel, { name: row.name }), in: TABLE }, row);
      },
      'loadFloatChoices.done': () => endFloats(undefined),
      'loadFloatChoices.error': () => endFloats('no answer'),
      async 'field.change'({ step }) {
        if (!form) throw new Error('No form is open');
        const name = BANK_TYPED[step.label as keyof typeof BANK_TYPED];
        await driver.fill(field(B.form.name), name);
        form.name = name;
        // A name error shown goes once the name is right; none appears while typing.
        if (errors.name && name !== BANK_TYPED.invalid) errors.name = undefined;
        if (name === BANK_TYPED.valid && !form.editing) {
          await driver.fill(field(B.form.code), NEW_CODE);
          form.code = NEW_CODE;
          if (errors.code) errors.code = undefined;
        }
      },
      async 'form.submit'({ step }: StepContext) {
        const button: Target = { role: 'button', name: form?.editing ? B.form.save : B.form.create, in: formDialog() };
        if (!step.states.includes('ready.form.saving')) {
          // Refused in place: each wrong field says why, and nothing is sent.
          await driver.click(button);
          errors = { name: true, ...(form?.code ? {} : { code: B.errors.code }) };
          await driver.expectFocused(field(B.form.name));
          return;
        }
        const path = form?.editing ? 'banks/1' : 'banks';
        await holding(path, () => driver.click(button));
        writes++;
        errors = {};
        failure = null;
      },
      async 'form.cancel'({ step }) {
        if (step.states.includes('ready.form.saving')) {
          // Escape while the bank is on its way: the page keeps the dialog.
          await driver.press({ role: 'button', name: B.form.saving, in: formDialog() }, 'Escape');
          return;
        }
        await driver.click({ role: 'button', name: B.form.cancel, in: formDialog() });
        form = null;
      },
      async 'saveBank.done'() {
        await release();
        const name = form?.name ?? '';
        const editing = form?.editing;
        saved({ name, active: editing?.active ?? true });
        announced = editing
          ? said(B.done.updated, { name })
          : said(B.done.created, { name, number: `BNK-${form?.code ?? ''}` });
        form = null;
      },
      async 'saveBank.error'({ step }) {
        if (step.label === 'code taken') {
          await release(CODE_TAKEN);
          errors = { code: B.errors.codeTaken };
          await driver.expectFocused(field(B.form.code));
        } else {
          await release(SERVER_ERROR);
          failure = SERVER_ERROR_MESSAGE;
        }
      },
      async 'bank.switch'({ step }) {
        const verb = step.label === 'deactivate' ? 'deactivate' : 'activate';
        const row = rows.find((r) => r.active === (verb === 'deactivate')) as Row;
        const label = verb === 'deactivate' ? B.deactivateLabel : B.activateLabel;
        await driver.click({ role: 'button', name: said(label, { name: row.name }), in: TABLE });
        switching = { row, verb };
        failure = null;
      },
      async 'confirm.accept'() {
        const id = BANKS.find((b) => b.name === switching?.row.name)?.id;
        await holding(`banks/${id}/${switching?.verb}`, () =>
          driver.click({ role: 'button', name: B.confirm[switching?.verb ?? 'deactivate'], in: switchDialog() }),
        );
        writes++;
        failure = null;
      },
      async 'confirm.cancel'({ step }) {
        if (step.states.includes('ready.confirming.switching')) {
          await driver.press({ role: 'button', name: B.confirm.working, in: switchDialog() }, 'Escape');
          return;
        }
        await driver.click({ role: 'button', name: B.confirm.cancel, in: switchDialog() });
        switching = null;
      },
      async 'switchBank.done'() {
        await release();
        const { row, verb } = switching as NonNullable<typeof switching>;
        rows = byState([...rows.filter((r) => r !== row), { name: row.name, active: verb === 'activate' }]);
        announced = said(verb === 'activate' ? B.done.activated : B.done.deactivated, { name: row.name });
        switching = null;
      },
      async 'switchBank.error'() {
        await release(SERVER_ERROR);
        failure = SERVER_ERROR_MESSAGE;
      },
    },
    async nothingSent() {
      await expectWrites(writes);
      if (driver.held() !== held.length + (floats ? 1 : 0)) throw new Error('A request left the page');
    },
  };
}
