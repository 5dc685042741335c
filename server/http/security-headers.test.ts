import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test/harness';
import { firstAccount, withDocuments } from '../test/kyc-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('caching of API answers', () => {
  it('forbids storing the sign-in answer, which carries the session token', async () => {
    const res = await api.call('POST', '/rest/auth/login', { json: { username: 'admin', password: 'demo1234' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('forbids storing a signed-in answer with personal data (a KYC detail) and a refusal', async () => {
    const { token } = await api.login('kyc-admin');
    const number = await firstAccount(api, withDocuments('customer'));
    const detail = await api.call('GET', `/rest/kyc/accounts/${number}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.headers.get('cache-control')).toBe('no-store');
    const refused = await api.call('GET', '/rest/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the public banners cacheable as they ask', async () => {
    const res = await api.call('GET', '/rest/banners/active');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('HSTS', () => {
  it('is sent in production, on API answers and pages alike', async () => {
    const production = api.derive({ NODE_ENV: 'production' });
    for (const path of ['/rest/health', '/rest/no-such-operation']) {
      const res = await production.request(path);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    }
  });

  it('is not sent outside production (plain http://localhost must keep working)', async () => {
    const res = await api.request('/rest/health');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
