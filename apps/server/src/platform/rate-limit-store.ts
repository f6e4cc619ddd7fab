import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import type { Clock } from './clock.ts';

type Hits = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Hits) => void;

const SWEEP_EVERY_MS = 60_000;

/**
 * The `store` of `@fastify/rate-limit` over PostgreSQL, so every copy of the server counts against one
 * limit (in memory, N copies would let N times the limit through). One upsert per limited request takes
 * the hit and answers the count and the time left in its window; windows run on the portal clock.
 * Expired rows are swept by the copy that notices, at most once a minute.
 */
export function pgRateLimitStore(db: Db, clock: Clock) {
  let lastSweep = 0;

  async function hit(key: string, windowMs: number): Promise<Hits> {
    const now = clock.now();
    if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = now.getTime();
      await db.execute(sql`delete from rate_limit_hits where reset_at < ${now}`);
    }
    const resetAt = new Date(now.getTime() + windowMs);
    const r = await db.execute<{ hits: number; reset_at: Date }>(sql`
      insert into rate_limit_hits (key, hits, reset_at) values (${key}, 1, ${resetAt})
      on conflict (key) do update set
        hits = case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.hits + 1 end,
        reset_at = case when rate_limit_hits.reset_at <= ${now} then excluded.reset_at else rate_limit_hits.reset_at end
      returning hits, reset_at`);
    const row = r.rows[0]!; // the upsert returns its row
    return { current: row.hits, ttl: Math.max(0, new Date(row.reset_at).getTime() - now.getTime()) };
  }

  return class PgRateLimitStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, cb: Callback, timeWindow: number) {
      hit(this.prefix + key, timeWindow).then(
        (h) => cb(null, h),
        (err: Error) => cb(err),
      );
    }
    // Each limited route counts on its own (the plugin passes the route as `routeInfo`), except routes that
    // share a `groupId` (the partner API's calls count together against one limit per key).
    child(routeOptions: object) {
      const o = routeOptions as { groupId?: string; routeInfo?: { method?: string; url?: string } };
      if (o.groupId) return new PgRateLimitStore(undefined, `group-${o.groupId}-`);
      return new PgRateLimitStore(undefined, `${o.routeInfo?.method ?? ''}${o.routeInfo?.url ?? ''}-`);
    }
  };
}
