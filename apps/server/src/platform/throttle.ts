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
 *
 * An attempt is taken, and counted as a failure, before the slow check it guards, under a lock per key:
 * a burst of simultaneous attempts gets at most the free ones through, never one more. A success
 * gives its attempt back (the IP's count is cleared, the username's lowered by one).
 */
export function createThrottle(db: Db, clock: Clock) {
  const ipKey = (scope: string, ip: string, username: string) => `${scope}:ip:${ip}:${username.toLowerCase()}`;
  const userKey = (scope: string, username: string) => `${scope}:user:${username.toLowerCase()}`;

  async function takeAttempt(scope: string, ip: string, username: string): Promise<void> {
    const now = clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const keys = [ipKey(scope, ip, username), userKey(scope, username)];
    await db.transaction(async (tx) => {
      // In one order everywhere, so two attempts never wait on each other's second key.
      for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const rows = await tx.execute<{ blocked_until: Date | null }>(
        sql`select blocked_until from auth_throttle where key in (${keys[0]}, ${keys[1]})`,
      );
      const waitMs = Math.max(
        0,
        ...rows.rows.map((r) => (r.blocked_until ? new Date(r.blocked_until).getTime() - now.getTime() : 0)),
      );
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError('throttled', `Too many failed attempts. Please try again in ${seconds} seconds.`, {
          retry_after: seconds,
        });
      }
      for (const [key, block] of [
        [keys[0], ipWait],
        [keys[1], userWait],
      ] as const) {
        const res = await tx.execute<{ failures: number; window_start: Date }>(sql`
          insert into auth_throttle (key, failures, window_start) values (${key}, 1, ${now})
          on conflict (key) do update set
            failures = case when auth_throttle.window_start < ${hourAgo} then 1 else auth_throttle.failures + 1 end,
            window_start = case when auth_throttle.window_start < ${hourAgo} then ${now} else auth_throttle.window_start end
          returning failures, window_start`);
        const row = res.rows[0]!; // the upsert returns its row
        const until = block(row.failures, new Date(row.window_start), now);
        if (until) await tx.execute(sql`update auth_throttle set blocked_until = ${until} where key = ${key}`);
      }
    });
  }

  /** The attempt succeeded: the IP starts afresh and the username's hourly count gets the attempt back. */
  async function giveBack(scope: string, ip: string, username: string): Promise<void> {
    await db.execute(sql`delete from auth_throttle where key = ${ipKey(scope, ip, username)}`);
    await db.execute(sql`update auth_throttle set failures = greatest(failures - 1, 0)
      where key = ${userKey(scope, username)} and blocked_until is null`);
  }

  return { takeAttempt, giveBack };
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
