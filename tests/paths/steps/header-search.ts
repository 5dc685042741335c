/**
 * The step table of the header's search box (tests/paths/machines/shell.ts), written against
 * the driver: an administrator (who has the transaction report, so "See all results" is listed)
 * types in the box on the home page. Each search is held until the path says how it ends, and
 * its answer is the one the path names (SEARCH_ANSWERS), given in the server's place.
 */
import { en, said } from '../../messages';
import type { Driver, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { SEARCH_ANSWERS, SEARCH_TYPED } from '../machines/shell';
import { found, heldSearch, SEARCH_FAILED } from './held-search';

const S = en.headerSearch;

/** What only the runner knows. */
export interface SearchWorld {
  /** The demo user who searches: one with the transaction report. */
  user: string;
  /** How many searches the page has sent. */
  searchesSent(): Promise<number>;
  /** Waits until the page's address is `pathname`. */
  expectPath(pathname: string): Promise<void>;
}

const BOX: Target = { role: 'combobox', name: S.label };
const RESULTS: Target = { role: 'region', name: S.results };
const PERSON = SEARCH_ANSWERS['one person'].accounts[0] as { number: string; holder: string };
const NOTHING_MATCHES = (text: string) =>
  `${said(en.noMatch.nothingMatches, { searched: text })} ${en.noMatch.tryAnotherWay}`;

type Listed = keyof typeof SEARCH_ANSWERS | 'failed';
/** Where each choice leads: the person's page, or the transaction report of all results. */
export const PERSON_PAGE = `/accounts/${PERSON.number}`;
export const ALL_RESULTS_PAGE = '/reports/transaction-report';

export function headerSearchSteps(driver: Driver, world: SearchWorld): PathSteps {
  /** What the user expects, from the steps taken so far. */
  let text = '';
  let listed: Listed | null = null;
  let active = -1;
  let page = '/';
  let search = heldSearch(driver);

  const options = (): Target[] =>
    listed === 'one person'
      ? [
          { role: 'option', name: new RegExp(PERSON.holder), in: RESULTS },
          { role: 'option', name: said(S.seeAll, { text }), in: RESULTS },
        ]
      : [];
  /** Enter or a click opened a choice: the list closes and the page changes. */
  function opened(pathname: string) {
    page = pathname;
    listed = null;
    active = -1;
  }
  async function expectSearches() {
    if ((await world.searchesSent()) !== search.made()) throw new Error(`Not ${search.made()} searches sent`);
  }

  return {
    async start() {
      text = '';
      listed = null;
      active = -1;
      page = '/';
      search = heldSearch(driver);
      await driver.open(world.user, '/');
      await driver.expectVisible(BOX);
    },
    states: {
      async idle() {
        await world.expectPath(page);
        await driver.expectAbsent(RESULTS);
        await driver.expectAttribute(BOX, 'aria-expanded', 'false');
        await driver.expectValue(BOX, text);
      },
      async debouncing() {
        // The pause is the app's own 300 ms: the list may open any moment, so only the field is checked.
        await driver.expectValue(BOX, text);
        await driver.expectAbsent({ role: 'listbox' });
        await driver.expectAbsent({ text: S.failed });
      },
      async searching() {
        await driver.expectText(RESULTS, S.searching);
        await driver.expectAbsent({ role: 'listbox' });
        await expectSearches();
      },
      async shown() {
        await driver.expectVisible(RESULTS);
        await driver.expectAbsent({ text: S.searching });
        await world.expectPath(page);
        if (listed === 'failed') await driver.expectText(RESULTS, S.failed);
        else await driver.expectAbsent({ text: S.failed });
        if (listed === 'nothing') await driver.expectText(RESULTS, NOTHING_MATCHES(text));
        const shown = options();
        await driver.expectAttribute(BOX, 'aria-expanded', String(shown.length > 0));
        if (!shown.length) await driver.expectAbsent({ role: 'listbox' });
        for (const [index, option] of shown.entries()) {
          await driver.expectAttribute(option, 'aria-selected', String(index === active));
        }
        await driver.expectAttribute(BOX, 'aria-activedescendant', /./, active >= 0);
      },
    },
    events: {
      async 'search.type'({ step }) {
        const typed = SEARCH_TYPED[step.label as keyof typeof SEARCH_TYPED];
        const answerLate = search.abandon();
        if (step.states.includes('debouncing')) search.hold();
        await driver.fill(BOX, typed);
        await answerLate();
        text = typed;
        listed = null;
        active = -1;
      },
      async 'after(pause)@debouncing'() {
        await search.sent();
      },
      async 'search.submit'({ step }) {
        await driver.press(BOX, 'Enter');
        if (step.states.includes('searching')) await search.sent();
        if (step.blocked || !step.states.includes('idle')) return;
        // The highlighted option, else the single match.
        opened(options().length - 1 === active ? ALL_RESULTS_PAGE : PERSON_PAGE);
      },
      async 'search.done'({ step }) {
        const label = step.label as keyof typeof SEARCH_ANSWERS;
        await search.answer(found(SEARCH_ANSWERS[label]));
        // Enter went before the answer: a single match opens at once.
        if (step.states.includes('idle')) opened(PERSON_PAGE);
        else listed = label;
      },
      async 'search.error'() {
        await search.answer(SEARCH_FAILED);
        listed = 'failed';
      },
      async 'search.next'() {
        await driver.press(BOX, 'ArrowDown');
        active = active + 1 >= options().length ? -1 : active + 1;
      },
      async 'search.previous'() {
        await driver.press(BOX, 'ArrowUp');
        active = active - 1 < -1 ? options().length - 1 : active - 1;
      },
      async 'search.pick'({ step }) {
        const index = step.label === 'all results' ? 1 : 0;
        await driver.click(options()[index] as Target);
        opened(index === 1 ? ALL_RESULTS_PAGE : PERSON_PAGE);
      },
      async 'search.close'() {
        const answerLate = search.abandon();
        await driver.press(BOX, 'Escape');
        await answerLate();
        listed = null;
        active = -1;
      },
    },
    nothingSent: expectSearches,
  };
}
