import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../test/expect';
import { createTestApi, type TestApi } from '../test/harness';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = (await api.login('admin')).token;
});
afterAll(() => api.close());

describe('malformed addresses', () => {
  it.each([
    '/%',
    '/assets/%zz.js',
    '/rest/%',
    '/rest/reports/transaction-report?q=%zz',
    '/rest/reports/transaction-report?q%=1',
  ])('answers %s with 400 MALFORMED_URL, never 500', async (path) => {
    const res = await api.call('GET', path, { token });
    expectFailure(res, 400, 'MALFORMED_URL');
  });

  it('still serves well-encoded addresses (an encoded space in a search)', async () => {
    const res = await api.call('GET', '/rest/reports/transaction-report?q=a%20b', { token });
    expect(res.status).toBe(200);
  });
});

describe('search and filter texts', () => {
  it.each(['ab%00', '%07bell', 'line%0Abreak'])(
    'refuses a control character in the report search (q=%s) with 400',
    async (q) => {
      const res = await api.call('GET', `/rest/reports/transaction-report?q=${q}`, { token });
      expectFailure(res, 400, 'VALIDATION_FAILED');
    },
  );

  it('refuses a control character in an export’s filters with 400, creating no job', async () => {
    const res = await api.call('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: { q: 'ab\u0000' } },
    });
    expectFailure(res, 400, 'VALIDATION_FAILED');
    const list = await api.call<{ payload: { jobs: unknown[] } }>('GET', '/rest/exports', { token });
    expect(list.body.payload.jobs).toEqual([]);
  });

  it('refuses one in the student search', async () => {
    const manager = (await api.login('zone-sales-manager')).token;
    expectFailure(await api.call('GET', '/rest/students?q=ab%00', { token: manager }), 400, 'VALIDATION_FAILED');
  });
});
