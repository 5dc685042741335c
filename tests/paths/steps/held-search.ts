/**
 * The search (GET search) of the header's box and of the command palette, held by the driver
 * until the path says how it ends. It counts the searches the page has made, for the checks.
 */
import type { Driver, HeldAnswer, HeldRequest } from '../driver';
import type { SearchResult } from '../../../contract/details';

export const SEARCH_FAILED: HeldAnswer = {
  status: 500,
  body: { status: false, errors: [{ code: 'INTERNAL_ERROR', shortMessage: 'Internal error', longMessage: 'Failed' }] },
};
export const found = (result: SearchResult): HeldAnswer => ({ body: { status: true, payload: result } });

export function heldSearch(driver: Driver) {
  let held: HeldRequest | undefined;
  let reached = false;
  let counted = false;
  let made = 0;
  return {
    /** How many searches the page has made, as the steps saw them go. */
    made: () => made,
    /** The next search waits: called before the text that starts it is typed. */
    hold() {
      if (held) return;
      const request = driver.hold('search');
      held = request;
      reached = false;
      counted = false;
      void request.reached.then(() => {
        if (held === request) reached = true;
      });
    },
    /** Waits until the page has made the held search (counted once). */
    async sent() {
      if (!held || counted) return;
      await held.reached;
      counted = true;
      made += 1;
    },
    /** Ends the held search with `answer` (a server error, or what it found). */
    async answer(answer: HeldAnswer) {
      const request = held;
      held = undefined;
      await request?.release(answer);
    },
    /**
     * A search the page no longer waits for (the text moved on, the list closed): it is answered
     * after the step, with a match, which must change nothing.
     */
    abandon(): () => Promise<void> {
      const request = reached ? held : undefined;
      if (request) held = undefined;
      return async () => {
        await request?.release(
          found({
            accounts: [{ number: 'CUS-000009', holder: 'Too late', phone: null, kind: 'customer' }],
            transactions: [],
          }),
        );
      };
    },
  };
}
