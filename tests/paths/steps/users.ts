/**
 * The step table of /users (the graph is tests/paths/machines/users.ts), against the shared
 * driver. Every request of the page is held until the path says how it ends, and answered with
 * the graph's own outcome (the list, a saved user, a refusal): the outcome step names it. What
 * the runner does its own way (a drop-down list, the clipboard) comes in `env`.
 */
import { ApiRequestError } from '../../../src/api/client';
import { enKit } from '../../../src/i18n/kit-en';
import { userMessages } from '../../../src/features/users/messages';
import { said } from '../../messages';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathStep, PathSteps } from '../graph-adapter';
import { USER_TYPED, USERS_LISTED } from '../machines/users';

const U = userMessages.en;
/** What a refusal of the server says, as the page shows it. */
export const USERS_SERVER_ERROR = 'Something went wrong on our side (held answer).';

export interface UsersEnv {
  /** Chooses the option whose text is `option` in the drop-down list `target`. */
  selectOption(target: Target, option: string): Promise<void>;
  /** The text last written to the (held) clipboard. */
  copied(): Promise<string | undefined>;
  /** Ends the pending clipboard write: written, or refused. */
  settleCopy(ok: boolean): Promise<void>;
}

const REQUESTS = { banks: 'banks/options', members: 'users/aftu-members', list: 'users' } as const;
const RELOAD = [REQUESTS.banks, REQUESTS.members, REQUESTS.list];
const ACT_PATHS = { deactivate: 'deactivate', passwordReset: 'password-reset', unlock: 'unlock' } as const;

const MAIN: Target = { role: 'main' };
const TABLE: Target = { role: 'table', name: U.caption };
const ADD: Target = { role: 'button', name: U.add, in: MAIN };
const SECRET: Target = { testId: 'one-time-password' };

/** The server's answer to a request, from the outcome the graph gave the step (`wrap` turns an actor's output into the payload). */
export function answerOf(step: PathStep, wrap = (output: unknown) => output): HeldAnswer | 'no answer' {
  const { output, error } = step.event as { output?: unknown; error?: unknown };
  if (error instanceof ApiRequestError) {
    const { code = 'INTERNAL_ERROR', status = 500 } = error;
    const errors = [{ code, shortMessage: code.replaceAll('_', ' '), longMessage: USERS_SERVER_ERROR }];
    return { status, body: { status: false, errors } };
  }
  if (error !== undefined) return 'no answer';
  const waits = (output as { applied?: boolean }).applied === false;
  return { status: waits ? 202 : 200, body: { status: true, payload: wrap(output) } };
}

type Listed = (typeof USERS_LISTED)[keyof typeof USERS_LISTED];
const byId = (id: number) => Object.values(USERS_LISTED).find((u) => u.id === id) as Listed;
/** The change a save or an action answers, as the graph's outcome gives it. */
const changeOf = (step: PathStep) =>
  (
    step.event as unknown as {
      output: { applied: boolean; user?: Listed; firstHalf?: string; oneTimePassword?: string };
    }
  ).output;

/** A step table for one path: it keeps what the user expects from its own steps. */
export function usersSteps(d: Driver, env: UsersEnv): PathSteps {
  const held = new Map<string, HeldRequest>();
  /** The rows the list shows, by name, and the status each shows. */
  let rows: { name: string; status: string }[] = [];
  let firstLoad = true;
  let form: { editing: Listed | null; errors: string[]; lost: boolean } | null = null;
  let acting: { user: Listed; action: keyof typeof ACT_PATHS; refused: boolean } | null = null;
  let secret: { username: string; password: string; half: boolean } | null = null;
  let copied = false;
  const told: string[] = [];

  async function holding(paths: readonly string[], cause: () => Promise<void>, awaited = paths) {
    for (const path of paths) held.set(path, d.hold(path));
    await cause();
    for (const path of awaited) await held.get(path)?.reached;
  }
  async function answer(
    path: string,
    step: PathStep,
    then: { reload?: true; wrap?: (output: unknown) => unknown } = {},
  ) {
    const request = held.get(path);
    if (!request) throw new Error(`No request held for ${path}`);
    held.delete(path);
    const release = () => request.release(answerOf(step, then.wrap));
    if (then.reload) await holding(RELOAD, release);
    else await release();
  }

  const dialog = (name: string): Target => ({ role: 'dialog', name });
  const formTitle = () => (form?.editing ? said(U.form.editTitle, { name: form.editing.name }) : U.form.addTitle);
  const inForm = (target: Target): Target => ({ ...target, in: dialog(formTitle()) });
  const actTitle = () => (acting ? said(U.confirm[`${acting.action}Title`], { name: acting.user.name }) : '');
  const inAct = (target: Target): Target => ({ ...target, in: dialog(actTitle()) });
  const confirmLabel = () =>
    acting?.user.decides && acting.action !== 'deactivate' ? U.confirm.ask : U.actions[acting?.action ?? 'deactivate'];
  const secretTitle = () =>
    secret ? said(secret.half ? U.firstHalf.title : U.password.title, { username: secret.username }) : '';
  const inSecret = (target: Target): Target => ({ ...target, in: dialog(secretTitle()) });

  const saveRequest = () => (form?.editing ? `users/${form.editing.id}` : REQUESTS.list);
  const actRequest = () => `users/${acting?.user.id}/${ACT_PATHS[acting?.action ?? 'deactivate']}`;

  /**
   * Answers a save or an action with the step's change, and what the user is then shown: a
   * whole password, the first half of `half`'s, what `applied` tells, or that it waits. An
   * answer that waits without a password reloads the list at once.
   */
  async function answered(path: string, step: PathStep, then: { half: string; applied: (user: Listed) => string }) {
    const change = changeOf(step);
    await answer(path, step, !change.applied && !change.firstHalf ? { reload: true } : {});
    form = null;
    acting = null;
    if (change.user && change.oneTimePassword) {
      secret = { username: change.user.username, password: change.oneTimePassword, half: false };
    } else if (change.firstHalf) {
      secret = { username: then.half, password: change.firstHalf, half: true };
    } else {
      told.push(change.applied && change.user ? then.applied(change.user) : U.done.requested);
    }
  }

  return {
    async start() {
      await holding(RELOAD, () => d.open('admin', '/users'));
    },
    states: {
      // The bank choices and the AFTU members show only in the form, which waits for neither.
      async 'banks.loading'() {
        await d.expectVisible(ADD);
      },
      async 'banks.done'() {},
      async 'aftuMembers.loading'() {
        await d.expectVisible(ADD);
      },
      async 'aftuMembers.done'() {},
      async 'list.loading'() {
        if (firstLoad) await d.expectVisible({ text: U.loading, in: MAIN });
        // A reload keeps the rows in view until the answer.
        else await d.expectVisible(TABLE);
      },
      async 'list.pausing'() {
        await d.expectValue({ label: U.filters.search, in: MAIN }, 'Diop');
        await d.expectVisible(TABLE);
      },
      async 'list.failed'() {
        await d.expectText({ role: 'alert', in: MAIN }, USERS_SERVER_ERROR);
        await d.expectVisible({ role: 'button', name: enKit.reports.retry, in: MAIN });
        await d.expectEnabled(ADD, false);
        await d.expectAbsent(TABLE);
      },
      async 'list.shown'(step) {
        // A dialog hides the page from assistive technology: the rows are checked without one.
        if (!step.states.includes('work.idle')) return;
        await d.expectAbsent({ text: U.loading, in: MAIN });
        for (const row of rows) {
          await d.expectVisible({ role: 'rowheader', name: new RegExp(row.name), in: TABLE });
          await d.expectText({ role: 'row', name: new RegExp(row.name), in: TABLE }, row.status);
        }
      },
      async 'work.idle'() {
        await d.expectAbsent({ role: 'dialog' });
        for (const message of told) await d.expectVisible({ text: message });
      },
      async 'work.form.editing'() {
        await d.expectVisible(dialog(formTitle()));
        if (form?.editing) await d.expectValue(inForm({ label: U.form.username }), form.editing.username);
        for (const error of form?.errors ?? []) await d.expectVisible(inForm({ text: error }));
        if (!form?.errors.length) await d.expectAbsent(inForm({ text: U.errors.username }));
        if (form?.lost) await d.expectText(inForm({ role: 'alert' }), enKit.transfers.networkError);
        else await d.expectAbsent(inForm({ role: 'alert' }));
        await d.expectEnabled(inForm({ role: 'button', name: U.form.cancel }));
      },
      async 'work.form.saving'() {
        await d.expectAttribute(inForm({ role: 'button', name: U.form.saving }), 'aria-disabled', 'true');
        await d.expectEnabled(inForm({ role: 'button', name: U.form.cancel }), false);
      },
      async 'work.confirming.asking'() {
        await d.expectVisible(dialog(actTitle()));
        await d.expectVisible(inAct({ role: 'button', name: confirmLabel() }));
        if (acting?.refused) await d.expectText(inAct({ role: 'alert' }), USERS_SERVER_ERROR);
        else await d.expectAbsent(inAct({ role: 'alert' }));
      },
      async 'work.confirming.working'() {
        await d.expectAttribute(inAct({ role: 'button', name: U.confirm.working }), 'aria-disabled', 'true');
        await d.expectEnabled(inAct({ role: 'button', name: U.confirm.cancel }), false);
      },
      async 'work.revealing.shown'() {
        await d.expectText(inSecret(SECRET), secret?.password ?? '');
        await d.expectVisible(inSecret({ role: 'button', name: U.password.copy }));
        if (secret?.half) await d.expectVisible(inSecret({ text: U.firstHalf.label }));
        else await d.expectAbsent(inSecret({ text: U.firstHalf.label }));
      },
      async 'work.revealing.copying'() {
        await d.expectText(inSecret(SECRET), secret?.password ?? '');
        const text = await env.copied();
        if (text !== secret?.password) throw new Error(`The clipboard got ${text}, not the password shown`);
      },
      async 'work.revealing.copied'() {
        await d.expectVisible(inSecret({ role: 'button', name: U.password.copied }));
        if (!copied) throw new Error('Copied is shown for a copy that did not happen');
      },
    },
    events: {
      async 'loadBanks.done'({ step }) {
        await answer(REQUESTS.banks, step, { wrap: (banks) => ({ banks }) });
      },
      async 'loadBanks.error'({ step }) {
        await answer(REQUESTS.banks, step);
      },
      async 'loadAftuMembers.done'({ step }) {
        await answer(REQUESTS.members, step, { wrap: (members) => ({ members }) });
      },
      async 'loadAftuMembers.error'({ step }) {
        await answer(REQUESTS.members, step);
      },
      async 'loadUsers.done'({ step }) {
        await answer(REQUESTS.list, step);
        const page = (step.event as unknown as { output: { rows: Listed[] } }).output;
        rows = page.rows.map((u) => ({ name: u.name, status: U.status[u.status] }));
        firstLoad = false;
      },
      async 'loadUsers.error'({ step }) {
        await answer(REQUESTS.list, step);
      },
      async 'users.retry'() {
        await holding([REQUESTS.list], () => d.click({ role: 'button', name: enKit.reports.retry, in: MAIN }));
      },
      async 'filters.change'() {
        await holding(RELOAD, () => env.selectOption({ label: U.filters.status, in: MAIN }, U.filters.active));
      },
      async 'search.change'() {
        // The list waits for a pause in the typing; the bank choices and members reload at once.
        await holding(RELOAD, () => d.fill({ label: U.filters.search, in: MAIN }, 'Diop'), [
          REQUESTS.banks,
          REQUESTS.members,
        ]);
      },
      async 'after(searchPause)@list.pausing'() {
        await held.get(REQUESTS.list)?.reached;
      },
      async 'user.add'() {
        await d.click(ADD);
        form = { editing: null, errors: [], lost: false };
      },
      async 'user.edit'({ step }) {
        const user = byId(Number((step.event as { id?: number }).id));
        await d.click({ role: 'button', name: said(U.editLabel, { name: user.name }), in: TABLE });
        form = { editing: user, errors: [], lost: false };
      },
      async 'user.act'({ step }) {
        const { id, action } = step.event as unknown as { id: number; action: keyof typeof ACT_PATHS };
        const user = byId(id);
        await d.click({ role: 'button', name: said(U.moreLabel, { name: user.name }), in: TABLE });
        await d.click({ role: 'menuitem', name: U.actions[action] });
        acting = { user, action, refused: false };
      },
      async 'field.change'({ step }) {
        const { name } = step.event as unknown as { name: keyof typeof USER_TYPED };
        await d.fill(inForm({ label: U.form[name] }), USER_TYPED[name]);
      },
      async 'form.submit'({ step }) {
        const submit = () => d.click(inForm({ role: 'button', name: form?.editing ? U.form.save : U.form.create }));
        if (step.states.includes('work.form.saving')) {
          await holding([saveRequest()], submit);
          if (form) form.lost = false;
        } else {
          // Refused in place: both required fields say so, and nothing is sent.
          await submit();
          if (form) form.errors = [U.errors.username, U.errors.name];
        }
      },
      async 'form.cancel'() {
        // While saving, Cancel is disabled: the click does nothing.
        await d.click(inForm({ role: 'button', name: U.form.cancel }));
        if (form && !held.has(saveRequest())) form = null;
      },
      async 'saveUser.done'({ step }) {
        const adding = !form?.editing;
        await answered(saveRequest(), step, {
          half: USER_TYPED.username,
          applied: (user) => said(U.done.updated, { name: user.name }),
        });
        // A new user with their whole password is listed at once.
        const { user, oneTimePassword } = changeOf(step);
        if (adding && user && oneTimePassword) rows = [{ name: user.name, status: U.status[user.status] }, ...rows];
      },
      async 'saveUser.error'({ step }) {
        await answer(saveRequest(), step);
        if (!form) return;
        if ((step.event as { error?: unknown }).error instanceof ApiRequestError)
          form.errors = [U.errors.usernameTaken];
        else form.lost = true;
      },
      async 'confirm.accept'({ step }) {
        const click = () => d.click(inAct({ role: 'button', name: confirmLabel() }));
        if (step.states.includes('work.confirming.working')) await holding([actRequest()], click);
        else await click();
      },
      async 'confirm.cancel'() {
        // While the action is on its way, Cancel is disabled: the click does nothing.
        await d.click(inAct({ role: 'button', name: U.confirm.cancel }));
        if (!held.has(actRequest())) acting = null;
      },
      async 'actOnUser.done'({ step }) {
        const act = acting;
        if (!act) throw new Error('No action was confirmed');
        await answered(actRequest(), step, {
          half: act.user.username,
          applied: (user) => {
            rows = rows.map((r) => (r.name === user.name ? { ...r, status: U.status[user.status] } : r));
            return said(U.done[act.action], { name: user.name });
          },
        });
      },
      async 'actOnUser.error'({ step }) {
        await answer(actRequest(), step);
        if (acting) acting.refused = true;
      },
      async 'password.copy'() {
        await d.click(inSecret({ role: 'button', name: copied ? U.password.copied : U.password.copy }));
      },
      async 'copyText.done'() {
        await env.settleCopy(true);
        copied = true;
      },
      async 'copyText.error'() {
        await env.settleCopy(false);
        copied = false;
      },
      async 'password.dismiss'() {
        // The page reloads once the password is no longer shown.
        await holding(RELOAD, () => d.click(inSecret({ role: 'button', name: U.password.done })));
        secret = null;
        copied = false;
      },
    },
  };
}
