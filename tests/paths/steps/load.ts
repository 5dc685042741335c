/**
 * The step table of the report machine (tests/paths/machines/reports.ts) on the transaction
 * report (/reports/transaction-report): the page asks for its rows as it opens and again for
 * each status the user filters on. Every request for rows is held until the path says how it
 * ends; rows are the server's, no rows and a failure are answered in its place.
 */
import { en } from '../../messages';
import { answered, SERVER_ERROR, SERVER_FAILURE } from '../answers/reports';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import type { SelectingDriver } from './approvals';

const R = en.reports;
const ROWS = 'reports/transaction-report';
const NO_ROWS = answered({
  rows: [],
  total: 0,
  page: 1,
  pageSize: 50,
  totals: { count: 0, amount: 0, fee: 0, commission: 0 },
  byStatus: [],
});

/** The statuses the user filters on in turn: each differs from the one before. */
const STATUSES = [
  { label: 'Failed', value: 'failed' },
  { label: 'Success', value: 'success' },
] as const;

/** What only the runner knows: who reads the report, what the server lists, what the page asked. */
export interface LoadWorld {
  reader: string;
  /** The reference of a row the server lists for any status. */
  listedReference: string;
  /** The status filter of each request for rows the page made, oldest first (null: none). */
  statusesAsked(): Promise<(string | null)[]>;
  /** Resolves once every request let go has had its answer delivered to the page. */
  answersDelivered(): Promise<void>;
}

const MAIN: Target = { role: 'main' };
const TABLE: Target = { role: 'table', name: 'Transaction Report', in: MAIN };
const STATUS: Target = { label: R.filter.status, in: MAIN };
const RETRY: Target = { role: 'button', name: R.retry, in: MAIN };
const LOADING: Target = { text: R.loading, in: MAIN };
const EMPTY: Target = { text: R.empty.transactions, in: MAIN };

export function loadSteps(driver: SelectingDriver, world: LoadWorld): PathSteps {
  /** Requests for rows held in flight, oldest first (one the user replaced is among them). */
  let held: HeldRequest[] = [];
  /** The status the page shows and last asked for (null: every status). */
  let status: string | null = null;
  let turn = 0;
  let asked = 0;

  async function holding(act: () => Promise<void>) {
    const request = driver.hold(ROWS);
    held.push(request);
    await act();
    await request.reached;
    asked++;
  }
  async function releaseNewest(answer?: HeldAnswer) {
    const request = held.pop();
    await request?.release(answer);
  }
  async function expectAsked() {
    const statuses = await world.statusesAsked();
    if (statuses.length !== asked) throw new Error(`${statuses.length} requests for rows, expected ${asked}`);
    if (statuses.at(-1) !== status) throw new Error(`Rows asked for status ${statuses.at(-1)}, expected ${status}`);
  }

  return {
    async start() {
      held = [];
      status = null;
      turn = 0;
      asked = 0;
      held.push(driver.hold(ROWS));
      await driver.open(world.reader, '/reports/transaction-report');
    },
    states: {
      async idle() {
        await driver.expectVisible({ role: 'heading', name: 'Transaction Report', in: MAIN });
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await driver.expectAbsent(EMPTY);
      },
      async loading() {
        await driver.expectVisible(LOADING);
        await driver.expectAttribute(TABLE, 'aria-busy', 'true');
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await driver.expectAbsent(EMPTY);
        await driver.expectValue(STATUS, status ?? '');
        await expectAsked();
      },
      async loaded() {
        await driver.expectAttribute(TABLE, 'aria-busy', 'false');
        await driver.expectVisible({ text: world.listedReference, in: TABLE });
        await driver.expectAbsent(LOADING);
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await driver.expectAbsent(EMPTY);
        await expectAsked();
      },
      async empty() {
        await driver.expectVisible(EMPTY);
        await driver.expectAbsent(TABLE);
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await expectAsked();
      },
      async failed() {
        await driver.expectText({ role: 'alert', in: MAIN }, SERVER_FAILURE);
        await driver.expectVisible(RETRY);
        await driver.expectAbsent(TABLE);
        await expectAsked();
      },
    },
    events: {
      async 'report.query'() {
        if (asked === 0) {
          // The page asks for its view as it opens: the request held at the start.
          const request = held.at(-1) as HeldRequest;
          await request.reached;
          asked++;
          return;
        }
        const next = STATUSES[turn++ % STATUSES.length] as (typeof STATUSES)[number];
        const replaced = held.length > 0;
        await holding(() => driver.selectOption(STATUS, next.label));
        status = next.value;
        if (replaced) {
          // The answer to the query the user replaced comes late, with rows: the page ignores it.
          const stale = held.shift() as HeldRequest;
          await stale.release();
          await world.answersDelivered();
        }
      },
      async 'fetchReport.done'({ step }) {
        await releaseNewest(step.label === 'no rows' ? NO_ROWS : undefined);
      },
      async 'fetchReport.error'() {
        await releaseNewest(SERVER_ERROR);
      },
      async 'report.retry'() {
        await holding(() => driver.click(RETRY));
      },
    },
  };
}
