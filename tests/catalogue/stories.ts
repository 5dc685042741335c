import { readFileSync } from 'node:fs';
import { type Browser, test as base, type Page } from '@playwright/test';

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];
export const WIDTHS = [360, 1280] as const;

const INDEX = new URL('../../catalogue-dist/index.json', import.meta.url);

/** Every story of the built catalogue, in the catalogue's order. */
export function catalogueStories(): string[] {
  let index: { entries: Record<string, { id: string; type: string }> };
  try {
    index = JSON.parse(readFileSync(INDEX, 'utf8'));
  } catch {
    throw new Error('No built catalogue: run `npm run catalogue:build` (or `npm run catalogue:check`).');
  }
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id);
}

/** "Today" for every story, so a story that counts from now draws the same picture tomorrow. */
const TODAY = new Date('2026-11-28T10:00:00Z');
/**
 * Animations stopped where they start, as the picture takes them anyway: a spinning icon's box
 * changes with its angle, and the part of the page pictured is measured from the boxes.
 */
const STILL = '*, *::before, *::after { animation: none !important; transition: none !important; }';
/** A story that shows something after a delay (a notice) has drawn it once the page is this quiet. */
const QUIET_MS = 250;

interface Channel {
  emit(event: string, payload: unknown): void;
  on(event: string, listener: (id: string) => void): void;
}
type CatalogueWindow = Window & {
  __STORYBOOK_ADDONS_CHANNEL__: Channel;
  __STORYBOOK_PREVIEW__?: { currentRender?: { id: string; phase?: string } };
  renders?: { id: string; count: number };
};

/**
 * One page per worker, loaded once per scheme: later stories are switched through Storybook's
 * channel (a fresh mount, no reload), which is most of the check's speed.
 */
export class StoryPage {
  private scheme: Scheme | undefined;
  private constructor(readonly page: Page) {}

  static async open(browser: Browser, baseURL: string) {
    const context = await browser.newContext({ baseURL, timezoneId: 'Africa/Dakar', locale: 'en-GB' });
    const page = await context.newPage();
    await page.clock.setFixedTime(TODAY);
    return new StoryPage(page);
  }

  /** Mounts the story afresh at this width and scheme and waits until it has drawn. */
  async show(id: string, width: number, scheme: Scheme) {
    const { page } = this;
    await page.setViewportSize({ width, height: 800 });
    if (scheme !== this.scheme) {
      this.scheme = undefined;
      await page.goto(`/iframe.html?id=${id}&viewMode=story&globals=scheme:${scheme}`);
      await page.waitForFunction((id) => {
        const render = (window as unknown as CatalogueWindow).__STORYBOOK_PREVIEW__?.currentRender;
        return render?.id === id && ['completed', 'afterEach', 'finished'].includes(render.phase ?? '');
      }, id);
      await page.addStyleTag({ content: STILL });
      await page.evaluate(() => {
        const w = window as unknown as CatalogueWindow;
        w.renders = { id: '', count: 0 };
        w.__STORYBOOK_ADDONS_CHANNEL__.on('storyRendered', (id) => {
          w.renders = { id, count: (w.renders?.count ?? 0) + 1 };
        });
      });
      this.scheme = scheme;
    } else {
      const before = await page.evaluate((id) => {
        const w = window as unknown as CatalogueWindow;
        const { count } = w.renders ?? { count: 0 };
        const render = w.__STORYBOOK_PREVIEW__?.currentRender;
        // The same story again would be left as it is: remount it instead.
        if (render?.id === id) w.__STORYBOOK_ADDONS_CHANNEL__.emit('forceRemount', { storyId: id });
        else w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
        return count;
      }, id);
      await page.waitForFunction(
        ({ id, before }) => {
          const { renders } = window as unknown as CatalogueWindow;
          return renders !== undefined && renders.count > before && renders.id === id;
        },
        { id, before },
      );
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await page.evaluate(waitUntilQuiet, QUIET_MS);
    await page.evaluate(() => document.fonts.ready);
  }

  close() {
    return this.page.context().close();
  }
}

/** Resolves once the document has not changed for `quietMs` (at most 3 s). */
function waitUntilQuiet(quietMs: number) {
  return new Promise<void>((resolve) => {
    let timer = setTimeout(done, quietMs);
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    const deadline = setTimeout(done, 3000);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(deadline);
      resolve();
    }
  });
}

/** The frame's padding, kept around what the story draws. */
const MARGIN = 16;

/**
 * The part of the page the story draws on: every element it rendered, in the frame or in a
 * portal on <body> (dialogs, menus, notices), from the frame's top left corner, plus the
 * frame's padding. Not the whole 800 px frame, which would make most pictures empty ground.
 */
export function storyClip(page: Page) {
  return page.evaluate((margin) => {
    const frame = document.getElementById('storybook-root')?.firstElementChild;
    const start = frame?.getBoundingClientRect() ?? { left: 0, top: 0 };
    let left = start.left + margin;
    let top = start.top + margin;
    let right = left;
    let bottom = top;
    for (const element of document.body.querySelectorAll('*')) {
      if (element === frame || element.contains(frame ?? null) || element.closest('script, style')) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden parts (1 px focus guards, labels for screen readers) draw nothing.
      if (box.width <= 1 || box.height <= 1) continue;
      left = Math.min(left, box.left);
      top = Math.min(top, box.top);
      right = Math.max(right, box.right);
      bottom = Math.max(bottom, box.bottom);
    }
    const page = document.documentElement;
    const x = Math.max(0, Math.floor(left - margin));
    const y = Math.max(0, Math.floor(top - margin));
    return {
      x,
      y,
      width: Math.min(page.scrollWidth, Math.ceil(right + margin)) - x,
      height: Math.min(page.scrollHeight, Math.ceil(bottom + margin)) - y,
    };
  }, MARGIN);
}

/** The catalogue's tests get one `StoryPage` per worker. */
export const test = base.extend<object, { storyPage: StoryPage }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const storyPage = await StoryPage.open(browser, workerInfo.project.use.baseURL ?? '');
      await use(storyPage);
      await storyPage.close();
    },
    { scope: 'worker' },
  ],
});
