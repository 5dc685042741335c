import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { IMMEDIATE_EXPORT_MAX_ROWS } from '../../contract/api/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../test/harness';
import { createMetrics } from './metrics';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('Prometheus metrics', () => {
  it('time requests by route pattern, count job rows and report the shared job queue', async () => {
    const metrics = createMetrics({ db: api.handle.db, pool: { totalCount: 4, idleCount: 3, waitingCount: 0 } });
    const app = new Hono();
    app.use('*', metrics.middleware());
    app.get('/rest/things/:id', (c) => c.text('ok'));
    expect((await app.request('/rest/things/42')).status).toBe(200);
    expect((await app.request('/rest/things/43')).status).toBe(200);
    metrics.rows('bulk', 100);
    const token = (await api.login('admin')).token;
    // More rows than an export written at once, so this one is queued.
    await api.handle.db.execute(sql`
      INSERT INTO transactions (reference, type, service, status, amount, fee, commission, channel, created_at)
      SELECT 'METRICS-' || g, 'transfer', 'wallet', 'success', 100, 0, 0, 'app', '2030-03-01T00:00:00Z'::timestamptz
      FROM generate_series(1, ${IMMEDIATE_EXPORT_MAX_ROWS + 1}) g`);
    const queued = await api.call('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: {} },
    });
    expect(queued.status).toBe(202);

    const text = await metrics.registry.metrics();
    // Two requests to one route make one series: the raw paths (42, 43) never become labels.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/rest\/things\/:id",status="200"\} 2/,
    );
    expect(text).not.toContain('/rest/things/42');
    expect(text).toContain('job_rows_total{kind="bulk"} 100');
    expect(text).toMatch(/job_queue_depth\{kind="export"\} [1-9]/);
    expect(text).toContain('job_queue_depth{kind="bulk"} 0');
    expect(text).toContain('db_pool_connections{state="idle"} 3');
    await api.exports.idle();
  });
});
