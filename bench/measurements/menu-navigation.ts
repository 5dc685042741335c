import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { en } from '../../tests/messages';
import { menuFor } from '../../contract/navigation/menus';
import { findPage } from '../../src/registry/pages';
import type { MenuSection } from '../../contract/navigation/types';
import { launchChromium, signInThroughForm } from '../lib/browser';
import { onCleanup } from '../lib/cleanup';
import { percentile } from '../lib/stats';
import type { Measurement, Row } from './types';

/**
 * From a click on a side-menu link to the page's content on screen, in Chromium (the browser
 * tests' set-up, 1280×720, English, service workers blocked), signed in as `admin`.
 *
 * - Start: the click event's `timeStamp` (a capturing listener on the document).
 * - End: the first animation frame after the page's content is in the DOM: its h1 is the
 *   page's title, its own "loaded" element exists (its table's data rows, or its answered
 *   empty state), and nothing in <main> is aria-busy or a skeleton row. A MutationObserver
 *   checks on every change; the time is read in the next requestAnimationFrame callback, the
 *   frame that paints it. Both ends are performance.now() of the page, so Playwright's own
 *   round trips are not counted.
 *
 * Each of SESSIONS fresh browser contexts (empty HTTP cache) signs in through the form, then
 * clicks the TARGETS in turn, ROUNDS times. The first round is "cold": the page's lazy chunk
 * is fetched by that click (the first click of a session also fetches the page host shared by
 * every page); the others are "warm": chunks in memory, the page's data fetched again. Before
 * each click the link's menu section is opened if it is not (not timed). Each row counts the
 * JS files the clicks fetched, to show cold clicks did fetch code and warm ones did not.
 */
const SESSIONS = 5;
const ROUNDS = 7;
const READY_TIMEOUT_MS = 30_000;
const USER = 'admin';

interface Target {
  id: string;
  path: string;
  /** Selectors inside <main> that must all match once the page's data has arrived. */
  ready: string[];
  /** Or this text in <main>: the page's answer when it has nothing to list. */
  emptyText?: string;
  /** What "loaded" means for this page, for results.json. */
  loaded: string;
}

const TARGETS: Target[] = [
  {
    id: 'transaction-report',
    path: '/reports/transaction-report',
    ready: ['table tbody tr:not([data-skeleton])', '[data-testid="report-totals"]'],
    emptyText: en.reports.empty.transactions,
    loaded: "the table's rows and the totals of today's transactions (its default period)",
  },
  {
    id: 'authorize-transactions',
    path: '/authorize-transactions',
    ready: ['table tbody tr'],
    // The page opens on the inbox of requests waiting for this user's decision.
    emptyText: en.approvals.inbox.empty,
    loaded: 'the requests waiting for a decision (none on a fresh demo: its "Nothing waits for your decision." answer)',
  },
  {
    id: 'audit-trail',
    path: '/audit-trail',
    ready: ['table tbody tr'],
    loaded: "the audit table's rows (the sign-ins so far)",
  },
  {
    id: 'banks',
    path: '/banks',
    ready: ['table tbody tr'],
    loaded: "the banks table's rows",
  },
];

const ADMIN_MENU = menuFor({ group: 'admin', profileName: 'Admin', members: [] });

function sectionOf(path: string): MenuSection {
  const section = ADMIN_MENU.find((s) => s.items.some((item) => item.to === path));
  if (!section) throw new Error(`${path} is not in the admin menu (contract/navigation/menus.ts)`);
  return section;
}

function titleOf(path: string): string {
  const title = findPage(path)?.page.title.en;
  if (!title) throw new Error(`${path} is not a page of src/registry/pages.ts`);
  return title;
}

interface Spec {
  path: string;
  title: string;
  ready: string[];
  emptyText: string | null;
}

interface Timing {
  start: number;
  end: number;
}

/**
 * The watcher of one navigation, run in the page: sets `window.__benchNav` to a promise of the
 * click's timeStamp and the frame after the target's content appeared. Plain JavaScript in a
 * string: a function would be compiled by tsx, whose helpers (__name) the page does not have.
 */
const WATCHER = `(spec) => {
  window.__benchNav = new Promise((resolve) => {
    let start = null;
    let done = false;
    const ready = () => {
      if (window.location.pathname !== spec.path) return false;
      const main = document.querySelector('main');
      if (!main) return false;
      if (main.querySelector('h1')?.textContent?.trim() !== spec.title) return false;
      if (main.querySelector('[aria-busy="true"], [data-skeleton]')) return false;
      return (
        spec.ready.every((selector) => main.querySelector(selector) !== null) ||
        (spec.emptyText !== null && (main.textContent ?? '').includes(spec.emptyText))
      );
    };
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (done || start === null || !ready()) return;
      done = true;
      observer.disconnect();
      const clicked = start;
      requestAnimationFrame(() => resolve({ start: clicked, end: performance.now() }));
    };
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener('click', (event) => {
      start = event.timeStamp;
      check();
    }, { capture: true, once: true });
  });
}`;

function armWatcher(page: Page, spec: Spec): Promise<void> {
  return page.evaluate(`(${WATCHER})(${JSON.stringify(spec)})`);
}

/** What the page shows when it is not ready in time, for the error message. */
const DIAGNOSE = `(spec) => {
  const main = document.querySelector('main');
  return JSON.stringify({
    path: window.location.pathname,
    h1: main?.querySelector('h1')?.textContent?.trim() ?? null,
    missing: spec.ready.filter((selector) => !main?.querySelector(selector)),
    busy: [...(main?.querySelectorAll('[aria-busy="true"], [data-skeleton]') ?? [])].map((e) => e.tagName).slice(0, 5),
    text: (main?.textContent ?? '').slice(0, 300),
  });
}`;

/** Waits for the armed watcher's timing, at most READY_TIMEOUT_MS; says what the page shows if it is not ready. */
async function shown(page: Page, spec: Spec): Promise<Timing> {
  const timing = (await page.evaluate(`Promise.race([
    window.__benchNav,
    new Promise((resolve) => setTimeout(() => resolve(null), ${READY_TIMEOUT_MS})),
  ])`)) as Timing | null;
  if (timing) return timing;
  const state = await page.evaluate(`(${DIAGNOSE})(${JSON.stringify(spec)})`);
  throw new Error(`${spec.path} was not shown within ${READY_TIMEOUT_MS / 1000} s: ${String(state)}`);
}

interface Sample {
  ms: number;
  jsFiles: number;
}

/** Clicks the target's menu link and times it; the section is opened first when closed. */
async function clickAndTime(page: Page, target: Target, scripts: () => number): Promise<Sample> {
  const title = titleOf(target.path);
  const nav = page.getByRole('navigation', { name: en.shell.mainMenu });
  const link = nav.locator(`a[href="${target.path}"]`);
  if (!(await link.isVisible())) {
    await nav.getByRole('button', { name: sectionOf(target.path).title.en, exact: true }).click();
    await link.waitFor({ state: 'visible' });
  }
  const spec: Spec = { path: target.path, title, ready: target.ready, emptyText: target.emptyText ?? null };
  await armWatcher(page, spec);
  const before = scripts();
  await link.click();
  const timing = await shown(page, spec);
  return { ms: timing.end - timing.start, jsFiles: scripts() - before };
}

const round3 = (ms: number) => Math.round(ms * 1000) / 1000;

function toRow(target: Target, kind: 'cold' | 'warm', samples: Sample[]): Row {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const files = samples.map((s) => s.jsFiles).sort((a, b) => a - b);
  const section = sectionOf(target.path);
  return {
    id: `${target.id}-${kind}`,
    label: `${section.title.en} › ${titleOf(target.path)}, ${kind}`,
    values: {
      p50: round3(percentile(times, 50)),
      p95: round3(percentile(times, 95)),
      max: round3(times[times.length - 1] as number),
      samples: times.length,
      jsFiles: percentile(files, 50),
    },
    detail: { path: target.path, loaded: target.loaded, samplesMs: samples.map((s) => round3(s.ms)) },
  };
}

export const menuNavigation: Measurement = {
  id: 'menu-navigation',
  title: `Menu click to content shown, as ${USER} (Chromium 1280×720; click timeStamp → frame after h1 + data; ${SESSIONS} fresh sessions × ${ROUNDS} rounds: 1 cold + ${ROUNDS - 1} warm)`,
  deterministic: false,
  columns: [
    { key: 'p50', label: 'p50', unit: 'ms' },
    { key: 'p95', label: 'p95', unit: 'ms' },
    { key: 'max', label: 'max', unit: 'ms' },
    { key: 'samples', label: 'Samples', unit: 'count' },
    { key: 'jsFiles', label: 'JS files fetched (p50)', unit: 'count' },
    // A cold click's floor is the warm click of the same page: the code is in memory, the data is
    // fetched again. The ratio is what fetching and starting the page's code costs on top.
    { key: 'floorP50', label: 'Floor p50 (warm)', unit: 'ms' },
    { key: 'vsFloor', label: '÷ floor', unit: 'ratio' },
  ],
  async run({ baseUrl }) {
    const loadBefore = loadavg();
    const browser = await launchChromium();
    const release = onCleanup(() => browser.close());
    const cold = new Map<string, Sample[]>(TARGETS.map((t) => [t.id, []]));
    const warm = new Map<string, Sample[]>(TARGETS.map((t) => [t.id, []]));
    try {
      for (let session = 0; session < SESSIONS; session++) {
        process.stderr.write(`  session ${session + 1}/${SESSIONS}: ${ROUNDS} rounds of ${TARGETS.length} clicks...\n`);
        const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
        try {
          const page = await context.newPage();
          let scripts = 0;
          page.on('request', (request) => {
            if (request.resourceType() === 'script') scripts++;
          });
          await signInThroughForm(page, baseUrl, USER);
          for (let round = 0; round < ROUNDS; round++) {
            for (const target of TARGETS) {
              let sample: Sample;
              try {
                sample = await clickAndTime(page, target, () => scripts);
              } catch (error) {
                throw new Error(
                  `Clicking ${target.path} (session ${session + 1}, round ${round + 1}): ${String(error)}`,
                );
              }
              (round === 0 ? cold : warm).get(target.id)?.push(sample);
            }
          }
        } finally {
          await context.close();
        }
      }
      const rows: Row[] = [];
      for (const target of TARGETS) {
        const coldRow = toRow(target, 'cold', cold.get(target.id) ?? []);
        const warmRow = toRow(target, 'warm', warm.get(target.id) ?? []);
        const coldP50 = coldRow.values.p50 ?? null;
        const floorP50 = warmRow.values.p50 ?? null;
        coldRow.values.floorP50 = floorP50;
        coldRow.values.vsFloor = coldP50 !== null && floorP50 ? Math.round((coldP50 / floorP50) * 1000) / 1000 : null;
        rows.push(coldRow, warmRow);
      }
      return {
        rows,
        meta: {
          browser: `chromium ${browser.version()}`,
          user: USER,
          sessions: SESSIONS,
          rounds: ROUNDS,
          loadAverage: { before: loadBefore, after: loadavg() },
        },
      };
    } finally {
      release();
      await browser.close();
    }
  },
};
