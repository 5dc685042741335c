/**
 * The step table of the detail machine (tests/paths/machines/reports.ts) on its two pages: a
 * transaction (/transactions/…: its receipt, "Print receipt") and an account (/accounts/…: its
 * transactions, two pages of them). Each load is held until the path says how it ends: found is
 * the server's answer, not found and a failure are answered in its place.
 */
import { en, said } from '../../messages';
import { refused, SERVER_ERROR, SERVER_FAILURE } from '../answers/reports';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { DETAIL_KEYS } from '../machines/reports';

const D = en.details;
const NOT_FOUND = refused(404, 'NOT_FOUND', 'None of your reports lists it.');

/** What only the runner knows: who reads the pages, what they show and what they asked for. */
export interface DetailWorld {
  reader: string;
  /** The references of the account's transactions on each page, newest first. */
  accountPages: readonly (readonly string[])[];
  /** The page asked for by each load of the account or transaction at `path`, oldest first. */
  loadsAsked(path: string): Promise<number[]>;
  /** How many times the page had the browser print. */
  printed(): Promise<number>;
}

const MAIN: Target = { role: 'main' };
const RETRY: Target = { role: 'button', name: en.reports.retry, in: MAIN };
const PRINT: Target = { role: 'button', name: D.tx.print, in: MAIN };
const OLDER: Target = { role: 'button', name: D.account.next, in: MAIN };
const HISTORY: Target = { role: 'table', name: D.account.transactionsCaption, in: MAIN };
const LOADING: Target = { text: D.loading, in: MAIN };

export function detailSteps(driver: Driver, world: DetailWorld): PathSteps {
  let key = '';
  let held: HeldRequest | undefined;
  /** The pages asked for so far, and the one on screen (0: none yet). */
  let asked: number[] = [];
  let shownPage = 0;
  let prints = 0;

  const isAccount = () => key === DETAIL_KEYS.account;
  const loadPath = () => (isAccount() ? `accounts/${key}` : `transactions/${key}`);
  const title = () => (isAccount() ? said(D.account.title, { number: key }) : said(D.tx.title, { reference: key }));
  const pageOf = (page: number) => said(D.account.pageOf, { page, pages: world.accountPages.length });

  async function expectAsked() {
    const loads = await world.loadsAsked(loadPath());
    if (loads.join() !== asked.join()) throw new Error(`Pages asked for: ${loads}, expected ${asked}`);
    if ((await world.printed()) !== prints)
      throw new Error(`Printed ${await world.printed()} times, expected ${prints}`);
  }
  async function holding(page: number, act: () => Promise<void>) {
    held = driver.hold(loadPath());
    await act();
    await held.reached;
    asked = [...asked, page];
  }
  async function release(answer?: HeldAnswer) {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }
  /** The account's transactions of `page`, and where the pager stands. */
  async function expectHistory(page: number) {
    for (const reference of world.accountPages[page - 1] ?? []) {
      await driver.expectVisible({ role: 'link', name: reference, in: HISTORY });
    }
    await driver.expectVisible({ text: pageOf(page), in: MAIN });
  }

  return {
    async start({ step }) {
      key = (step.input as { key: string }).key;
      asked = [];
      shownPage = 0;
      prints = 0;
      await holding(1, () => driver.open(world.reader, isAccount() ? `/accounts/${key}` : `/transactions/${key}`));
    },
    states: {
      async loading() {
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        if (shownPage === 0) {
          await driver.expectVisible({ role: 'heading', name: title(), in: MAIN });
          await driver.expectVisible(LOADING);
        } else {
          // Another page of the account's transactions: the one shown stays, its pager waits.
          await expectHistory(shownPage);
          await driver.expectEnabled(OLDER, false);
        }
        await expectAsked();
      },
      async shown() {
        await driver.expectAbsent(LOADING);
        await driver.expectVisible({ role: 'heading', name: title(), in: MAIN });
        if (isAccount()) {
          await expectHistory(shownPage);
          await driver.expectEnabled(OLDER, shownPage < world.accountPages.length);
        } else {
          await driver.expectVisible({ role: 'article', name: D.tx.receipt, in: MAIN });
          await driver.expectVisible(PRINT);
        }
        await expectAsked();
      },
      async missing() {
        await driver.expectVisible({ role: 'heading', name: D.missingTitle });
        const text = isAccount() ? D.missingAccount : D.missingTransaction;
        await driver.expectVisible({ text: said(text, { key }) });
        await expectAsked();
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: MAIN }, SERVER_FAILURE);
        await driver.expectVisible(RETRY);
        await expectAsked();
      },
    },
    events: {
      async 'loadDetail.done'() {
        await release();
        shownPage = asked.at(-1) ?? 1;
      },
      async 'loadDetail.error'({ step }) {
        await release(step.label === 'not found' ? NOT_FOUND : SERVER_ERROR);
      },
      async 'detail.retry'() {
        // Asks again for the page that failed.
        await holding(asked.at(-1) ?? 1, () => driver.click(RETRY));
      },
      async 'detail.page'() {
        await holding(shownPage + 1, () => driver.click(OLDER));
      },
      async 'detail.print'() {
        await driver.click(PRINT);
        prints++;
      },
    },
  };
}
