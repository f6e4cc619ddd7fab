import pg from 'pg';

/**
 * What a run really did, read from PostgreSQL before and after it, so a refused purchase is never counted as a
 * sale: the PINs that left the run's stock (the portal's `available_stock` of the scenario's configurations, or
 * the reference's `stock_available`), the WAL the whole server wrote and the rows the run's database wrote
 * (inserted + updated + deleted, aborted subtransactions included: what was written, not what was kept).
 *
 * The drivers count answers (wrk: non-2xx apart; pgbench: transactions, whatever `portal_purchase` answered in
 * them; the reference's script commits even when its claim found no PIN). Sold = PINs claimed and committed;
 * refused = attempts − sold.
 */
export interface Snapshot {
  stock: number;
  walLsn: string;
  rows: number;
}

export interface RunCounts {
  sold: number;
  refused: number;
  walBytesPerSale: number;
  rowsPerSale: number;
}

export function createRunCounter(adminUrl: string) {
  const pools = new Map<string, pg.Pool>();
  const poolOf = (database: string) => {
    let p = pools.get(database);
    if (!p) {
      p = new pg.Pool({ connectionString: `${adminUrl}/${database}`, max: 1 });
      p.on('error', () => {});
      pools.set(database, p);
    }
    return p;
  };

  /** `stockSql` counts the run's stock in `database` (one row, column n). */
  async function snapshot(database: string, stockSql: { text: string; values?: unknown[] }): Promise<Snapshot> {
    const p = poolOf(database);
    const stock = await p.query<{ n: number }>(stockSql.text, stockSql.values ?? []);
    const { rows } = await p.query<{ lsn: string; rows: string }>(
      `select pg_current_wal_lsn()::text as lsn,
              (select tup_inserted + tup_updated + tup_deleted from pg_stat_database where datname = $1)::text as rows`,
      [database],
    );
    // Each query answers one row (a count, and a select without from).
    return { stock: Number(stock.rows[0]!.n), walLsn: rows[0]!.lsn, rows: Number(rows[0]!.rows) };
  }

  /**
   * The counts between two snapshots. The run's backends report their row counts to the statistics when they go
   * idle, at most once a second, so the caller waits `settleMs` after a run before taking `after`.
   */
  async function between(database: string, before: Snapshot, after: Snapshot, attempts: number): Promise<RunCounts> {
    const { rows } = await poolOf(database).query<{ bytes: string }>(
      'select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes',
      [after.walLsn, before.walLsn],
    );
    const sold = before.stock - after.stock;
    const per = (x: number) => x / Math.max(1, sold);
    return {
      sold,
      refused: Math.max(0, attempts - sold),
      walBytesPerSale: per(Number(rows[0]!.bytes)), // a select without from: one row
      rowsPerSale: per(after.rows - before.rows),
    };
  }

  async function end() {
    for (const p of pools.values()) await p.end();
  }

  return { snapshot, between, end };
}

/** The statistics of the run's backends are flushed when they go idle, at most once a second. */
export const STATS_SETTLE_MS = 1_500;

/**
 * Whether a scenario's stock covers `runs` runs of `seconds` at `rate` purchases/s, for each of its configurations
 * by the share of the scenario's shops that buy it; the first configuration short, or null.
 */
export function firstShort(
  stockByConfiguration: Map<number, number>,
  shopsByConfiguration: Map<number, number>,
  runs: number,
  seconds: number,
  rate: number,
): { configurationId: number; has: number; needs: number } | null {
  const shops = [...shopsByConfiguration.values()].reduce((a, b) => a + b, 0);
  for (const [configurationId, n] of shopsByConfiguration) {
    const needs = Math.ceil((runs * seconds * rate * n) / shops);
    const has = stockByConfiguration.get(configurationId) ?? 0;
    if (has < needs) return { configurationId, has, needs };
  }
  return null;
}
