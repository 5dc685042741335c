/**
 * Staff accounts, end to end on a production start with an empty database (decisions 025 and
 * 031): the first two admins come from `npm run user:create`; the first sets a password, adds a
 * bank and asks for a bank Checker (profile chosen from the list), which waits for a second
 * administrator and shows the maker only the first half of the Checker's one-time password; the
 * second admin approves it in the inbox and sees the second half; the Checker signs in with both
 * and sees the bank Checker menu. Then the Checker's password is reset by two administrators:
 * neither half alone signs in as the Checker, both together do, and only to set a password. The
 * list and the deciding buttons stay in view at a laptop's and a phone's width. Serial: the tests
 * share one server and its users.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '../messages';
import { oneTimePasswordOf, productionServer } from './support/production-server';
import { scrollTo } from './support/scroll-to';

const U = en.usersPage;
const I = en.approvals.inbox;
const pw = en.password;
const FIRST = { username: 'first.admin', name: 'Awa Ndiaye', password: 'Baobab-Tiled-Ferry-42' };
const SECOND = { username: 'second.admin', name: 'Omar Diallo', password: 'Lagoon-Pepper-Kite-77' };
const CHECKER = { username: 'fatou.checker', name: 'Fatou Sarr', password: 'Mango-Harbor-Drum-19' };
const CHECKER_AGAIN = { ...CHECKER, password: 'Cashew-Lantern-Reef-58' };
const HALF = /^[a-z2-9]{4}-[a-z2-9]{4}$/;

let server: Awaited<ReturnType<typeof productionServer>>;
const oneTime: Record<string, string> = {};
/** The halves of the Checker's one-time password each administrator saw, once. */
const halves = { first: '', second: '' };

const url = (path: string) => server.url(path);

/** Makes an admin with `npm run user:create`; returns the one-time password it showed once. */
function userCreate(username: string, name: string): string {
  const run = server.userCreate(['--username', username, '--group', 'admin', '--name', name], 300_000);
  expect(run.status, run.stderr).toBe(0);
  return oneTimePasswordOf(run);
}

/** Signs in with a one-time password and chooses a password of one's own, on a page of its own. */
async function firstSignIn(browser: Browser, user: { username: string; password: string }, otp: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await page.getByLabel(en.login.username, { exact: true }).fill(user.username);
  await page.getByLabel(en.login.password, { exact: true }).fill(otp);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page).toHaveURL(url('/set-password'));
  await page.getByLabel(pw.currentOneTime, { exact: true }).fill(otp);
  await page.getByLabel(pw.new, { exact: true }).fill(user.password);
  await page.getByLabel(pw.repeat, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: pw.set.submit }).click();
  // The server's first change loads the strength dictionaries (lazily, once per process).
  await expect(page).toHaveURL(url('/'), { timeout: 60_000 });
  return page;
}

async function signedInPage(browser: Browser, user: { username: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await page.getByLabel(en.login.username, { exact: true }).fill(user.username);
  await page.getByLabel(en.login.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  return page;
}

/** Signing in with this password is refused: the page stays at /login and says why. */
async function refused(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await page.getByLabel(en.login.username, { exact: true }).fill(username);
  await page.getByLabel(en.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page).toHaveURL(url('/login'));
  await context.close();
}

/** The half a dialog shows once, labelled as only a half; the dialog is put away with Done. */
async function halfShown(page: Page, dialogName: string, label: string, testId: string, done: string) {
  const shown = page.getByRole('dialog', { name: dialogName });
  await expect(shown.getByText(label)).toBeVisible();
  const half = (await shown.getByTestId(testId).textContent())?.trim() ?? '';
  expect(half).toMatch(HALF);
  await shown.getByRole('button', { name: done }).click();
  await expect(shown).toBeHidden();
  return half;
}

/** A second administrator approves the waiting change that says `summary`, and gets the second half. */
async function approveWithSecondHalf(page: Page, summary: string) {
  await page.goto(url('/authorize-transactions'));
  const change = page.locator('main [data-kind="change"]', { hasText: summary });
  await change.getByRole('button', { name: I.approve }).click();
  const dialog = page.getByRole('dialog', { name: I.approveTitle });
  await expect(dialog).toContainText(I.secondHalfWarning);
  await dialog.getByRole('button', { name: I.confirmApprove }).click();
  const half = await halfShown(page, I.secondHalf.title, I.secondHalf.label, 'second-half', I.secondHalf.done);
  await expect(change).toHaveCount(0);
  return half;
}

/** Once the first is scrolled to, all of them are in view together, with nothing to scroll sideways. */
async function inView(page: Page, ...locators: Locator[]) {
  if (locators[0]) await scrollTo(locators[0]);
  for (const locator of locators) await expect(locator).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const userRow = (page: Page, username: string) => page.locator(`main [data-user="${username}"]`);

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  // Two runs of the command line and a start: minutes on a busy machine.
  test.setTimeout(900_000);
  server = await productionServer('users');
  // One PGlite directory takes one process: both admins are made before the server starts.
  oneTime[FIRST.username] = userCreate(FIRST.username, FIRST.name);
  oneTime[SECOND.username] = userCreate(SECOND.username, SECOND.name);
  await server.start(300_000);
});

test.afterAll(async () => {
  await server?.remove();
});

test('the first admin asks for a bank Checker, which waits for a second administrator; the maker sees only half its password', async ({
  browser,
}) => {
  const page = await firstSignIn(browser, FIRST, oneTime[FIRST.username] as string);

  // An empty system has no bank yet: the admin adds one.
  await page.goto(url('/banks'));
  await page.getByRole('button', { name: en.banksPage.add }).click();
  const bankForm = page.getByRole('dialog', { name: en.banksPage.form.addTitle });
  await bankForm.getByLabel(en.banksPage.form.name, { exact: true }).fill('Banque Islamique du Sénégal');
  await bankForm.getByLabel(en.banksPage.form.code, { exact: true }).fill('BIS');
  await bankForm.getByRole('button', { name: en.banksPage.form.create }).click();
  await expect(bankForm).toBeHidden();

  await page.goto(url('/users'));
  await expect(userRow(page, SECOND.username)).toBeVisible();
  await page.getByRole('button', { name: U.add }).click();
  const form = page.getByRole('dialog', { name: U.form.addTitle });
  await form.getByLabel(U.form.username, { exact: true }).fill(CHECKER.username);
  await form.getByLabel(U.form.name, { exact: true }).fill(CHECKER.name);
  await form.getByLabel(U.form.group, { exact: true }).selectOption('bank');
  await form.getByLabel(U.form.bankId, { exact: true }).selectOption({ label: 'BIS — Banque Islamique du Sénégal' });
  // The profile comes from the list the menus read.
  await form.getByLabel(U.form.profile, { exact: true }).selectOption('Checker');
  await expect(form.getByText(U.form.secondAdminNew)).toBeVisible();
  await form.getByRole('button', { name: U.form.create }).click();
  await expect(form).toBeHidden();
  halves.first = await halfShown(
    page,
    `First half of the one-time password for ${CHECKER.username}`,
    U.firstHalf.label,
    'one-time-password',
    U.password.done,
  );

  const waiting = page.getByRole('region', { name: U.pending.title });
  await expect(waiting).toContainText(`Create user ${CHECKER.username}: ${CHECKER.name} (Bank, BIS Checker)`);
  await expect(waiting).toContainText(U.pending.mine);
  await expect(userRow(page, CHECKER.username)).toHaveCount(0);

  // The maker sees the request in the inbox, but may not decide it.
  await page.goto(url('/authorize-transactions'));
  const own = page.locator('main [data-kind="change"]');
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: I.approve })).toHaveCount(0);
  await page.context().close();
});

test('a second admin approves it in the inbox and sees the second half; the deciding buttons stay in view', async ({
  browser,
}) => {
  const page = await firstSignIn(browser, SECOND, oneTime[SECOND.username] as string);
  await page.goto(url('/authorize-transactions'));
  const change = page.locator('main [data-kind="change"]');
  await expect(change).toContainText(CHECKER.username);
  // What the change is about is shown whole at both widths, wrapped rather than cut.
  const about = I.about.newUser.replace('{{username}}', CHECKER.username).replace('{{name}}', CHECKER.name);
  const summary = change.getByText(about);
  await atBothWidths(page, 'inbox-change', async () => {
    await inView(page, change.getByRole('button', { name: I.approve }), summary);
    expect(await summary.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  });

  halves.second = await approveWithSecondHalf(page, about);
  expect(halves.second).not.toBe(halves.first);
  await page.context().close();
});

test('the new Checker signs in with both halves, sets their own password and sees the bank Checker menu', async ({
  browser,
}) => {
  const page = await signedInPage(browser, FIRST);
  await page.goto(url('/users'));
  const row = userRow(page, CHECKER.username);
  await expect(row).toContainText(CHECKER.name);
  await expect(row).toContainText(U.status.active);
  await expect(page.getByRole('region', { name: U.pending.title })).toHaveCount(0);
  await atBothWidths(page, 'users-list', () =>
    inView(
      page,
      row.getByText(CHECKER.name, { exact: true }),
      row.getByText(U.status.active, { exact: true }),
      row.getByRole('button', { name: `More actions for ${CHECKER.name}` }),
    ),
  );
  await page.context().close();

  const checker = await firstSignIn(browser, CHECKER, `${halves.first}-${halves.second}`);
  // The bank menu, with the Transfers section only a Checker has.
  const menu = checker.getByRole('navigation', { name: en.shell.mainMenu });
  await expect(menu.getByRole('button', { name: 'Bank Transfers', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Settings', exact: true })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Transfers', exact: true }).click();
  const authorize = menu.getByRole('link', { name: 'Authorize Transactions' });
  await expect(authorize).toBeVisible();
  await authorize.click();
  await expect(checker).toHaveURL(url('/authorize-transactions'));
  await expect(checker.getByRole('heading', { name: 'Authorize Transactions', level: 1 })).toBeVisible();
  await checker.context().close();
});

test('resetting the Checker’s password takes two administrators: neither half alone signs in, both together only set a password', async ({
  browser,
}) => {
  const maker = await signedInPage(browser, FIRST);
  await maker.goto(url('/users'));
  const row = userRow(maker, CHECKER.username);
  await row.getByRole('button', { name: `More actions for ${CHECKER.name}` }).click();
  await maker.getByRole('menuitem', { name: U.actions.passwordReset }).click();
  const confirm = maker.getByRole('dialog', { name: `Reset the password of ${CHECKER.name}?` });
  await expect(confirm).toContainText(U.confirm.passwordResetWaitText.replace('{{name}}', CHECKER.name));
  await confirm.getByRole('button', { name: U.confirm.ask }).click();
  const first = await halfShown(
    maker,
    `First half of the one-time password for ${CHECKER.username}`,
    U.firstHalf.label,
    'one-time-password',
    U.password.done,
  );
  const summary = `Reset password of ${CHECKER.username} (${CHECKER.name})`;
  await expect(maker.getByRole('region', { name: U.pending.title })).toContainText(summary);
  await maker.context().close();

  // Until a second administrator approves, nothing changed: the Checker's own password still works.
  await (await signedInPage(browser, CHECKER)).context().close();

  const checker = await signedInPage(browser, SECOND);
  // The inbox says whom the reset is about from its data, not the stored English summary.
  const second = await approveWithSecondHalf(checker, `${CHECKER.username} (${CHECKER.name})`);
  await checker.context().close();
  expect(second).not.toBe(first);

  // Neither administrator alone can sign in as the Checker; the old password is gone too.
  await refused(browser, CHECKER.username, first);
  await refused(browser, CHECKER.username, second);
  await refused(browser, CHECKER.username, CHECKER.password);

  // Both halves together open a session that can only set the Checker's own password.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await page.getByLabel(en.login.username, { exact: true }).fill(CHECKER.username);
  await page.getByLabel(en.login.password, { exact: true }).fill(`${first}-${second}`);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page).toHaveURL(url('/set-password'));
  await page.goto(url('/authorize-transactions'));
  await expect(page).toHaveURL(url('/set-password'));
  await page.getByLabel(pw.currentOneTime, { exact: true }).fill(`${first}-${second}`);
  await page.getByLabel(pw.new, { exact: true }).fill(CHECKER_AGAIN.password);
  await page.getByLabel(pw.repeat, { exact: true }).fill(CHECKER_AGAIN.password);
  await page.getByRole('button', { name: pw.set.submit }).click();
  await expect(page).toHaveURL(url('/'), { timeout: 60_000 });
  await expect(page.getByTestId('user-name')).toHaveText(CHECKER.name);
  await context.close();
});
