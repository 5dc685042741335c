import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { DEMO_PASSWORD } from '../lib/api-client';
import { launchChromium } from '../lib/browser';
import { onCleanup } from '../lib/cleanup';
import { buildFloor, type FloorBuild } from '../lib/floor-build';
import type { Measurement, Row } from './types';

/**
 * JS and CSS the dashboard downloads: for /login, then for the first signed-in view (sign in
 * as admin through the form, land on '/'), counting every JS/CSS response fetched up to then.
 * Gzip sizes come from compressing each body here (zlib level 9), so they do not depend on
 * what encoding the server chose; raw is the decoded body size.
 *
 * Each figure stands beside its floor: bench/floor/, a page of React 19, TanStack Router and
 * XState only, built in the same run with the same Vite config (bench/lib/floor-build.ts). The
 * ratio column is the figure's JS gzip over the floor's.
 */

export interface Asset {
  path: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

function kindOf(response: Response): Asset['kind'] | null {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type.includes('javascript') || (!type && /\.m?js$/.test(path))) return 'js';
  if (type.includes('text/css') || (!type && path.endsWith('.css'))) return 'css';
  return null;
}

/**
 * Resolves once the page has had no request in flight for `quietMs`. Unlike
 * waitForLoadState('networkidle'), this also works after a client-side navigation, and it does not
 * wait for an event stream to end.
 */
export function networkQuiet(page: Page) {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  // A server-sent event stream (the inbox count) stays open for as long as the page does: once it
  // has answered it is no longer loading anything.
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('text/event-stream')) inFlight.delete(response.request());
  });
  return async (quietMs = 500, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`The page kept loading for ${timeoutMs / 1000} s`);
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
  };
}

/** Records every same-origin JS/CSS response of a page, once per URL. */
export function recordAssets(page: Page, origin: string) {
  const assets = new Map<string, Promise<Asset | null>>();
  page.on('response', (response) => {
    const url = response.url();
    if (new URL(url).origin !== origin || assets.has(url)) return;
    const kind = kindOf(response);
    if (!kind) return;
    assets.set(
      url,
      (async () => {
        if (response.status() !== 200) {
          console.warn(`  (skipping ${url}: status ${response.status()})`);
          return null;
        }
        const body = await response.body();
        return { path: new URL(url).pathname, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  /** Everything fetched so far (waits for bodies still being read). */
  return async () => (await Promise.all(assets.values())).filter((a): a is Asset => a !== null);
}

/**
 * The chunks the signed-in shell preloads while idle for the pages behind the menu (decision
 * 028): the built index.html names them in `<meta name="page-chunks">`.
 */
export async function idlePreloads(page: Page): Promise<string[]> {
  const content = await page.locator('meta[name="page-chunks"]').getAttribute('content');
  return (content ?? '').split(' ').filter(Boolean);
}

/** Figure over floor, to 3 decimals. */
const ratio = (figure: number, floor: number) => Math.round((figure / floor) * 1000) / 1000;

function toRow(id: string, label: string, assets: Asset[], floor: FloorBuild): Row {
  const sum = (kind: Asset['kind'], key: 'raw' | 'gzip') =>
    assets.filter((a) => a.kind === kind).reduce((total, a) => total + a[key], 0);
  const jsGzip = sum('js', 'gzip');
  return {
    id,
    label,
    values: {
      jsGzip,
      floorJsGzip: floor.jsGzip,
      vsFloor: ratio(jsGzip, floor.jsGzip),
      jsRaw: sum('js', 'raw'),
      cssGzip: sum('css', 'gzip'),
      cssRaw: sum('css', 'raw'),
      files: assets.length,
    },
    detail: { files: [...assets].sort((a, b) => a.path.localeCompare(b.path)) },
  };
}

function floorRow(floor: FloorBuild): Row {
  return {
    id: 'floor',
    label: 'floor: React, TanStack Router, XState only',
    values: {
      jsGzip: floor.jsGzip,
      floorJsGzip: floor.jsGzip,
      vsFloor: 1,
      jsRaw: floor.jsRaw,
      cssGzip: null,
      cssRaw: null,
      files: floor.files,
    },
  };
}

export const bundleSize: Measurement = {
  id: 'bundle',
  title: 'Dashboard JS/CSS (gzip -9 of each body, and raw)',
  deterministic: true,
  columns: [
    { key: 'jsGzip', label: 'JS gzip', unit: 'bytes' },
    { key: 'floorJsGzip', label: 'Floor JS gzip', unit: 'bytes' },
    { key: 'vsFloor', label: '÷ floor', unit: 'ratio' },
    { key: 'jsRaw', label: 'JS raw', unit: 'bytes' },
    { key: 'cssGzip', label: 'CSS gzip', unit: 'bytes' },
    { key: 'cssRaw', label: 'CSS raw', unit: 'bytes' },
    { key: 'files', label: 'Files', unit: 'count' },
  ],
  async run({ baseUrl }) {
    const floor = await buildFloor();
    const browser = await launchChromium();
    const release = onCleanup(() => browser.close());
    try {
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
      const page = await context.newPage();
      const fetched = recordAssets(page, new URL(baseUrl).origin);
      const quiet = networkQuiet(page);

      await page.goto(`${baseUrl}/login`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await quiet();
      const login = await fetched();

      await page.getByLabel('Username', { exact: true }).fill('admin');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Your pages' }).waitFor();
      await quiet();
      const signedIn = await fetched();
      const preloaded = await idlePreloads(page);

      await context.close();
      return {
        rows: [
          toRow('login', '/login', login, floor),
          toRow('signed-in', 'first signed-in view (/ as admin)', signedIn, floor),
          toRow(
            'first-view',
            '  of which the view itself (not the idle preload)',
            signedIn.filter((a) => !preloaded.includes(a.path)),
            floor,
          ),
          floorRow(floor),
        ],
        meta: { browser: `chromium ${browser.version()}` },
      };
    } finally {
      release();
      await browser.close();
    }
  },
};
