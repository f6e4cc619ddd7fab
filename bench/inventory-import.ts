import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';

/**
 * `npm run bench:import`: starts the portal on a fresh embedded PostgreSQL (127.0.0.1 only) and times
 * the whole PIN import of 1500 PINs, three times: upload → step 2 (the pg-boss job parses, checks,
 * encrypts and indexes every row) → approve (one transaction into pins and available_stock).
 */
const ROUNDS = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-import-'));
const portal = spawnPortal(18182, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54392' });

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

try {
  const client = createPortalClient(portal.base);
  await client.waitForHealth(120_000);
  const headers = await client.signIn('reseller');
  const product = await client.post(
    '/api/add_product/',
    { product_name: 'Bench Card', product_type: 'cash_card', pin_length: 16, configurations: [{ value: '15' }] },
    headers,
  );
  const configurationId = product.body.data.configurations[0].id;
  const supplier = await client.post('/api/add_supplier/', { full_name: 'Bench Supplier' }, headers);

  const totals: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const seed = randomBytes(4).readUInt32BE(0);
    const pins = Array.from(
      { length: 1500 },
      (_, i) => `${String(seed).padStart(10, '0')}${String(i).padStart(6, '0')}`,
    );
    const csv = `PIN;Serial\n${pins.map((p, i) => `${p};SN-${round}-${i}`).join('\n')}\n`;
    const t0 = process.hrtime.bigint();
    const up = await client.upload(
      '/api/upload_file/',
      { delimiter: ';' },
      { field: 'csv_file', name: 'bench.csv', content: csv },
      headers,
    );
    if (up.status !== 200) throw new Error(`upload: ${up.body.message}`);
    const tUpload = ms(t0);
    const importId = up.body.data.import_id;
    const t1 = process.hrtime.bigint();
    const step2 = await client.post(
      '/api/background_task_step_two/',
      {
        import_id: importId,
        configuration_id: configurationId,
        supplier_id: supplier.body.data.supplier_id,
        pin_sequence: 1,
        serial_sequence: 2,
        has_header: 1,
        buying_discount: '4.5',
        import_batch: `BENCH-${round}`,
      },
      headers,
    );
    if (step2.status !== 202) throw new Error(`step 2: ${step2.body.message}`);
    let review = await client.post('/api/failed_pins_list/', { import_id: importId }, headers);
    while (review.body.data.import.status === 'validating') {
      await new Promise((r) => setTimeout(r, 20));
      review = await client.post('/api/failed_pins_list/', { import_id: importId }, headers);
    }
    const tStep2 = ms(t1);
    if (review.body.data.import.valid_rows !== 1500)
      throw new Error(`step 2 accepted ${review.body.data.import.valid_rows}`);
    const t2 = process.hrtime.bigint();
    const approve = await client.post('/api/upload_step_three/', { import_id: importId }, headers);
    if (approve.body.data?.imported_pins !== 1500) throw new Error(`approve: ${approve.body.message}`);
    const tApprove = ms(t2);
    const total = ms(t0);
    totals.push(total);
    console.log(
      `round ${round}: 1500 PINs  upload ${tUpload.toFixed(0)} ms   step 2 (job) ${tStep2.toFixed(0)} ms   approve ${tApprove.toFixed(0)} ms   total ${total.toFixed(0)} ms`,
    );
  }
  const sorted = [...totals].sort((a, b) => a - b);
  console.log(`median end to end: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms for 1500 PINs`);
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
