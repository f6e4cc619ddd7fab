import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * Waits until the rollup job (every minute) has read every seeded sale, so a run measures the portal and not the
 * rollup catching up on the seed; returns the seconds waited and the rollup's size.
 */
export async function waitForRollup(pool: pg.Pool) {
  const t0 = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ done: boolean }>(
      'select last_sale_id >= (select coalesce(max(id), 0) from sales) as done from sales_rollup_cursor',
    );
    if (rows[0]?.done) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const { rows } = await pool.query<{ rows: number; size: string }>(
    `select count(*)::int as rows, pg_size_pretty(pg_total_relation_size('sales_rollup')) as size from sales_rollup`,
  );
  return { seconds: (performance.now() - t0) / 1000, ...rows[0] };
}
