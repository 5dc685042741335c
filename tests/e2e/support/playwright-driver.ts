/**
 * The path-test driver (tests/paths/driver.ts) in Chromium: Playwright locators and assertions
 * against the real server; held requests are held by `page.route` and, once released, go on
 * to the real server unless the step table answers them itself (through any route the spec
 * registered before the driver: the driver's falls back to it).
 */
import { expect, type Locator, type Page, type Route } from '@playwright/test';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../../paths/driver';
import { loginViaApi } from './session';

type Role = Parameters<Page['getByRole']>[0];

export interface PlaywrightDriver extends Driver {
  readonly page: Page;
  /** The locator of `target`, found as every other step finds it. */
  locate(target: Target): Locator;
  /** As `hold`, for requests of one method only (a POST, when GETs go to the same address). */
  hold(path: string, method?: string): HeldRequest;
  /** Aborts every request still held (the test's end). */
  close(): Promise<void>;
}

/** The driver over `page`; it routes /rest/ from now on, so call it before the page opens. */
export async function createPlaywrightDriver(page: Page): Promise<PlaywrightDriver> {
  const waiting = new Map<string, { method?: string; arrive: (route: Route) => void }[]>();
  const held = new Set<Route>();

  await page.route('**/rest/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/rest\//, '');
    const queue = waiting.get(path) ?? [];
    const index = queue.findIndex((w) => !w.method || w.method === route.request().method());
    const [next] = index >= 0 ? queue.splice(index, 1) : [];
    if (next) next.arrive(route);
    // Fallback, not continue: a spec's own route registered before the driver still sees it.
    else await route.fallback();
  });

  const locate = (target: Target): Locator => {
    const root: Page | Locator = target.in ? locate(target.in) : page;
    const exact = (v: string | RegExp | undefined) => (typeof v === 'string' ? { exact: true } : {});
    if ('role' in target) return root.getByRole(target.role as Role, { name: target.name, ...exact(target.name) });
    if ('label' in target) return root.getByLabel(target.label, exact(target.label));
    if ('text' in target) return root.getByText(target.text, exact(target.text));
    return root.getByTestId(target.testId);
  };

  return {
    page,
    locate,
    async open(username, url) {
      await loginViaApi(page, username, { path: url });
    },
    async reload() {
      await page.reload();
    },
    async click(target) {
      const element = locate(target);
      // A button marked busy (aria-disabled) can still be clicked, as a user can; Playwright would wait.
      await element.click({ force: (await element.getAttribute('aria-disabled')) === 'true' });
    },
    fill: (target, text) => locate(target).fill(text),
    press: (target, key) => locate(target).press(key),
    expectVisible: (target) => expect(locate(target)).toBeVisible(),
    expectAbsent: (target) => expect(locate(target)).toHaveCount(0),
    expectText: (target, text) => expect(locate(target)).toContainText(text),
    expectTexts: (target, texts) => expect(locate(target)).toHaveText([...texts]),
    expectValue: (target, value) => expect(locate(target)).toHaveValue(value),
    expectAttribute: (target, name, value, has = true) =>
      has
        ? expect(locate(target)).toHaveAttribute(name, value)
        : expect(locate(target)).not.toHaveAttribute(name, value),
    expectEnabled: (target, enabled = true) =>
      enabled ? expect(locate(target)).toBeEnabled() : expect(locate(target)).toBeDisabled(),
    expectFocused: (target) => expect(locate(target)).toBeFocused(),
    hold(path, method) {
      let route: Route | undefined;
      const reached = new Promise<void>((resolve) => {
        const queue = waiting.get(path) ?? [];
        queue.push({
          method,
          arrive: (r) => {
            route = r;
            held.add(r);
            resolve();
          },
        });
        waiting.set(path, queue);
      });
      return {
        reached,
        async release(answer?: HeldAnswer | 'no answer') {
          await reached;
          if (!route || !held.delete(route)) throw new Error(`The request to ${path} was let go already`);
          if (answer === 'no answer') await route.abort('failed');
          else if (answer) await route.fulfill({ status: answer.status ?? 200, json: answer.body });
          else await route.fallback();
        },
      };
    },
    held: () => held.size,
    async close() {
      waiting.clear();
      for (const route of held) await route.abort().catch(() => undefined);
      held.clear();
    },
  };
}
