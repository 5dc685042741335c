/**
 * The step table of the presence machine (tests/paths/machines/presence.ts): the KYC
 * administrator opens a pending case from the list, and the runner counts what the server heard.
 * A page announces the case it shows at once and every PRESENCE_REFRESH_MS, and withdraws it
 * when the page is left or the user signs out.
 */
import { en, said } from '../../messages';
import type { Driver, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { PRESENCE_CASE } from '../machines/presence';

const K = en.kyc;
const MAIN: Target = { role: 'main' };
const CASE_HEADING: Target = { role: 'heading', name: PRESENCE_CASE.name, in: MAIN };
const OPEN_LINK: Target = { role: 'link', name: said(K.list.open, PRESENCE_CASE), in: MAIN };

/** What only the runner knows: how often the server heard the case announced and withdrawn. */
export interface PresenceWorld {
  announced(): number;
  withdrawn(): number;
}

/** Waits for a count to reach `want`, as the driver's checks wait for the page. */
async function counted(what: string, count: () => number, want: number, withinMs = 6_000) {
  const until = Date.now() + withinMs;
  while (count() < want && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  if (count() !== want) throw new Error(`${what}: ${count()} times, expected ${want}`);
}

export function presenceSteps(d: Driver, world: PresenceWorld): PathSteps {
  let announcements = 0;
  let withdrawals = 0;
  let signedOut = false;

  const heard = async () => {
    await counted('announced', world.announced, announcements);
    await counted('withdrawn', world.withdrawn, withdrawals);
  };

  return {
    async start() {
      await d.open('kyc-admin', '/customers?kycStatus=pending');
      await d.expectVisible(OPEN_LINK);
    },
    states: {
      async idle() {
        if (signedOut) await d.expectVisible({ role: 'button', name: en.login.submit });
        else await d.expectAbsent(CASE_HEADING);
        await heard();
      },
      async 'holding.saying'() {
        await d.expectVisible(CASE_HEADING);
        await heard();
      },
    },
    events: {
      async 'presence.open'() {
        await d.click(OPEN_LINK);
        announcements += 1;
      },
      async 'presence.close'() {
        await d.click({ role: 'link', name: K.detail.back, in: MAIN });
        withdrawals += 1;
      },
      async 'presence.leave'() {
        // Signing out ends the session first, so no withdrawal is sent (it would be refused);
        // the server forgets the hold once it has not heard of it for PRESENCE_TTL_MS.
        await d.click({ role: 'button', name: en.shell.logout });
        signedOut = true;
      },
      async 'after(refresh)@holding.saying'() {
        // The page's own timer: the next announcement comes PRESENCE_REFRESH_MS later.
        announcements += 1;
        await counted('announced again', world.announced, announcements);
      },
    },
  };
}
