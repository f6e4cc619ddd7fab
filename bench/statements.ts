import type pg from 'pg';

/**
 * `BENCH_STATEMENTS=1 npm run bench:selling`: where a purchase's time goes inside PostgreSQL. pg_stat_statements
 * (shipped with the embedded server, loaded at start, so the portal restarts once after seeding) counts every
 * statement, nested ones inside `portal_purchase` included; the backends' states are sampled every 100 ms. Both
 * cost a little themselves: compare such runs with each other, not with a run without them.
 */
export async function enableStatementStats(pool: pg.Pool) {
  await pool.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await pool.query(`alter system set pg_stat_statements.track = 'all'`);
  await pool.query('alter system set pg_stat_statements.track_planning = on');
}

/** Starts counting for one run; the answer prints what the run cost per purchase. */
export async function watchStatements(pool: pg.Pool) {
  await pool.query('create extension if not exists pg_stat_statements');
  await pool.query('select pg_stat_statements_reset()');
  const states = new Map<string, number>();
  let samples = 0;
  const timer = setInterval(async () => {
    const { rows } = await pool.query<{ k: string; n: number }>(
      `select coalesce(state, '?') || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as k,
              count(*)::int as n
       from pg_stat_activity
       where backend_type = 'client backend' and datname = 'portal' and pid <> pg_backend_pid() group by 1`,
    );
    samples++;
    for (const r of rows) states.set(r.k, (states.get(r.k) ?? 0) + r.n);
  }, 100);

  return async (purchases: number) => {
    clearInterval(timer);
    console.log('  client backends by state (average count):');
    for (const [k, n] of [...states].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`    ${(n / Math.max(1, samples)).toFixed(2).padStart(6)}  ${k}`);
    const { rows } = await pool.query<Record<string, string>>(
      `select round(total_exec_time::numeric / $1, 3) as exec_ms, round(total_plan_time::numeric / $1, 3) as plan_ms,
              round(calls::numeric / $1, 1) as calls,
              round((shared_blks_hit + shared_blks_read)::numeric / greatest(1, calls), 1) as blocks_per_call,
              round(wal_records::numeric / greatest(1, calls), 1) as wal_per_call,
              case when toplevel then '' else 'nested ' end || regexp_replace(left(query, 90), '\\s+', ' ', 'g') as statement
       from pg_stat_statements where calls > 0
       order by total_exec_time + total_plan_time desc limit 15`,
      [Math.max(1, purchases)],
    );
    console.log('  statements per purchase (wall ms; a nested statement is also inside its caller):');
    console.table(rows);
  };
}
