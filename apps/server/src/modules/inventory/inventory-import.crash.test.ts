import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalClient } from '../../../test/portal-process.ts';
import { type ServerCopies, serverCopies } from '../../../test/server-copies.ts';
import { makePins } from './inventory.fixtures.ts';

/**
 * A server copy is killed (SIGKILL) in the middle of step 2 of a 1500-PIN import: its transaction
 * has staged rows and waits on a lock the test holds. A second copy starts, picks the import up again,
 * and the result is exactly the 1500 PINs: nothing lost, nothing doubled, and approving twice adds
 * nothing.
 */
let copies: ServerCopies;

beforeAll(async () => {
  copies = await serverCopies('portal-crash-');
});
afterAll(async () => copies.close());

describe('a server killed during step 2', () => {
  it('loses nothing and doubles nothing when another copy takes over', { timeout: 120_000 }, async () => {
    const { sql, count, start: startServer } = copies;
    const portA = 20000 + Math.floor(Math.random() * 5000);
    const a = startServer(portA);
    const clientA = createPortalClient(`http://127.0.0.1:${portA}`);
    await clientA.waitForHealth();
    const headers = await clientA.signIn('reseller');
    const product = await clientA.post(
      '/api/add_product/',
      { product_name: 'Crash Card', product_type: 'calling_card', pin_length: 16, configurations: [{ value: '5' }] },
      headers,
    );
    const configurationId = product.body.data.configurations[0].id;
    const supplier = await clientA.post('/api/add_supplier/', { full_name: 'Crash Supplier' }, headers);
    const pins = makePins(1500, 16);
    const up = await clientA.upload(
      '/api/upload_file/',
      { delimiter: ',' },
      { field: 'csv_file', name: 'crash.csv', content: `PIN\n${pins.join('\n')}\n` },
      headers,
    );
    expect(up.status).toBe(200);
    const importId = up.body.data.import_id;

    // Hold the pins table so the job stops after staging its rows, inside its transaction.
    await sql.query('begin');
    await sql.query('lock table pins in access exclusive mode');
    const step2 = await clientA.post(
      '/api/background_task_step_two/',
      {
        import_id: importId,
        configuration_id: configurationId,
        supplier_id: supplier.body.data.supplier_id,
        pin_sequence: 1,
        has_header: 1,
        buying_discount: '4',
        import_batch: 'CRASH-1',
      },
      headers,
    );
    expect(step2.status).toBe(202);
    const probe = new pg.Client({ connectionString: copies.url });
    await probe.connect();
    let waiting = 0;
    for (let i = 0; i < 200 && waiting === 0; i++) {
      const r = await probe.query(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and query ilike '%update inventory_import_rows%'`,
      );
      waiting = r.rows[0].n;
      if (!waiting) await new Promise((r) => setTimeout(r, 50));
    }
    expect(waiting).toBe(1);
    // Its staged rows exist only inside the uncommitted transaction.
    expect(Number((await probe.query('select count(*) as n from inventory_import_rows')).rows[0].n)).toBe(0);
    await probe.end();

    a.kill('SIGKILL');
    await new Promise((r) => a.once('exit', r));
    await sql.query('rollback');

    const portB = portA + 1;
    startServer(portB);
    const clientB = createPortalClient(`http://127.0.0.1:${portB}`);
    await clientB.waitForHealth();
    let review = await clientB.post('/api/failed_pins_list/', { import_id: importId }, headers);
    for (let i = 0; i < 300 && review.body.data.import.status === 'validating'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      review = await clientB.post('/api/failed_pins_list/', { import_id: importId }, headers);
    }
    expect(review.body.data.import).toMatchObject({
      status: 'validated',
      total_rows: 1500,
      valid_rows: 1500,
      failed_rows: 0,
    });
    expect(await count('select count(*) as n from inventory_import_rows where import_id = $1', [importId])).toBe(1500);

    const [first, second] = await Promise.all([
      clientB.post('/api/upload_step_three/', { import_id: importId }, headers),
      clientB.post('/api/upload_step_three/', { import_id: importId }, headers),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await count('select count(*) as n from pins')).toBe(1500);
    expect(await count('select count(distinct pin_index) as n from pins')).toBe(1500);
    expect(await count('select count(*) as n from available_stock')).toBe(1500);
    const search = await clientB.post(
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'pin', search_text: pins[1499] },
      headers,
    );
    expect(search.body.data.results).toHaveLength(1);
  });
});
