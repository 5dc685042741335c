/**
 * The step table of the audit trail's export machine (tests/paths/machines/reports.ts) on
 * /audit-trail: "Export CSV" downloads the filtered trail as a file, one export at a time. The
 * export is held until the path says how it ends; its failure is answered in the server's place.
 */
import { en } from '../../messages';
import { SERVER_ERROR, SERVER_FAILURE } from '../answers/reports';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';

const A = en.auditTrail;
const EXPORT = 'audit-events/export';

/** What only the runner knows: who reads the trail, what the page asked for and saved. */
export interface AuditExportWorld {
  auditor: string;
  /** The format asked for by each export request, oldest first. */
  exportsAsked(): Promise<string[]>;
  /** The names of the files the page saved, oldest first. */
  saved(): Promise<string[]>;
  /** The name of a file of today's trail in `format`. */
  fileName(format: string): string;
}

const MAIN: Target = { role: 'main' };
const BUTTONS: Target[] = [
  { role: 'button', name: A.export.csv, in: MAIN },
  { role: 'button', name: A.export.xlsx, in: MAIN },
];
const WORKING: Target = { text: A.export.working, in: MAIN };

export function auditExportSteps(driver: Driver, world: AuditExportWorld): PathSteps {
  let held: HeldRequest | undefined;
  let asked: string[] = [];
  let saved: string[] = [];
  let failure: string | null = null;

  async function expectSent() {
    const sent = await world.exportsAsked();
    if (sent.join() !== asked.join()) throw new Error(`Exports asked for: ${sent}, expected ${asked}`);
    const files = await world.saved();
    if (files.join() !== saved.join()) throw new Error(`Files saved: ${files}, expected ${saved}`);
  }

  return {
    async start() {
      held = undefined;
      asked = [];
      saved = [];
      failure = null;
      await driver.open(world.auditor, '/audit-trail');
    },
    states: {
      async idle() {
        for (const button of BUTTONS) await driver.expectEnabled(button);
        await driver.expectAbsent(WORKING);
        if (failure) await driver.expectText({ role: 'alert', in: MAIN }, failure);
        else await driver.expectAbsent({ role: 'alert', in: MAIN });
        await expectSent();
      },
      async exporting() {
        // One export at a time: both buttons wait for this one.
        for (const button of BUTTONS) await driver.expectEnabled(button, false);
        await driver.expectVisible(WORKING);
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        await expectSent();
      },
    },
    events: {
      async 'export.start'() {
        held = driver.hold(EXPORT);
        await driver.click(BUTTONS[0] as Target);
        await held.reached;
        asked = [...asked, 'csv'];
        failure = null;
      },
      async 'exportFile.done'() {
        const request = held;
        held = undefined;
        await request?.release();
        saved = [...saved, world.fileName('csv')];
      },
      async 'exportFile.error'() {
        const request = held;
        held = undefined;
        await request?.release(SERVER_ERROR);
        failure = SERVER_FAILURE;
      },
    },
  };
}
