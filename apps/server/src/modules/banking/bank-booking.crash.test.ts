import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalClient } from '../../../test/portal-process.ts';
import { type ServerCopies, serverCopies } from '../../../test/server-copies.ts';

/**
 * A server copy is killed (SIGKILL) while its job books a statement: two lines are booked, the third
 * waits on a lock the test holds. A second copy starts, takes the booking up again and books the rest:
 * every line exactly once, the wallet raised by exactly the statement's sum.
 */
let copies: ServerCopies;

beforeAll(async () => {
  copies = await serverCopies('portal-bank-crash-');
});
afterAll(async () => copies.close());

const statement = [
  'Bezeichnung Auftragskonto;IBAN Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;Verwendungszweck;Betrag;Waehrung',
  ...[1, 2, 3, 4, 5].map(
    (n) =>
      `Konto;DE02300606010002474689;2${n}.11.2026;2${n}.11.2026;Kiosk Müller;DE02120300000000202051;Aufladung ${n};10,0${n};EUR`,
  ),
].join('\n');

describe('a server killed while booking a statement', () => {
  it('books every line exactly once when another copy takes over', { timeout: 120_000 }, async () => {
    const { sql, count, start: startServer } = copies;
    const portA = 25000 + Math.floor(Math.random() * 5000);
    const a = startServer(portA);
    const clientA = createPortalClient(`http://127.0.0.1:${portA}`);
    await clientA.waitForHealth();
    const headers = await clientA.signIn('reseller');
    const shop = (await sql.query(`select id from customers where name = 'Demo Shop Berlin'`)).rows[0].id;
    const up = await clientA.upload(
      '/api/bank_module_step_1/',
      {},
      { field: 'file', name: 'crash.csv', content: statement },
      headers,
    );
    expect(up.status).toBe(200);
    const importId = up.body.data.import.import_id;
    const mapped = await clientA.post(
      '/api/bank_module_step_2/',
      {
        import_id: importId,
        mappings: [{ payer_name: 'Kiosk Müller', payer_iban: 'DE02120300000000202051', customer_id: shop }],
      },
      headers,
    );
    expect(mapped.body.data.import.to_book).toBe(5);
    const third = up.body.data.bank_records[2].id;

    // Hold the third line so the job stops there, after booking the first two.
    await sql.query('begin');
    await sql.query('select id from bank_records where id = $1 for update', [third]);
    const started = await clientA.post(
      '/api/celery_process_top_up_with_multi_customers/',
      { import_id: importId },
      headers,
    );
    expect(started.status).toBe(202);
    const probe = new pg.Client({ connectionString: copies.url });
    await probe.connect();
    let booked = 0;
    for (let i = 0; i < 300 && booked < 2; i++) {
      booked = Number((await probe.query(`select count(*) as n from bank_records where status = 'booked'`)).rows[0].n);
      if (booked < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(booked).toBe(2);
    await probe.end();

    a.kill('SIGKILL');
    await new Promise((r) => a.once('exit', r));
    await sql.query('rollback');
    expect(await count(`select count(*) as n from bank_records where status = 'booked'`)).toBe(2);

    const portB = portA + 1;
    startServer(portB);
    const clientB = createPortalClient(`http://127.0.0.1:${portB}`);
    await clientB.waitForHealth();
    let progress = await clientB.get(`/api/get_bank_records/?import_id=${importId}`, headers);
    for (let i = 0; i < 300 && progress.body.data.import.status !== 'booked'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await clientB.get(`/api/get_bank_records/?import_id=${importId}`, headers);
    }
    expect(progress.body.data.import).toMatchObject({ status: 'booked', booked: 5, to_book: 0, failed: 0 });
    expect(await count(`select count(*) as n from journal_entries where reference like 'bank:%'`)).toBe(5);
    expect(
      await count(`select count(distinct reference) as n from journal_entries where reference like 'bank:%'`),
    ).toBe(5);
    // What came in from outside: 10.01 + 10.02 + 10.03 + 10.04 + 10.05.
    const paid = await sql.query(
      `select sum(-l.amount)::text as paid from ledger_lines l join journal_entries e on e.id = l.entry_id
       where e.reference like 'bank:%' and l.account = 'external_funds'`,
    );
    expect(paid.rows[0].paid).toBe('50.1500');
  });
});
