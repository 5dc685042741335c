/**
 * What a step table may do to the page, the same in jsdom (Testing Library, tests/unit/support/
 * jsdom-driver.ts) and in Chromium (Playwright, tests/e2e/support/playwright-driver.ts): so one
 * step table per machine (tests/paths/steps/) serves both runners.
 *
 * Matching follows Testing Library: a string matches the whole text (name, label) exactly, a
 * RegExp matches part of it. Every `expect…` waits for the page to get there, as Playwright's
 * assertions do.
 */

/** Something on the page, found as a user would find it; `in` narrows the search to inside another. */
export type Target = (
  | { role: string; name?: string | RegExp }
  | { label: string | RegExp }
  | { text: string | RegExp }
  | { testId: string }
) & { in?: Target };

/** An answer the runner gives in the server's place. */
export interface HeldAnswer {
  status?: number;
  body: unknown;
}

/** A request the page makes that waits until the step table lets it go. */
export interface HeldRequest {
  /** Resolves once the page has made the request. */
  reached: Promise<void>;
  /**
   * Lets it go: to the server (in jsdom the fake API's own answer), or answered with `answer`
   * instead, or `'no answer'`: it fails as a dropped connection does.
   */
  release(answer?: HeldAnswer | 'no answer'): Promise<void>;
}

export interface Driver {
  /** Opens the app signed in as a demo user, at `url`. */
  open(username: string, url: string): Promise<void>;
  /** Reloads the page (the tab's storage stays). */
  reload(): Promise<void>;
  /** Clicks, a button marked busy (`aria-disabled`) included: the page must ignore it. */
  click(target: Target): Promise<void>;
  /** Clears the field and types `text` (nothing when empty). */
  fill(target: Target, text: string): Promise<void>;
  /** Focuses the target and presses a key (`Enter`, `Escape`, …, as Playwright names them). */
  press(target: Target, key: string): Promise<void>;
  expectVisible(target: Target): Promise<void>;
  /** Not on the page at all. */
  expectAbsent(target: Target): Promise<void>;
  /** The text contains `text` (a string) or matches it (a RegExp). */
  expectText(target: Target, text: string | RegExp): Promise<void>;
  /** Every element the target matches, in order, has exactly these texts (spaces collapsed). */
  expectTexts(target: Target, texts: readonly string[]): Promise<void>;
  expectValue(target: Target, value: string): Promise<void>;
  /** The attribute is `value` (or matches it); with `has` false, it is not (absent or another value). */
  expectAttribute(target: Target, name: string, value: string | RegExp, has?: boolean): Promise<void>;
  /** Enabled (or, with false, disabled) as a form control. */
  expectEnabled(target: Target, enabled?: boolean): Promise<void>;
  expectFocused(target: Target): Promise<void>;
  /**
   * Holds the next request to `path` (below /rest/, no query) until released. Call it before
   * the step that makes the request, then await `reached`.
   */
  hold(path: string): HeldRequest;
  /** How many held requests have been made and not released yet. */
  held(): number;
}
