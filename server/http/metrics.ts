import { createServer, type Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { queryRows } from '../db/query';

/** What a pool reports about its connections (pg.Pool's counters). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Prometheus metrics of one server: request durations by route, background jobs waiting and the
 * age of the oldest, rows written by exports and bulk batches (a counter: `rate()` gives rows per
 * second), the database pool, and Node's own (memory, event loop lag, GC).
 */
export function createMetrics(deps: { db: Db; pool: PoolStats | null }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobRows = new Counter({
    name: 'job_rows_total',
    help: 'Rows written by exports and processed by bulk batches on this server',
    labelNames: ['kind'],
    registers: [registry],
  });
  // Jobs are shared by every server: each reports the same queue, read when scraped (by the
  // first of the two gauges, which is written out first).
  const age = new Gauge({
    name: 'job_queue_oldest_seconds',
    help: 'Age of the oldest job waiting or under way, by kind (0 when none)',
    labelNames: ['kind'],
    registers: [],
  });
  const depth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting or under way, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ kind: string; n: string; age: string | null }>(
        deps.db,
        sql`SELECT 'export' AS kind, count(*) AS n, extract(epoch FROM now() - min(created_at)) AS age
              FROM export_jobs WHERE status IN ('queued', 'running')
            UNION ALL
            SELECT 'bulk', count(*), extract(epoch FROM now() - min(created_at))
              FROM bulk_batches WHERE status IN ('queued', 'processing')`,
      );
      for (const row of rows) {
        depth.set({ kind: row.kind }, Number(row.n));
        age.set({ kind: row.kind }, Number(row.age ?? 0));
      }
    },
  });
  registry.registerMetric(age);
  const { pool } = deps;
  if (pool) {
    const connections = new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state; waiting counts queries queued for a connection',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        connections.set({ state: 'total' }, pool.totalCount);
        connections.set({ state: 'idle' }, pool.idleCount);
        connections.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    /** Counts rows a job wrote or processed. */
    rows(kind: 'export' | 'bulk', count: number) {
      jobRows.inc({ kind }, count);
    },
    /** Times every request by the pattern of the route that answered it, not its raw path. */
    middleware(): MiddlewareHandler {
      return async (c, next) => {
        const started = performance.now();
        try {
          await next();
        } finally {
          const route = routePath(c) || 'unmatched';
          requestDuration.observe(
            { method: c.req.method, route, status: String(c.res.status) },
            (performance.now() - started) / 1000,
          );
        }
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Serves /metrics on a port of its own, which the load balancer does not expose. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Server {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  server.listen(port, host);
  return server;
}
