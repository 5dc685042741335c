/**
 * The step table of the QR code unlink machine (/unlink-qr; the graph is tests/paths/machines/
 * settings.ts), run in jsdom by tests/unit/unlink.paths.test.tsx. A search and an unlink are each
 * held until the path says how they end; a server error and a search that finds nothing are
 * answered in the server's place.
 */
import { qrMessages } from '../../../src/features/qr/messages';
import { enKit } from '../../../src/i18n/kit-en';
import { REASON_MIN } from '../../../contract/reasons';
import { said } from '../../messages';
import { SERVER_ERROR, SERVER_ERROR_MESSAGE } from '../answers/settings';
import type { HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { LINKED_CODE, UNLINK_TYPED } from '../machines/settings';
import type { SelectingDriver } from './approvals';

const U = qrMessages.en.unlink;
const NOTHING: HeldAnswer = { body: { status: true, payload: { rows: [], total: 0, page: 1, pageSize: 100 } } };

/** What only the runner knows: who unlinks codes, and what reached the server. */
export interface UnlinkWorld {
  admin: string;
  /** How many changes (anything but a read) the page has sent. */
  writes(): number;
}

const MAIN: Target = { role: 'main' };
const QUERY: Target = { label: U.search, in: MAIN };
const STATUS: Target = { label: U.status, in: MAIN };
const TABLE: Target = { role: 'table', name: U.caption, in: MAIN };
const FIND: Target = { role: 'button', name: U.find, in: MAIN };
const UNLINK_ROW: Target = { role: 'button', name: said(U.actionLabel, { code: LINKED_CODE.code }), in: MAIN };
const DIALOG: Target = { role: 'dialog', name: said(U.dialogTitle, { code: LINKED_CODE.code }) };
const REASON: Target = { label: new RegExp(`^${U.reason}`), in: DIALOG };

export function unlinkSteps(driver: SelectingDriver, world: UnlinkWorld): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let held: HeldRequest[] = [];
  let query = '';
  let status = 'linked';
  let queryError = false;
  let found: 'linked' | 'unlinked' | 'nothing' | null = null;
  let loadError = false;
  let reason = '';
  let reasonError = false;
  let failure = false;
  let announced: string | null = null;
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

  return {
    async start() {
      held = [];
      query = '';
      status = 'linked';
      queryError = false;
      found = null;
      loadError = false;
      announced = null;
      writes = 0;
      await driver.open(world.admin, '/unlink-qr');
      await driver.expectVisible(FIND);
    },
    states: {
      async idle() {
        await driver.expectAbsent({ role: 'dialog' });
        await driver.expectValue(QUERY, query);
        await driver.expectValue(STATUS, status);
        await driver.expectAttribute(QUERY, 'aria-invalid', String(queryError));
        if (queryError) await driver.expectVisible({ text: U.queryError, in: MAIN });
        if (found === 'linked' || found === 'unlinked') {
          await driver.expectVisible({ text: LINKED_CODE.code, in: TABLE });
          const state = found === 'linked' ? U.status_linked : U.status_unlinked;
          await driver.expectVisible({ text: state, in: TABLE });
          if (found === 'linked') await driver.expectEnabled(UNLINK_ROW);
          else await driver.expectAbsent(UNLINK_ROW);
        } else await driver.expectAbsent(TABLE);
        if (found === 'nothing') await driver.expectVisible({ text: U.empty, in: MAIN });
        else await driver.expectAbsent({ text: U.empty, in: MAIN });
        if (loadError) {
          await driver.expectText({ role: 'alert', in: MAIN }, SERVER_ERROR_MESSAGE);
          await driver.expectVisible({ role: 'button', name: enKit.reports.retry, in: MAIN });
        } else await driver.expectAbsent({ role: 'alert', in: MAIN });
        if (announced) await driver.expectVisible({ text: announced });
        expectWrites();
      },
      async searching() {
        await driver.expectAttribute({ role: 'button', name: U.finding, in: MAIN }, 'aria-disabled', 'true');
        expectWrites();
      },
      async 'confirming.asking'() {
        await driver.expectVisible(DIALOG);
        await driver.expectValue(REASON, reason);
        await driver.expectAttribute(REASON, 'aria-invalid', String(reasonError));
        const problem: Target = { text: said(U.reasonError, { min: REASON_MIN }), in: DIALOG };
        if (reasonError) await driver.expectVisible(problem);
        else await driver.expectAbsent(problem);
        if (failure) await driver.expectText({ role: 'alert', in: DIALOG }, SERVER_ERROR_MESSAGE);
        else await driver.expectAbsent({ role: 'alert', in: DIALOG });
        await driver.expectAttribute({ role: 'button', name: U.confirm, in: DIALOG }, 'aria-disabled', 'true', false);
        expectWrites();
      },
      async 'confirming.unlinking'() {
        // On its way, once: the dialog says so and cannot be left.
        await driver.expectAttribute({ role: 'button', name: U.working, in: DIALOG }, 'aria-disabled', 'true');
        await driver.expectEnabled({ role: 'button', name: U.cancel, in: DIALOG }, false);
        expectWrites();
      },
    },
    events: {
      async 'query.change'({ step }) {
        query = UNLINK_TYPED.query[step.label as keyof typeof UNLINK_TYPED.query];
        await driver.fill(QUERY, query);
        queryError = false;
      },
      async 'status.change'({ step }) {
        await driver.selectOption(STATUS, step.label === 'all' ? U.statusAll : U.statusLinked);
        status = String(step.label);
      },
      async 'search.submit'({ step }) {
        if (step.states.includes('searching')) {
          await holding('qr-codes', () => driver.click(FIND));
          return;
        }
        // Too short to look for, and not a whole code: said in place, nothing sent.
        await driver.click(FIND);
        queryError = true;
        await driver.expectFocused(QUERY);
      },
      async 'search.retry'() {
        await holding('qr-codes', () => driver.click({ role: 'button', name: enKit.reports.retry, in: MAIN }));
      },
      async 'findCodes.done'({ step }) {
        if (step.label === 'nothing') {
          await release(NOTHING);
          found = 'nothing';
        } else {
          await release();
          found = 'linked';
        }
        loadError = false;
      },
      async 'findCodes.error'() {
        await release(SERVER_ERROR);
        loadError = true;
        found = null;
      },
      async 'unlink.start'() {
        await driver.click(UNLINK_ROW);
        reason = '';
        reasonError = false;
        failure = false;
      },
      async 'reason.change'({ step }) {
        reason = UNLINK_TYPED.reason[step.label as keyof typeof UNLINK_TYPED.reason];
        await driver.fill(REASON, reason);
        // A refused reason clears itself once put right.
        if (reasonError && step.label === 'a reason') reasonError = false;
      },
      async 'unlink.confirm'({ step }) {
        const confirm: Target = { role: 'button', name: U.confirm, in: DIALOG };
        if (step.states.includes('confirming.unlinking')) {
          await holding(`qr-codes/${LINKED_CODE.code}/unlink`, () => driver.click(confirm));
          writes++;
          failure = false;
          return;
        }
        // Refused in place: nothing is sent, and the reason field says why.
        await driver.click(confirm);
        reasonError = true;
        await driver.expectFocused(REASON);
      },
      async 'unlink.cancel'({ step }) {
        if (step.states.includes('confirming.unlinking')) {
          // Escape while the unlink is on its way: the page keeps the dialog.
          await driver.press({ role: 'button', name: U.working, in: DIALOG }, 'Escape');
          return;
        }
        await driver.click({ role: 'button', name: U.cancel, in: DIALOG });
      },
      async 'unlinkCode.done'() {
        await release();
        found = 'unlinked';
        announced = said(U.done, { code: LINKED_CODE.code });
      },
      async 'unlinkCode.error'() {
        await release(SERVER_ERROR);
        failure = true;
      },
    },
    async nothingSent() {
      expectWrites();
      if (driver.held() !== held.length) throw new Error('A request left the page');
    },
  };
}
