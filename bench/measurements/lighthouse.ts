import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/chromium';
import { signInThroughForm } from '../lib/browser';
import { onCleanup } from '../lib/cleanup';
import { root } from '../lib/server';
import type { Measurement, Row } from './types';

/**
 * Lighthouse (its Node API, lighthouse 12.8.2: the last line that runs on Node 20) with its
 * default config: the mobile preset (formFactor mobile, a 412×823 screen, simulated throttling
 * of a slow 4G network and a 4× slower CPU). Performance, accessibility and best-practices.
 *
 * Chromium is Debian's (tests/chromium.ts, the same flags as every browser run here, plus
 * --headless=new), started by chrome-launcher, which Lighthouse ships. Each page is audited
 * RUNS times; the row reports the run with the median performance score, so every figure of
 * a row comes from one run. Lighthouse clears the HTTP cache, service workers and Cache
 * Storage of the origin before each run (its default), so every run is a first visit; it
 * keeps local storage, which is where the dashboard keeps its session (src/session/storage.ts).
 *
 * - `/login`: signed out (a fresh profile); the run must end on /login.
 * - `/` as `admin`: signed in through the login form (Playwright attached to the same Chromium
 *   over CDP, then detached), so the session token sits in local storage as after a real
 *   sign-in; the run must end on `/`, not be sent back to /login, or the measurement fails.
 *
 * Every request of a run must stay on the server under test: one to another origin fails the
 * measurement (the machine is offline, and such a figure would measure a timeout).
 * The median run's HTML report is written to .bench-cache/lighthouse-<row>.html.
 */
const RUNS = 3;
/** Runs Lighthouse itself reports as failed (runtimeError) are repeated, this many times per page at most. */
const MAX_RETRIES = 3;
const REPORT_DIR = join(root, '.bench-cache');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

type LighthouseModule = typeof import('lighthouse');
type Lhr = NonNullable<Awaited<ReturnType<LighthouseModule['default']>>>['lhr'];

interface Target {
  id: string;
  label: string;
  path: string;
  /** The user signed in first, if any. */
  user?: string;
}

const TARGETS: Target[] = [
  { id: 'login', label: '/login (signed out)', path: '/login' },
  { id: 'home', label: '/ (signed in as admin)', path: '/', user: 'admin' },
];

const score = (lhr: Lhr, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

const metric = (lhr: Lhr, audit: string) => {
  const value = lhr.audits[audit]?.numericValue;
  return value === undefined ? null : value;
};

/** URLs of the run's requests that left the server under test. */
function foreignRequests(lhr: Lhr, origin: string): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined;
  if (!details?.items?.length) throw new Error("Lighthouse's network-requests audit listed no request");
  return details.items
    .map((item) => item.url ?? '')
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** Signs `username` in through the form in the Chromium Lighthouse will use, then detaches. */
async function signInOver(port: number, baseUrl: string, username: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The Chromium of chrome-launcher has no default context');
    const page = await context.newPage();
    await signInThroughForm(page, baseUrl, username);
    await page.close();
  } finally {
    // Over CDP this only detaches Playwright: the browser, its profile and the session stay.
    await browser.close();
  }
}

const ratioToPerfect = (value: number | null) => (value === null ? null : Math.round(value) / 100);

export const lighthouseScores: Measurement = {
  id: 'lighthouse',
  title: `Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian Chromium; median of ${RUNS} runs (by performance score)`,
  deterministic: false,
  columns: [
    { key: 'performance', label: 'Perf', unit: 'count' },
    // A score's floor is 100: the ratio is how far the page is from a perfect score.
    { key: 'performanceVsFloor', label: 'Perf ÷ 100', unit: 'ratio' },
    { key: 'accessibility', label: 'A11y', unit: 'count' },
    { key: 'bestPractices', label: 'Best pr.', unit: 'count' },
    { key: 'fcp', label: 'FCP', unit: 'ms' },
    { key: 'lcp', label: 'LCP', unit: 'ms' },
    { key: 'tbt', label: 'TBT', unit: 'ms' },
    { key: 'cls', label: 'CLS', unit: 'count' },
    { key: 'si', label: 'Speed Index', unit: 'ms' },
  ],
  async run({ baseUrl }) {
    const { default: lighthouse, generateReport } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const origin = new URL(baseUrl).origin;
    const loadBefore = loadavg();
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [...CHROMIUM_ARGS, '--headless=new', '--lang=en-US'],
      // bench/lib/cleanup.ts handles signals: chrome-launcher's own handler would exit first.
      handleSIGINT: false,
      logLevel: 'silent',
    });
    const release = onCleanup(async () => chrome.kill());
    const rows: Row[] = [];
    const runsByTarget: Record<string, unknown[]> = {};
    const retriesByTarget: Record<string, number> = {};
    let settings: Record<string, unknown> = {};
    try {
      for (const target of TARGETS) {
        if (target.user) await signInOver(chrome.port, baseUrl, target.user);
        const runs: Lhr[] = [];
        let retries = 0;
        while (runs.length < RUNS) {
          process.stderr.write(`  Lighthouse ${target.path} run ${runs.length + 1}/${RUNS}...\n`);
          const result = await lighthouse(`${baseUrl}${target.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
          const lhr = result.lhr;
          if (lhr.runtimeError) {
            // E.g. NO_NAVSTART, seen now and then on a busy machine: Lighthouse asks to run again.
            const problem = `Lighthouse ${target.path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
            if (++retries > MAX_RETRIES) throw new Error(problem);
            process.stderr.write(`  ${problem}; running it again\n`);
            continue;
          }
          const landed = new URL(lhr.finalDisplayedUrl).pathname;
          if (landed !== target.path) {
            throw new Error(
              `Lighthouse ${target.label} ended on ${landed}, not ${target.path}` +
                (target.user ? ': the session was not there, so this would measure /login' : ''),
            );
          }
          const foreign = foreignRequests(lhr, origin);
          if (foreign.length > 0) {
            throw new Error(`Lighthouse ${target.path} requested other origins: ${foreign.slice(0, 5).join(', ')}`);
          }
          for (const category of CATEGORIES) {
            if (score(lhr, category) === null) throw new Error(`Lighthouse ${target.path} gave no ${category} score`);
          }
          runs.push(lhr);
        }
        const first = runs[0] as Lhr;
        settings = {
          lighthouse: first.lighthouseVersion,
          userAgent: first.environment.hostUserAgent,
          formFactor: first.configSettings.formFactor,
          throttlingMethod: first.configSettings.throttlingMethod,
          throttling: first.configSettings.throttling,
          screenEmulation: first.configSettings.screenEmulation,
        };
        const byPerformance = [...runs].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0));
        const median = byPerformance[Math.floor(byPerformance.length / 2)] as Lhr;
        mkdirSync(REPORT_DIR, { recursive: true });
        const reportFile = join(REPORT_DIR, `lighthouse-${target.id}.html`);
        writeFileSync(reportFile, generateReport(median, 'html'));
        const cls = metric(median, METRICS.cls);
        rows.push({
          id: target.id,
          label: target.label,
          values: {
            performance: score(median, 'performance'),
            performanceVsFloor: ratioToPerfect(score(median, 'performance')),
            accessibility: score(median, 'accessibility'),
            bestPractices: score(median, 'best-practices'),
            fcp: metric(median, METRICS.fcp),
            lcp: metric(median, METRICS.lcp),
            tbt: metric(median, METRICS.tbt),
            cls: cls === null ? null : Math.round(cls * 1000) / 1000,
            si: metric(median, METRICS.si),
          },
          detail: {
            url: median.finalDisplayedUrl,
            reportFile: reportFile.slice(root.length),
            warnings: median.runWarnings,
          },
        });
        retriesByTarget[target.id] = retries;
        runsByTarget[target.id] = runs.map((lhr) => ({
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          bestPractices: score(lhr, 'best-practices'),
          fcp: metric(lhr, METRICS.fcp),
          lcp: metric(lhr, METRICS.lcp),
          tbt: metric(lhr, METRICS.tbt),
          cls: metric(lhr, METRICS.cls),
          si: metric(lhr, METRICS.si),
          // Lighthouse's CPU benchmark of this machine during the run: it expects more than 1,000 for its 4× slowdown.
          benchmarkIndex: lhr.environment.benchmarkIndex,
        }));
      }
    } finally {
      release();
      await chrome.kill();
    }
    return {
      rows,
      meta: {
        ...settings,
        runs: RUNS,
        loadAverage: { before: loadBefore, after: loadavg() },
        runsByPage: runsByTarget,
        retriesByPage: retriesByTarget,
      },
    };
  },
};
