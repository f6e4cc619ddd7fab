import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect.ts';
import { AppError } from './errors.ts';

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

export type PurchaseOutcome = 'sold' | 'replayed' | string;

/**
 * The Prometheus figures of one server copy at `GET /metrics`: request rate and latency per route,
 * purchases by outcome, the job queues and the database pool. A scraper sends `METRICS_TOKEN` as a
 * bearer token; without a token configured only the machine itself may read them.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'API requests by route and status, with their duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const purchases = new Counter({
    name: 'portal_purchases_total',
    help: 'Purchase calls by kind and outcome (sold, replayed, or the refusal code)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = db.$client;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Background jobs not yet completed, by queue and state (created, retry, active, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const r = await db.execute<{ name: string; state: string; n: number }>(
        sql`select name, state::text, count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
      for (const row of r.rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });

  let batcherStats: (() => Record<string, number>) | null = null;
  new Gauge({
    name: 'portal_purchase_batching',
    help: 'Since start: purchase batch calls, purchases sent in them, those sent back to run alone, failed calls',
    labelNames: ['figure'],
    registers: [registry],
    collect() {
      if (!batcherStats) return;
      for (const [figure, n] of Object.entries(batcherStats())) this.set({ figure }, n);
    },
  });

  return {
    registry,
    /** The batcher's counts, read when the figures are scraped (the bench prints purchases per batch from them). */
    observeBatcher(stats: () => Record<string, number>) {
      batcherStats = stats;
    },
    countPurchase(kind: 'single' | 'bulk', outcome: PurchaseOutcome) {
      purchases.inc({ kind, outcome });
    },
    register(app: FastifyInstance, token: string | undefined) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url;
        if (!route?.startsWith('/api/')) return;
        requests.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
      app.get('/metrics', async (req, reply) => {
        // A request relayed by a proxy on this machine comes from loopback too: it needs the token.
        const local =
          LOOPBACK.includes(req.socket.remoteAddress ?? '') &&
          !req.headers['x-forwarded-for'] &&
          !req.headers.forwarded;
        const allowed = token ? req.headers.authorization === `Bearer ${token}` : local;
        if (!allowed) throw new AppError('forbidden', 'You are not authorized');
        return reply.header('content-type', registry.contentType).send(await registry.metrics());
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
