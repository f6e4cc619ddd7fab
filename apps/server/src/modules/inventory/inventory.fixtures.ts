import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../app.ts';

/** Test helpers of the catalogue domain: multipart uploads and the three import steps over HTTP. */

export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; content: Buffer | string; type?: string },
) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postMultipart(
  app: App,
  url: string,
  fields: Record<string, string>,
  file: Parameters<typeof multipart>[1],
  headers: Record<string, string>,
) {
  const m = multipart(fields, file);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { host: 'localhost', ...headers, 'content-type': m.contentType },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function call(app: App, url: string, body: unknown, headers: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { host: 'localhost', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Distinct PINs of a given length, digits only, unlikely to appear anywhere by chance. */
export function makePins(n: number, length = 16, prefix = ''): string[] {
  const seed = randomBytes(4).readUInt32BE(0);
  return Array.from({ length: n }, (_, i) =>
    `${prefix}${String(seed).padStart(10, '0')}${String(i).padStart(6, '0')}`.slice(-length).padStart(length, '7'),
  );
}

export async function createProduct(
  app: App,
  headers: Record<string, string>,
  over: Partial<{ product_name: string; product_type: string; pin_length: number; values: string[] }> = {},
) {
  const res = await call(
    app,
    '/api/add_product/',
    {
      product_name: over.product_name ?? `Card ${randomBytes(3).toString('hex')}`,
      product_type: over.product_type ?? 'cash_card',
      pin_length: over.pin_length ?? 16,
      customer_care: '+49 30 555',
      instructions: 'Dial *100#',
      configurations: (over.values ?? ['10', '25']).map((value) => ({ value, info: `${value} EUR` })),
    },
    headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { product_id: number; configurations: { id: number; value: string }[] };
}

export async function createSupplier(app: App, headers: Record<string, string>, name = 'Supplier AG') {
  const res = await call(app, '/api/add_supplier/', { full_name: name, email: 'supply@example.com' }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { supplier_id: number };
}

export async function waitForImport(
  app: App,
  headers: Record<string, string>,
  importId: number,
  url = '/api/failed_pins_list/',
) {
  const body = url.includes('pool') ? { import_id: importId, failed_list: 1 } : { import_id: importId };
  for (let i = 0; i < 200; i++) {
    const res = await call(app, url, body, headers);
    if (res.body.data?.import?.status !== 'validating') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${importId} still validating`);
}

/** Upload → step 2 → wait for the job; returns the import id and the failed-rows answer. */
export async function uploadAndMap(
  app: App,
  headers: Record<string, string>,
  csv: string,
  map: {
    configuration_id: number;
    supplier_id: number;
    pin_sequence?: number;
    has_header?: number;
    import_batch?: string;
    batch_sequence?: number;
    serial_sequence?: number;
    buying_discount?: string;
  },
) {
  const up = await postMultipart(
    app,
    '/api/upload_file/',
    { delimiter: ',' },
    { field: 'csv_file', filename: 'pins.csv', content: csv },
    headers,
  );
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const importId = up.body.data.import_id as number;
  const step2 = await call(
    app,
    '/api/background_task_step_two/',
    {
      import_id: importId,
      pin_sequence: 1,
      has_header: 0,
      buying_discount: '5',
      import_batch: 'LOT-1',
      ...map,
    },
    headers,
  );
  expect(step2.status, JSON.stringify(step2.body)).toBe(202);
  const review = await waitForImport(app, headers, importId);
  return { importId, review };
}

/** The whole import: upload, map, wait, approve; returns the import id. */
export async function importPins(
  app: App,
  headers: Record<string, string>,
  pins: string[],
  map: Parameters<typeof uploadAndMap>[3],
  publish = 1,
) {
  const { importId } = await uploadAndMap(app, headers, `${pins.join('\n')}\n`, map);
  const approve = await call(app, '/api/upload_step_three/', { import_id: importId, cancel: 0, publish }, headers);
  expect(approve.status, JSON.stringify(approve.body)).toBe(200);
  return importId;
}
