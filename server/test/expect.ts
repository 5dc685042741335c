import { expect } from 'vitest';
import type { ApiFailure } from '../../contract/http';

/** Asserts an answer is the error envelope (docs/api.md) with this status and code. */
export function expectFailure(
  res: { status: number; body: unknown },
  status: number,
  code: string,
  options: { sessionExpired?: boolean } = {},
): ApiFailure {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as ApiFailure;
  expect(body).toEqual({
    status: false,
    ...(options.sessionExpired ? { sessionExpired: true } : {}),
    errors: [{ code, shortMessage: expect.any(String), longMessage: expect.any(String) }],
  });
  const [error] = body.errors;
  expect(error?.shortMessage.length).toBeGreaterThan(0);
  expect(error?.longMessage.length).toBeGreaterThan(0);
  return body;
}

/** The 401 every route answers when the session is missing, unknown, revoked or timed out. */
export function expectSessionExpired(res: { status: number; body: unknown }): ApiFailure {
  return expectFailure(res, 401, 'SESSION_EXPIRED', { sessionExpired: true });
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
