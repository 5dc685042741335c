/**
 * Two-factor for browser tests: an authenticator app in the test (the server's own TOTP
 * module, so the codes are the ones a phone would show), and API helpers that turn two-factor
 * on for a demo user and off again. No demo user has it on by default; a file that turns it on
 * runs in the "exclusive" project (playwright.config.ts), after every file that signs in with
 * the password alone, and turns it off before it ends.
 */
import { type APIRequestContext, expect, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { HEADER, XSRF_COOKIE } from '../../../contract/http';
import type { TwoFactorChallenge } from '../../../contract/api/auth';
import type { TwoFactorEnabled, TwoFactorEnrolment } from '../../../contract/api/two-factor';
import { stepAt, TOTP_STEP_SECONDS, TOTP_WINDOW, totpForStep } from '../../../server/domain/two-factor/totp';
import { DEMO_PASSWORD } from './session';

/** An API client of its own (cookie jar included), against the test server. */
export async function openApi(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
}

async function xsrf(api: APIRequestContext): Promise<string> {
  const find = async () => (await api.storageState()).cookies.find((c) => c.name === XSRF_COOKIE)?.value;
  if (!(await find())) await api.get('/rest/health');
  const token = await find();
  if (!token) throw new Error('The API set no XSRF-TOKEN cookie');
  return token;
}

async function post<T>(api: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { [HEADER.xsrf]: await xsrf(api) };
  if (token) headers[HEADER.sessionToken] = token;
  const response = await api.post(path, { data, headers });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { payload: T }).payload;
}

/** Signs in with the password alone (the user must not have two-factor on); returns the session token. */
export async function passwordSession(api: APIRequestContext, username: string): Promise<string> {
  const payload = await post<{ sessionId?: string } & Partial<TwoFactorChallenge>>(api, '/rest/auth/login', {
    username,
    password: DEMO_PASSWORD,
  });
  if (!payload.sessionId) throw new Error(`${username} has two-factor on: the password alone does not sign in`);
  return payload.sessionId;
}

/**
 * The phone's authenticator app: the current code, never one the server has already taken
 * (it accepts one step either side of now, each once); when no step is left in that window, an
 * unused recovery code instead, so a test never waits for the next 30 seconds.
 */
export class Authenticator {
  private lastStep: number;
  private recovery: string[];

  constructor(
    readonly secret: string,
    recoveryCodes: readonly string[],
    lastStep: number,
  ) {
    this.recovery = [...recoveryCodes];
    this.lastStep = lastStep;
  }

  /** A code the server will accept now, taken (as the server takes it). */
  nextCode(): string {
    const now = stepAt(Date.now());
    for (let step = now - TOTP_WINDOW + 1; step <= now + TOTP_WINDOW; step++) {
      if (step > this.lastStep) {
        this.lastStep = step;
        return totpForStep(this.secret, step);
      }
    }
    const code = this.recovery.shift();
    if (!code) throw new Error('No recovery code left');
    return code;
  }

  /** The app's code at the next free step, waiting for it when needed (for turning it off, which takes app codes). */
  async appCode(): Promise<string> {
    for (;;) {
      const now = stepAt(Date.now());
      for (let step = now - TOTP_WINDOW + 1; step <= now + TOTP_WINDOW; step++) {
        if (step > this.lastStep) {
          this.lastStep = step;
          return totpForStep(this.secret, step);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** Six digits the server will refuse (no step near now shows them). */
  wrongCode(): string {
    const now = stepAt(Date.now());
    const near = new Set<string>();
    for (let step = now - TOTP_WINDOW - 1; step <= now + TOTP_WINDOW + 1; step++) {
      near.add(totpForStep(this.secret, step));
    }
    for (let n = 0; ; n++) {
      const guess = String((104729 * (n + 1)) % 1_000_000).padStart(6, '0');
      if (!near.has(guess)) return guess;
    }
  }

  /** A new set of recovery codes replaced the old ones (the old ones no longer work). */
  replaceRecoveryCodes(codes: readonly string[]) {
    this.recovery = [...codes];
  }

  /** The recovery codes not used yet. */
  get recoveryCodes(): readonly string[] {
    return this.recovery;
  }

  /** Seconds until the current 30-second step ends (for a test that must see a new code). */
  static secondsLeftInStep(): number {
    return TOTP_STEP_SECONDS - (Math.floor(Date.now() / 1000) % TOTP_STEP_SECONDS);
  }
}

/** Turns two-factor on for `username` through the API, as the /two-factor page does. */
export async function turnOnTwoFactor(
  playwright: PlaywrightWorkerArgs['playwright'],
  username: string,
): Promise<Authenticator> {
  const api = await openApi(playwright);
  try {
    const token = await passwordSession(api, username);
    const enrolment = await post<TwoFactorEnrolment>(api, '/rest/two-factor/enrolment', undefined, token);
    const secret = enrolment.secret.replaceAll(' ', '');
    const step = stepAt(Date.now());
    const enabled = await post<TwoFactorEnabled>(
      api,
      '/rest/two-factor/enrolment/confirm',
      { code: totpForStep(secret, step) },
      token,
    );
    return new Authenticator(secret, enabled.recoveryCodes, step);
  } finally {
    await api.dispose();
  }
}

/**
 * Turns two-factor off for `username` with its own codes (through the API, as the page does):
 * the way back for a user no single admin may reset (one with the admin menu decides things, so
 * a reset waits for a second administrator). Fine when it is off already.
 */
export async function turnOffTwoFactor(
  playwright: PlaywrightWorkerArgs['playwright'],
  username: string,
  authenticator: Authenticator,
) {
  const api = await openApi(playwright);
  try {
    const first = await post<{ sessionId?: string } & Partial<TwoFactorChallenge>>(api, '/rest/auth/login', {
      username,
      password: DEMO_PASSWORD,
    });
    if (first.sessionId) return;
    const user = await post<{ sessionId: string }>(api, '/rest/auth/login/two-factor', {
      challengeToken: first.challengeToken,
      code: authenticator.nextCode(),
    });
    await post(api, '/rest/two-factor/disable', { code: authenticator.nextCode() }, user.sessionId);
  } finally {
    await api.dispose();
  }
}
