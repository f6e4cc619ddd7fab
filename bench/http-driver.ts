import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { keyOf, type SeedShop } from '../apps/server/test/sales-seed.ts';
import { runTool } from './tool.ts';

/**
 * The load generator of the selling bench's HTTP runs: wrk where `wrk -v` works (Debian: `apt-get install wrk`),
 * else autocannon. It runs on the same two cores as the portal and PostgreSQL, so the lighter it is, the less it
 * takes from the rate it measures: per purchase, autocannon used 0.10–0.15 ms of CPU here and wrk 0.07 ms (the
 * reference's pgbench 0.06–0.07 ms per transaction). The output names the driver; ratios are only compared between
 * runs of the same one.
 */
export interface HttpRun {
  perSecond: number;
  p50: number;
  p99: number;
  done: number;
  failed: number;
  seconds: number;
}

export interface HttpDriver {
  name: string;
  /** `clients` connections for `seconds`, each one shop, each request with the shop's next key from `firstKey` on. */
  run(base: string, shops: SeedShop[], firstKey: number, clients: number, seconds: number): Promise<HttpRun>;
}

/** `BENCH_HTTP_DRIVER=autocannon` keeps to autocannon even where wrk is installed, to compare the two. */
export function httpDriver(dir: string): HttpDriver {
  if (process.env.BENCH_HTTP_DRIVER === 'autocannon') return autocannonDriver();
  const wrk = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  // A split answers at least one part.
  const banner = `${wrk.stdout ?? ''}${wrk.stderr ?? ''}`.split('\n')[0]!;
  if (!wrk.error && banner.startsWith('wrk ')) return wrkDriver(banner.split(' Copyright')[0]!, dir);
  return autocannonDriver();
}

function wrkDriver(name: string, dir: string): HttpDriver {
  const script = new URL('purchase.lua', import.meta.url).pathname;
  return {
    name,
    async run(base, shops, firstKey, clients, seconds) {
      const csv = join(dir, 'wrk-shops.csv');
      const token = (s: SeedShop) => s.headers.authorization!.replace(/^Bearer /, ''); // the seed's shops() sets it
      writeFileSync(
        csv,
        shops.map((s) => [token(s), s.sessionId, s.customerId, s.configurationId, s.userId].join(',')).join('\n'),
      );
      // One thread per connection, so each connection is one shop, as with autocannon.
      const args = ['-t', String(clients), '-c', String(clients), '-d', `${seconds}s`, '--timeout', '10s', '--latency'];
      const out = await runTool('wrk', [...args, '-s', script, base], { SHOPS: csv, KEY_FROM: String(firstKey) });
      const count = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
      const requests = count(/(\d+) requests in/);
      const non2xx = count(/Non-2xx or 3xx responses: (\d+)/);
      // "Socket errors: connect 0, read 0, write 0, timeout 0", printed only when there were any.
      const socketLine = /Socket errors: (.*)/.exec(out)?.[1] ?? '';
      const socketErrors = [...socketLine.matchAll(/\d+/g)].reduce((n, m) => n + Number(m[0]), 0);
      const done = requests - non2xx;
      return {
        perSecond: done / seconds,
        p50: latencyMs(out, '50%'),
        p99: latencyMs(out, '99%'),
        done,
        failed: non2xx + socketErrors,
        seconds,
      };
    },
  };
}

/** A percentile of wrk's `--latency` table ("  99%  144.26ms") in milliseconds. */
function latencyMs(out: string, percentile: string): number {
  const m = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
  if (!m) return Number.NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
}

function autocannonDriver(): HttpDriver {
  return {
    name: 'autocannon (install wrk for a lighter load generator)',
    async run(base, shops, firstKey, clients, seconds) {
      const next = new Map(shops.map((s) => [s.userId, firstKey]));
      let connections = 0;
      // The context of a connection lives as long as its request pipeline, which is made longer than any run.
      const request = {
        method: 'POST',
        path: '/api/add_transaction_v3/',
        setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
          context.shop ??= shops[connections++ % shops.length];
          const shop = context.shop as SeedShop;
          const n = next.get(shop.userId) as number;
          next.set(shop.userId, n + 1);
          const body = { transaction_key: keyOf(shop.userId, n), configuration: shop.configurationId, quantity: 1 };
          return { ...req, headers: shop.headers, body: JSON.stringify(body) };
        },
      };
      const r = await autocannon({
        url: base,
        connections: clients,
        duration: seconds,
        // Far more than a connection sends in a run (at most about 50 purchases/s).
        requests: Array.from({ length: 100 * seconds }, () => request),
      });
      return {
        perSecond: r['2xx'] / seconds,
        p50: r.latency.p50,
        p99: r.latency.p99,
        done: r['2xx'],
        failed: r.non2xx + r.errors,
        seconds,
      };
    },
  };
}
