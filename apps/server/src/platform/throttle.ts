import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

const FREE_FAILURES = 5;
const FIRST_WAIT_S = 30;
const MAX_WAIT_S = 15 * 60;
const USER_FAILURES_PER_HOUR = 100;
const HOUR_MS = 3_600_000;

/**
 * Sign-in and OTP throttling shared by every server copy (counters in PostgreSQL). After 5 failures
 * for a username from one IP, each further attempt from that IP waits twice as long as the last
 * (30 s, 60 s, … up to 15 min); a username takes at most 100 failures an hour from all IPs together.
 * Failures from one IP never slow the same username down from another IP below that hourly cap.
 */
export function createThrottle(db: Db, clock: Clock) {
  const ipKey = (scope: string, ip: string, username: string) => `${scope}:ip:${ip}:${username.toLowerCase()}`;
  const userKey = (scope: string, username: string) => `${scope}:user:${username.toLowerCase()}`;

  async function assertAllowed(scope: string, ip: string, username: string): Promise<void> {
    const now = clock.now();
    const rows = await db.execute<{ key: string; failures: number; window_start: Date; blocked_until: Date | null }>(
      sql`select key, failures, window_start, blocked_until from auth_throttle
          where key in (${ipKey(scope, ip, username)}, ${userKey(scope, username)})`,
    );
    let waitMs = 0;
    for (const r of rows.rows) {
      if (r.blocked_until && new Date(r.blocked_until) > now) {
        waitMs = Math.max(waitMs, new Date(r.blocked_until).getTime() - now.getTime());
      }
    }
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('throttled', `Too many failed attempts. Please try again in ${seconds} seconds.`, {
        retry_after: seconds,
      });
    }
  }

  async function recordFailure(scope: string, ip: string, username: string): Promise<void> {
    const now = clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    await db.transaction(async (tx) => {
      for (const [key, block] of [
        [ipKey(scope, ip, username), ipWait],
        [userKey(scope, username), userWait],
      ] as const) {
        const res = await tx.execute<{ failures: number; window_start: Date }>(sql`
          insert into auth_throttle (key, failures, window_start) values (${key}, 1, ${now})
          on conflict (key) do update set
            failures = case when auth_throttle.window_start < ${hourAgo} then 1 else auth_throttle.failures + 1 end,
            window_start = case when auth_throttle.window_start < ${hourAgo} then ${now} else auth_throttle.window_start end
          returning failures, window_start`);
        const row = res.rows[0];
        const until = block(row.failures, new Date(row.window_start), now);
        if (until) await tx.execute(sql`update auth_throttle set blocked_until = ${until} where key = ${key}`);
      }
    });
  }

  async function recordSuccess(scope: string, ip: string, username: string): Promise<void> {
    await db.execute(sql`delete from auth_throttle where key = ${ipKey(scope, ip, username)}`);
  }

  return { assertAllowed, recordFailure, recordSuccess };
}
export type Throttle = ReturnType<typeof createThrottle>;

function ipWait(failures: number, _windowStart: Date, now: Date): Date | null {
  if (failures < FREE_FAILURES) return null;
  const seconds = Math.min(FIRST_WAIT_S * 2 ** (failures - FREE_FAILURES), MAX_WAIT_S);
  return new Date(now.getTime() + seconds * 1000);
}

function userWait(failures: number, windowStart: Date, _now: Date): Date | null {
  if (failures < USER_FAILURES_PER_HOUR) return null;
  return new Date(windowStart.getTime() + HOUR_MS);
}
