/**
 * One customer registration by the zone sales manager: the generated paths of the real
 * registration machine (tests/paths/machines/registration.ts) in real Chromium against the real
 * server, with the step table the jsdom run uses (tests/paths/steps/registration.ts). The
 * duplicate checks, the create call and the uploads are the real server's; a phone registered
 * meanwhile is an account the test registers through the API before Register's answer.
 * `page.route` answers only what the server cannot be made to give on demand: a session that
 * ends under the form, a request that gets no answer, a server error on an upload.
 *
 * Registrations create real accounts in the database the e2e files share: each path types its
 * own phone numbers (+221 75 4…, a range no demo wallet and no other file uses) and national
 * ID (1 975 4…), with the retry in them so a retried path does not meet its own first try.
 */
import { expect, type Page, type PlaywrightWorkerArgs, type Route, test } from '@playwright/test';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { registrationDraftForm } from '../../contract/registration-forms';
import { DEMO_WITHDRAWAL_CODES } from '../../server/db/demo-withdrawal-codes';
import type { HeldAnswer, HeldRequest, Target } from '../paths/driver';
import {
  type GeneratedPath,
  generateCoveringPaths,
  incompleteSteps,
  missingCoverage,
  runPath,
} from '../paths/graph-adapter';
import { asTestSteps } from './support/path-steps';
import { registrationGraph } from '../paths/machines/registration';
import { registrationSteps } from '../paths/steps/registration';
import { REGISTRATION_REQUESTS, REGISTRATION_USER, type RegistrationEnv } from '../paths/steps/registration-page';
import { createPlaywrightDriver } from './support/playwright-driver';
import { openApi, passwordSession } from './support/two-factor';

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** A demo customer's phone: the server says it is registered. */
const TAKEN = DEMO_WITHDRAWAL_CODES[0]?.phone ?? '';
const UPLOADS = '**/rest/kyc/accounts/*/documents';
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The one field a step table's target finds by its label in the page's main region. */
function labelled(page: Page, target: Target) {
  const { label } = target as { label?: string | RegExp };
  if (label === undefined) throw new Error('A field is found by its label');
  return page.getByRole('main').getByLabel(label, typeof label === 'string' ? { exact: true } : {});
}

/** Every duplicate check and create call the page sends, and how many of its requests are on their way. */
function recordRequests(page: Page) {
  const checks: Record<string, string>[] = [];
  const creates: unknown[] = [];
  let inFlight = 0;
  // The inbox's event stream stays open as long as the page (who has what open, decision 050):
  // it is never "in flight" in the sense of a request the page waits for.
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/rest/') && pathname !== '/rest/inbox/stream';
  };
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight++;
    const url = new URL(request.url());
    const path = url.pathname.slice('/rest/'.length);
    if (path === REGISTRATION_REQUESTS.check) checks.push(Object.fromEntries(url.searchParams));
    if (path === REGISTRATION_REQUESTS.create && request.method() === 'POST') creates.push(request.postDataJSON());
  });
  const done = (request: { url(): string }) => {
    if (isApi(request.url())) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { checks, creates, inFlight: () => inFlight };
}

/**
 * Holds the next upload to whichever account the server numbered: the driver holds a path it
 * is told, and the new account's number is known only once the page has it. Registered after
 * the driver's route, so it sees each upload first and passes on those it does not hold.
 */
async function holdUploads(page: Page) {
  const waiting: ((route: Route) => void)[] = [];
  await page.route(UPLOADS, async (route) => {
    const next = waiting.shift();
    if (next) next(route);
    else await route.fallback();
  });
  return (): HeldRequest => {
    let route: Route | undefined;
    const reached = new Promise<void>((resolve) => {
      waiting.push((r) => {
        route = r;
        resolve();
      });
    });
    return {
      reached,
      async release(answer?: HeldAnswer | 'no answer') {
        await reached;
        if (!route) throw new Error('No upload held');
        if (answer === 'no answer') await route.abort('failed');
        else if (answer) await route.fulfill({ status: answer.status ?? 200, json: answer.body });
        else await route.fallback();
      },
    };
  };
}

/** Registers a customer with this phone through the API, as another manager would. */
async function registerPhone(playwright: PlaywrightWorkerArgs['playwright'], phone: string, nationalId: string) {
  const api = await openApi(playwright);
  try {
    const token = await passwordSession(api, REGISTRATION_USER);
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value ?? '';
    const response = await api.post(`/rest/${REGISTRATION_REQUESTS.create}`, {
      data: {
        identity: { firstName: 'Aminata', lastName: 'Fall', birthDate: '1990-02-11', gender: 'female', nationalId },
        contact: { phone },
        address: { street: 'Rue 4, Plateau', city: 'Dakar', region: 'Dakar' },
        settings: { agentNumber: 'AGT-00001' },
      },
      headers: { [HEADER.xsrf]: xsrf, [HEADER.sessionToken]: token },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  } finally {
    await api.dispose();
  }
}

async function envFor(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  index: number,
): Promise<RegistrationEnv> {
  const sent = recordRequests(page);
  const holdUpload = await holdUploads(page);
  // Three digits of the path and one of the retry: unique in the shared database.
  const own = `4${pad(index, 2)}${test.info().retry % 10}`;
  const number = (end: string) => {
    const typed = `75 ${own.slice(0, 3)} ${own.slice(3)}${end}`;
    return { typed, stored: `+221 ${typed}` };
  };
  const draftPrefix = `formDraft:${registrationDraftForm('customer')}:`;
  return {
    nationalId: { typed: `1 975 ${own} 00001`, stored: `1975${own}00001` },
    phones: {
      valid: number('1 01'),
      fresh: number('1 02'),
      taken: { typed: TAKEN.replace('+221 ', ''), stored: TAKEN },
    },
    accountNumber: /^CUS-\d{6}$/,
    select: (target, value) =>
      labelled(page, target)
        .selectOption(value)
        .then(() => undefined),
    pick: (target, file) =>
      labelled(page, target).setInputFiles({
        name: file.name,
        mimeType: file.mimeType,
        buffer: Buffer.from(file.bytes),
      }),
    checks: async () => [...sent.checks],
    creates: async () => [...sent.creates],
    idle: () => expect.poll(sent.inFlight).toBe(0),
    storedDraft: () =>
      page.evaluate((prefix) => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith(prefix));
        const raw = key === undefined ? null : sessionStorage.getItem(key);
        return raw === null ? null : JSON.parse(raw);
      }, draftPrefix),
    holdUpload,
    takePhone: (stored) => registerPhone(playwright, stored, `1975${own}00002`),
  };
}

test.describe('registration machine (customer, zone sales manager): generated paths in Chromium', () => {
  const generated = generateCoveringPaths(registrationGraph);

  test('drives every transition and state of the machine', async ({ page, playwright }) => {
    expect(missingCoverage(generated)).toEqual({ transitions: [], states: [] });
    const steps = registrationSteps(await createPlaywrightDriver(page), await envFor(page, playwright, 0));
    expect(incompleteSteps(generated, steps)).toEqual({ states: [], events: [] });
  });

  generated.paths.forEach((path: GeneratedPath, index) => {
    test(path.text, async ({ page, playwright }) => {
      const driver = await createPlaywrightDriver(page);
      try {
        await runPath(path, registrationSteps(driver, await envFor(page, playwright, index)), asTestSteps);
      } finally {
        await driver.close();
      }
    });
  });
});
