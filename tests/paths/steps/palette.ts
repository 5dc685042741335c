/**
 * The step table of the command palette (tests/paths/machines/shell.ts), written against the
 * driver: an administrator opens it with the header's button on the home page (no page visited
 * yet, so nothing is listed before a text). A name is searched: the search is held until the
 * path names its answer (PALETTE_ANSWERS), given in the server's place.
 */
import { en } from '../../messages';
import type { Driver, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { PALETTE_ANSWERS, PALETTE_TYPED } from '../machines/shell';
import type { SearchWorld } from './header-search';
import { found, heldSearch, SEARCH_FAILED } from './held-search';

const C = en.commandPalette;
const DIALOG: Target = { role: 'dialog', name: C.title };
const OPEN_BUTTON: Target = { role: 'button', name: en.palette.open };
const FIELD: Target = { role: 'combobox', name: C.input, in: DIALOG };
const PEOPLE: Target = { role: 'group', name: C.people, in: DIALOG };
const { accounts, transactions } = PALETTE_ANSWERS['person and payment'];
const PERSON = accounts[0] as { number: string; holder: string };
const PAYMENT = transactions[0] as { reference: string };
/** The options a name lists, in order, and the page each opens. */
const LISTED = [
  { option: { role: 'option', name: new RegExp(`^${PERSON.holder}`), in: PEOPLE }, page: `/accounts/${PERSON.number}` },
  {
    option: { role: 'option', name: new RegExp(`^${PAYMENT.reference}`), in: PEOPLE },
    page: `/transactions/${PAYMENT.reference}`,
  },
] satisfies { option: Target; page: string }[];
export const PALETTE_PAGES = LISTED.map((l) => l.page);

type Listed = keyof typeof PALETTE_ANSWERS | 'failed';

export function paletteSteps(driver: Driver, world: SearchWorld): PathSteps {
  /** What the user expects, from the steps taken so far. */
  let text = '';
  let listed: Listed | null = null;
  let active = 0;
  let page = '/';
  /** Closed without a choice: focus goes back to the button that opened it. */
  let dismissed = false;
  let search = heldSearch(driver);

  const options = () => (listed === 'person and payment' ? LISTED : []);
  async function expectSearches() {
    if ((await world.searchesSent()) !== search.made()) throw new Error(`Not ${search.made()} searches sent`);
  }

  return {
    async start() {
      text = '';
      listed = null;
      active = 0;
      page = '/';
      dismissed = false;
      search = heldSearch(driver);
      await driver.open(world.user, '/');
      await driver.expectVisible(OPEN_BUTTON);
    },
    states: {
      async closed() {
        await driver.expectAbsent(DIALOG);
        await world.expectPath(page);
        if (dismissed) await driver.expectFocused(OPEN_BUTTON);
      },
      async 'open.idle'() {
        await driver.expectVisible(DIALOG);
        await driver.expectValue(FIELD, text);
        await driver.expectAbsent(PEOPLE);
        await driver.expectAbsent({ text: C.searching });
        // Nothing typed, no page visited yet: the palette says what to type.
        if (!text) await driver.expectVisible({ text: C.typeMore, in: DIALOG });
        await expectSearches();
      },
      async 'open.waiting'() {
        // The pause is the app's own 300 ms: the search may start any moment, so only the field is checked.
        await driver.expectValue(FIELD, text);
        await driver.expectAbsent(PEOPLE);
      },
      async 'open.searching'() {
        await driver.expectVisible({ text: C.searching, in: DIALOG });
        await driver.expectAbsent(PEOPLE);
        await expectSearches();
      },
      async 'open.shown'() {
        await driver.expectValue(FIELD, text);
        await driver.expectAbsent({ text: C.searching });
        if (listed === 'failed') await driver.expectVisible({ text: C.failed, in: DIALOG });
        if (listed === 'nothing') await driver.expectVisible({ text: C.none, in: DIALOG });
        if (!options().length) await driver.expectAbsent(PEOPLE);
        for (const [index, { option }] of options().entries()) {
          await driver.expectAttribute(option, 'aria-selected', String(index === active));
        }
      },
    },
    events: {
      async 'palette.open'() {
        await driver.click(OPEN_BUTTON);
        dismissed = false;
        text = '';
        listed = null;
        active = 0;
      },
      async 'palette.close'() {
        const answerLate = search.abandon();
        await driver.press(FIELD, 'Escape');
        await answerLate();
        dismissed = true;
      },
      async 'palette.type'({ step }) {
        const typed = PALETTE_TYPED[step.label as keyof typeof PALETTE_TYPED];
        const answerLate = search.abandon();
        if (step.states.includes('open.waiting')) search.hold();
        await driver.fill(FIELD, typed);
        await answerLate();
        text = typed;
        listed = null;
        active = 0;
      },
      async 'after(pause)@open.waiting'() {
        await search.sent();
      },
      async 'search.done'({ step }) {
        const label = step.label as keyof typeof PALETTE_ANSWERS;
        await search.answer(found(PALETTE_ANSWERS[label]));
        listed = label;
      },
      async 'search.error'() {
        await search.answer(SEARCH_FAILED);
        listed = 'failed';
      },
      async 'palette.move'({ step }) {
        const by = step.label === 'Up' ? -1 : 1;
        await driver.press(FIELD, by === 1 ? 'ArrowDown' : 'ArrowUp');
        const count = options().length;
        if (count > 0) active = (((active + by) % count) + count) % count;
      },
      async 'palette.choose'() {
        await driver.press(FIELD, 'Enter');
        page = (options()[active] as (typeof LISTED)[number]).page;
      },
    },
    nothingSent: expectSearches,
  };
}
