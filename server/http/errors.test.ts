import { describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/database';
import { expectFailure } from '../test/expect';
import type { Logger } from './logger';
import { systemClock } from './clock';

const SECRET_DETAIL = 'connect ECONNREFUSED db.internal:5432 (password=hunter2)';

/** An app whose database fails every call, and a logger that keeps what it is told. */
function brokenApp() {
  const failing = () => {
    throw new Error(SECRET_DETAIL);
  };
  const db = new Proxy({}, { get: () => failing }) as unknown as Db;
  const logged: { message: string; fields?: Record<string, unknown> }[] = [];
  const requests: Record<string, unknown>[] = [];
  const logger: Logger = {
    info: (message, fields) => {
      if (message === 'request' && fields) requests.push(fields);
    },
    error: (message, fields) => logged.push({ message, fields }),
  };
  const app = createApp({
    db,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    clock: { ...systemClock, now: () => new Date('2026-11-22T09:00:00Z') },
    logger,
    groupIds: PRIMARY_GROUP_IDS,
    engine: 'pglite',
    staticHandler: null,
  });
  return { app, logged, requests };
}

async function expectGeneric500(res: Response, logged: { fields?: Record<string, unknown> }[]) {
  const text = await res.text();
  const body = JSON.parse(text);
  expectFailure({ status: res.status, body }, 500, 'INTERNAL_ERROR');
  const requestId = res.headers.get(HEADER.requestId);
  expect(requestId).toBeTruthy();
  expect(body.errors[0].longMessage).toContain(`Reference: ${requestId}`);
  // Nothing of the failure itself reaches the client.
  expect(text).not.toContain('ECONNREFUSED');
  expect(text).not.toContain('hunter2');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toContain('stack');
  // The operator can find it by the same reference.
  expect(logged.at(-1)?.fields).toMatchObject({
    requestId,
    error: { message: SECRET_DETAIL, stack: expect.any(String) },
  });
}

describe('an unexpected exception', () => {
  it('answers a GET with 500, a generic message and the request id as reference', async () => {
    const { app, logged } = brokenApp();
    const res = await app.request('/rest/health');
    await expectGeneric500(res, logged);
  });

  it('answers an authenticated request the same way', async () => {
    const { app, logged } = brokenApp();
    const res = await app.request('/rest/auth/me', { headers: { [HEADER.sessionToken]: 'some-token' } });
    await expectGeneric500(res, logged);
  });

  it('answers a login the same way', async () => {
    const { app, logged } = brokenApp();
    const res = await app.request('/rest/auth/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${XSRF_COOKIE}=pair`,
        [HEADER.xsrf]: 'pair',
      },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    await expectGeneric500(res, logged);
  });

  it('uses a fresh reference for each request', async () => {
    const { app } = brokenApp();
    const a = await app.request('/rest/health');
    const b = await app.request('/rest/health');
    expect(a.headers.get(HEADER.requestId)).not.toBe(b.headers.get(HEADER.requestId));
  });

  it('keeps a caller’s X-Request-Id, echoes it back and logs the request under it', async () => {
    const { app, requests } = brokenApp();
    const res = await app.request('/rest/health', { headers: { [HEADER.requestId]: 'lb-7f3a-42' } });
    expect(res.headers.get(HEADER.requestId)).toBe('lb-7f3a-42');
    expect(requests).toEqual([
      expect.objectContaining({ requestId: 'lb-7f3a-42', method: 'GET', route: '/rest/health', status: res.status }),
    ]);
  });
});
