import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, XSRF_COOKIE } from '../../contract/http';
import { createTestApi, type TestApi } from '../test/harness';
import { MAX_JSON_BODY_BYTES } from './body-limit';

let api: TestApi;
let server: ReturnType<typeof createAdaptorServer>;
let port: number;

beforeAll(async () => {
  api = await createTestApi();
  // Served as server/index.ts serves it: the Node adapter on a real socket.
  server = createAdaptorServer({ fetch: api.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

interface Answer {
  status: number;
  headers: Map<string, string>;
}

/**
 * One connection, spoken to in raw HTTP/1.1: each `send` writes bytes and waits for the next
 * answer's head; `closed` tells whether the server has ended the connection.
 */
async function rawConnection() {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    wake();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const nextHead = async (): Promise<Answer> => {
    while (!received.includes('\r\n\r\n')) {
      if (closed) throw new Error('The server closed the connection without an answer');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    const end = received.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
    const headers = new Map(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers.get('content-length') ?? 0);
    while (received.length < end + 4 + length && !closed) await new Promise<void>((resolve) => waiters.push(resolve));
    received = received.slice(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers };
  };
  return {
    async send(bytes: string) {
      socket.write(bytes);
      return nextHead();
    },
    /** Whether the server ends the connection within `ms` (real time: a socket's close cannot be faked). */
    async closesWithin(ms: number) {
      if (!closed) await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(ms)]);
      return closed;
    },
    end: () => socket.destroy(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const health = head('GET', '/rest/health', {});

describe('a refused request whose body was not read', () => {
  it('answers 413 with Connection: close, and a new connection then works', async () => {
    const first = await rawConnection();
    // The client announces a body over the limit and sends only its start.
    const answer = await first.send(
      `${head('POST', '/rest/auth/login', { 'Content-Type': 'application/json', 'Content-Length': MAX_JSON_BODY_BYTES * 4 })}{"username":"admin",`,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await first.closesWithin(2_000)).toBe(true);
    first.end();
    const next = await rawConnection();
    expect((await next.send(health)).status).toBe(200);
    next.end();
  });

  it('answers an early 403 (no XSRF pair, body not yet sent) with Connection: close', async () => {
    const first = await rawConnection();
    const answer = await first.send(
      head('POST', '/rest/wallet-migrations', { 'Content-Type': 'application/json', 'Content-Length': 1_000 }),
    );
    expect(answer.status).toBe(403);
    expect(answer.headers.get('connection')).toBe('close');
    first.end();
    const next = await rawConnection();
    expect((await next.send(health)).status).toBe(200);
    next.end();
  });

  it('keeps the connection of a refusal that read the body: the next request on it works', async () => {
    const connection = await rawConnection();
    const token = (await connection.send(health)).headers
      .get('set-cookie')
      ?.match(new RegExp(`${XSRF_COOKIE}=([^;]+)`))?.[1];
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password' });
    const refused = await connection.send(
      `${head('POST', '/rest/auth/login', {
        'Content-Type': 'application/json',
        'Content-Length': body.length,
        Cookie: `${XSRF_COOKIE}=${token}`,
        [HEADER.xsrf]: token ?? '',
      })}${body}`,
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('connection')).toBe('keep-alive');
    expect((await connection.send(health)).status).toBe(200);
    connection.end();
  });
});
