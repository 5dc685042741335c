/**
 * The path-test driver (tests/paths/driver.ts) in jsdom: the whole app through `renderApp`,
 * found and used with Testing Library and user-event; held requests are the fake API's.
 */
import { act, type BoundFunctions, type queries, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Driver, HeldAnswer, Target } from '../../paths/driver';
import type { FakeApi } from './fake-api';
import { type RenderAppOptions, type RenderedApp, renderApp } from './render-app';

const WAIT = { timeout: 5_000 };
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export interface JsdomDriver extends Driver {
  /** The app `open` rendered (reloads give a new one). */
  readonly app: RenderedApp;
  /** Unmounts the app and lets every held request go. */
  close(): void;
}

export interface JsdomDriverOptions extends Omit<RenderAppOptions, 'api' | 'url' | 'signedInAs'> {
  /** Runs after each render (the first and each reload), e.g. to put a held clipboard on the navigator. */
  onOpen?: (app: RenderedApp) => void;
}

export function createJsdomDriver(api: FakeApi, { onOpen, ...options }: JsdomDriverOptions = {}): JsdomDriver {
  let app: RenderedApp | undefined;
  const releases = new Set<() => void>();
  let reachedCount = 0;

  const scope = (target: Target | undefined): BoundFunctions<typeof queries> => (target ? within(one(target)) : screen);

  function all(target: Target): HTMLElement[] {
    const q = scope(target.in);
    if ('role' in target) return q.queryAllByRole(target.role as never, { name: target.name });
    if ('label' in target) return q.queryAllByLabelText(target.label);
    if ('text' in target) return q.queryAllByText(target.text);
    return q.queryAllByTestId(target.testId);
  }

  function one(target: Target): HTMLElement {
    const found = all(target);
    if (found.length !== 1) throw new Error(`${found.length} elements match ${describeTarget(target)}`);
    return found[0] as HTMLElement;
  }

  const found = (target: Target) => waitFor(() => one(target), WAIT);
  const check = (fn: () => void) => waitFor(fn, WAIT);

  const driver: JsdomDriver = {
    get app() {
      if (!app) throw new Error('The app is not open');
      return app;
    },
    async open(username, url) {
      app = renderApp({ ...options, api, url, signedInAs: username });
      onOpen?.(app);
    },
    async reload() {
      app = driver.app.reload();
      onOpen?.(app);
    },
    async click(target) {
      await driver.app.user.click(await found(target));
    },
    async fill(target, text) {
      const field = await found(target);
      await driver.app.user.clear(field);
      if (text) await driver.app.user.type(field, text);
    },
    async press(target, key) {
      const element = await found(target);
      act(() => element.focus());
      await driver.app.user.keyboard(`{${key}}`);
    },
    expectVisible: (target) => check(() => expect(one(target)).toBeVisible()),
    expectAbsent: (target) => check(() => expect(all(target)).toHaveLength(0)),
    expectText: (target, text) => check(() => expect(one(target)).toHaveTextContent(text)),
    expectTexts: (target, texts) => check(() => expect(all(target).map((e) => plain(e.textContent))).toEqual(texts)),
    expectValue: (target, value) => check(() => expect(one(target)).toHaveValue(value)),
    expectAttribute: (target, name, value, has = true) =>
      check(() => {
        const actual = one(target).getAttribute(name);
        const matches = typeof value === 'string' ? actual === value : actual !== null && value.test(actual);
        expect(matches, `${name}="${actual}"`).toBe(has);
      }),
    expectEnabled: (target, enabled = true) =>
      check(() => (enabled ? expect(one(target)).toBeEnabled() : expect(one(target)).toBeDisabled())),
    expectFocused: (target) => check(() => expect(document.activeElement).toBe(one(target))),
    hold(path) {
      const hold = api.hold(path);
      let open = true;
      let wasReached = false;
      const reached = hold.reached.then(() => {
        wasReached = true;
        if (open) reachedCount++;
      });
      const letGo = () => {
        if (!open) return;
        open = false;
        if (wasReached) reachedCount--;
        releases.delete(letGo);
        hold.release();
      };
      releases.add(letGo);
      return {
        reached,
        async release(answer?: HeldAnswer | 'no answer') {
          if (answer === 'no answer') {
            api.answerNext(path, () => {
              throw new TypeError('Failed to fetch');
            });
          } else if (answer) {
            api.answerNext(path, () => answer);
          }
          await act(async () => letGo());
          // Another held request keeps the fake API busy: then only this one is let go.
          if (reachedCount === 0) await api.idle();
        },
      };
    },
    held: () => reachedCount,
    close() {
      for (const release of [...releases]) release();
      app?.unmount();
      app = undefined;
    },
  };
  return driver;
}

function describeTarget(target: Target): string {
  const { in: inside, ...what } = target;
  return `${JSON.stringify(what, (_, v) => (v instanceof RegExp ? String(v) : v))}${inside ? ` in ${describeTarget(inside)}` : ''}`;
}

/** The driver, and choosing an option of a drop-down list in the page's main region, found by its label. */
export function withSelectOption(driver: JsdomDriver): JsdomDriver & {
  selectOption(target: Target, option: string): Promise<void>;
} {
  return Object.assign(Object.create(driver) as JsdomDriver, {
    async selectOption(target: Target, option: string) {
      if (!('label' in target)) throw new Error('A drop-down list is found by its label');
      const main = within(document.querySelector('main') as HTMLElement);
      await driver.app.user.selectOptions(main.getByLabelText(target.label), option);
    },
  });
}
