import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './connect.ts';

/**
 * The hash chain over the books (issue 41, decision 0142). A job seals, after commit, the rows committed since the
 * last seal — trail rows, ledger entries with their lines, issued documents with their lines and the sha256 of their
 * stored files, Z reports — into `audit_seals`; the chain's head is written outside the database (the log and the
 * backup folder's anchor file); `npm run audit:verify` recomputes every seal here, in TypeScript, from the rows and
 * compares it with the stored seals and the anchors. The database computes the same seals in SQL (`seal_payload()`,
 * `seal_digest()`, `seal_hash()` of migration 0066): `chain.test.ts` holds the two to the same bytes.
 */

/** The sources in the chain's order, with the years they are kept from the end of their calendar year (GoBD). */
export const SEAL_SOURCES = [
  { name: 'audit_trail', column: 'trail', keepYears: 10 },
  { name: 'journal_entries', column: 'entries', keepYears: 10 },
  { name: 'invoices', column: 'invoices', keepYears: 8 },
  { name: 'z_reports', column: 'z_reports', keepYears: 8 },
] as const;
export type SealSource = (typeof SEAL_SOURCES)[number]['name'];

export const GENESIS_HASH = '0'.repeat(64);
export const ANCHOR_FILE = 'audit-anchors.jsonl';

/** At most this many ids of each source in one seal: a backlog is sealed in bounded spans. */
export const SEAL_SPAN = 5_000;

export interface Seal {
  id: number;
  sealedAt: Date;
  upto: Record<SealSource, number>;
  digest: Record<SealSource, string>;
  prevHash: string;
  hash: string;
}

type SealRow = Record<string, unknown>;

function toSeal(r: SealRow): Seal {
  const upto = {} as Record<SealSource, number>;
  const digest = {} as Record<SealSource, string>;
  for (const s of SEAL_SOURCES) {
    upto[s.name] = Number(r[`${s.column}_upto`]);
    digest[s.name] = String(r[`${s.column}_digest`]);
  }
  return {
    id: Number(r.id),
    sealedAt: new Date(r.sealed_at as string | Date),
    upto,
    digest,
    prevHash: String(r.prev_hash),
    hash: String(r.hash),
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** One row's canonical line, as `seal_payload()` builds it in SQL (`seal_field()` per field): each field length-prefixed, so none can imitate a separator. */
export function sealLine(source: string, fields: (string | null)[]): string {
  return `${source}${fields.map((f) => (f === null ? '|-' : `|${Buffer.byteLength(f, 'utf8')}:${f}`)).join('')}\n`;
}

/** hash_n = sha256(hash_{n-1} and each source's upper id and digest), as `seal_hash()` in SQL. */
export function sealHash(prevHash: string, upto: Record<SealSource, number>, digest: Record<SealSource, string>) {
  const lines = SEAL_SOURCES.map((s) => `${s.name}|${upto[s.name]}|${digest[s.name]}\n`).join('');
  return sha256(`${prevHash}\n${lines}`);
}

// The recorded columns of each source in the order of `seal_payload()`; read as PostgreSQL's text form in UTC.
const TRAIL = [
  'id',
  'at',
  'actor_name',
  'actor_user_id',
  'actor_customer_id',
  'request_id',
  'table_name',
  'record_key',
  'subject_customer_id',
  'action',
  'changes',
  'origin_digest',
];
const ENTRY = [
  'id',
  'kind',
  'customer_id',
  'actor_customer_id',
  'created_by',
  'method',
  'reference',
  'memo',
  'created_at',
];
const LEDGER_LINE = ['id', 'entry_id', 'customer_id', 'account', 'amount', 'balance_after', 'created_at'];
const INVOICE = [
  'id',
  'issuer_customer_id',
  'recipient_customer_id',
  'number',
  'invoice_no',
  'period_start',
  'period_end',
  'issued_at',
  'issuer',
  'recipient',
  'net_total',
  'vat_total',
  'gross_total',
  'vat_breakdown',
  'created_by',
  'kind',
  'reclamation_id',
  'refund_entry_id',
  'corrects_invoice_id',
  'cancels_invoice',
  'part',
];
const INVOICE_LINE = [
  'id',
  'invoice_id',
  'product_id',
  'configuration_id',
  'product_name',
  'face_value',
  'unit_price',
  'quantity',
  'gross_amount',
  'vat_treatment',
  'vat_rate',
  'line_kind',
];
const Z_REPORT = [
  'id',
  'customer_id',
  'number',
  'first_sale_id',
  'last_sale_id',
  'provider_after_entry_id',
  'provider_last_entry_id',
  'period_start',
  'closed_at',
  'closed_by',
  'totals',
];

const asText = (alias: string, cols: string[]) => cols.map((c, i) => `${alias}.${c}::text as c${i}`).join(', ');
const fieldsOf = (row: Record<string, unknown>, n: number) =>
  Array.from({ length: n }, (_, i) => (row[`c${i}`] ?? null) as string | null);
const fileHash = (b: unknown) => (b === null || b === undefined ? null : sha256(b as Buffer));

/**
 * The canonical text of one source's rows with ids in (after, upto], built here from the rows (the stored files'
 * bytes hashed here too). The client must read in UTC with ISO dates (`readingSession`).
 */
export async function sealPayload(client: pg.ClientBase, source: SealSource, after: number, upto: number) {
  const q = async (text: string) => (await client.query(text, [after, upto])).rows as Record<string, unknown>[];
  let out = '';
  if (source === 'audit_trail' || source === 'z_reports') {
    const cols = source === 'audit_trail' ? TRAIL : Z_REPORT;
    for (const r of await q(
      `select ${asText('t', cols)} from ${source} t where t.id > $1 and t.id <= $2 order by t.id`,
    ))
      out += sealLine(source, fieldsOf(r, cols.length));
    return out;
  }
  const [parent, child, childKey] =
    source === 'journal_entries'
      ? (['journal_entries', 'ledger_lines', 'entry_id'] as const)
      : (['invoices', 'invoice_lines', 'invoice_id'] as const);
  const parentCols = parent === 'journal_entries' ? ENTRY : INVOICE;
  const childCols = child === 'ledger_lines' ? LEDGER_LINE : INVOICE_LINE;
  const files =
    parent === 'invoices'
      ? ', f.pdf, f.xrechnung, f.zugferd, f.created_at::text as files_at from invoices p left join invoice_files f on f.invoice_id = p.id'
      : ' from journal_entries p';
  const parents = await q(`select ${asText('p', parentCols)}${files} where p.id > $1 and p.id <= $2 order by p.id`);
  const children = await q(
    `select ${asText('l', childCols)}, l.${childKey} as parent from ${child} l where l.${childKey} > $1 and l.${childKey} <= $2 order by l.${childKey}, l.id`,
  );
  let c = 0;
  for (const p of parents) {
    const fields = fieldsOf(p, parentCols.length);
    if (parent === 'invoices')
      fields.push(fileHash(p.pdf), fileHash(p.xrechnung), fileHash(p.zugferd), (p.files_at ?? null) as string | null);
    out += sealLine(parent, fields);
    // Lines of a parent that is gone (deleted with triggers off) still count: they follow nothing, and differ.
    while (c < children.length && Number(children[c]!.parent) <= Number(p.c0)) {
      out += sealLine(child, fieldsOf(children[c]!, childCols.length));
      c++;
    }
  }
  for (; c < children.length; c++) out += sealLine(child, fieldsOf(children[c]!, childCols.length));
  return out;
}

export const sealDigest = async (client: pg.ClientBase, source: SealSource, after: number, upto: number) =>
  sha256(await sealPayload(client, source, after, upto));

/** Text forms as `seal_payload()` sets them for itself: UTC times, ISO dates. */
async function readingSession(client: pg.ClientBase) {
  await client.query(`set timezone = 'UTC'`);
  await client.query(`set datestyle = 'ISO, YMD'`);
}

/**
 * One run of the sealing job. Seals up to the ids recorded at the previous run's `pending_at`, once no transaction
 * that was running then is still running: a row is only ever sealed after every row with a smaller id has committed
 * or rolled back, so a transaction that commits after a later id's never leaves its rows behind (decision 0142).
 * The seal and the next horizon are written in one transaction: after a crash the job starts again where it was.
 * Returns the new seal (`caughtUp`: it reached the horizon), or null when there was nothing to seal yet (or another
 * copy is sealing). A seal spans at most `SEAL_SPAN` ids per source.
 */
export async function sealOnce(db: Db, span = SEAL_SPAN): Promise<(Seal & { caughtUp: boolean }) | null> {
  return db.transaction(async (tx) => {
    const state = await tx.execute<{ ready: boolean; first: boolean; sees_all: boolean }>(sql`
      select s.pending_at is null as first, s.pending_at is not null
          -- every transaction that could hold an id at or below the horizon has ended (no xact_start before it)
          and not exists (select 1 from pg_stat_activity a where a.datname = current_database()
            and a.backend_type = 'client backend' and a.pid <> pg_backend_pid() and a.xact_start <= s.pending_at)
          and not exists (select 1 from pg_prepared_xacts p where p.database = current_database()
            and p.prepared <= s.pending_at) as ready,
        (select r.rolsuper or pg_has_role(current_user, 'pg_read_all_stats', 'member')
          from pg_roles r where r.rolname = current_user) as sees_all
      from audit_seal_state s where s.id = 1 for update skip locked`);
    const run = state.rows[0];
    if (!run) return null;
    // Without this right, other roles' transactions show no start and the horizon would not be safe.
    if (!run.sees_all) throw new Error('sealing the audit chain needs a superuser or the role pg_read_all_stats');
    // Not ready: a transaction that began before the horizon still runs; keep the horizon and wait for it.
    if (!run.ready && run.first === false) return null;
    let seal: Seal | null = null;
    if (run.ready) {
      const made = await tx.execute<SealRow>(sql`
        with last as (
          select trail_upto, entries_upto, invoices_upto, z_reports_upto, hash from audit_seals order by id desc limit 1
        ), prev as (
          select * from last
          union all select 0, 0, 0, 0, ${GENESIS_HASH} where not exists (select 1 from last)
        ), span as (
          select p.trail_upto as t0, least(greatest(s.trail_pending, p.trail_upto), p.trail_upto + ${span}) as t1,
            p.entries_upto as e0, least(greatest(s.entries_pending, p.entries_upto), p.entries_upto + ${span}) as e1,
            p.invoices_upto as i0,
            least(greatest(s.invoices_pending, p.invoices_upto), p.invoices_upto + ${span}) as i1,
            p.z_reports_upto as z0,
            least(greatest(s.z_reports_pending, p.z_reports_upto), p.z_reports_upto + ${span}) as z1,
            p.hash as prev_hash
          from audit_seal_state s, prev p where s.id = 1
        ), digests as (
          select span.*, seal_digest('audit_trail', t0, t1) as td, seal_digest('journal_entries', e0, e1) as ed,
            seal_digest('invoices', i0, i1) as id_, seal_digest('z_reports', z0, z1) as zd
          from span where t1 > t0 or e1 > e0 or i1 > i0 or z1 > z0
        )
        insert into audit_seals (trail_upto, trail_digest, entries_upto, entries_digest, invoices_upto,
          invoices_digest, z_reports_upto, z_reports_digest, prev_hash, hash)
        select t1, td, e1, ed, i1, id_, z1, zd, prev_hash, seal_hash(prev_hash, t1, td, e1, ed, i1, id_, z1, zd)
        from digests
        returning *`);
      seal = made.rows[0] ? toSeal(made.rows[0]) : null;
      // Not caught up with the horizon yet (a large backlog, as after an upgrade): the horizon stays valid and the
      // next call seals the next span.
      const behind = await tx.execute<{ behind: boolean }>(sql`
        select s.trail_pending > ${seal?.upto.audit_trail ?? 0} or s.entries_pending > ${seal?.upto.journal_entries ?? 0}
          or s.invoices_pending > ${seal?.upto.invoices ?? 0} or s.z_reports_pending > ${seal?.upto.z_reports ?? 0}
          as behind
        from audit_seal_state s where s.id = 1`);
      if (seal && behind.rows[0]!.behind) return { ...seal, caughtUp: false };
    }
    // The next horizon (set after a seal, a run with nothing to seal, or the very first run): the highest ids visible now, then the time. Every smaller id was handed out before it, by
    // a transaction that started before `pending_at`; the next run waits for all of those to end.
    await tx.execute(sql`
      update audit_seal_state set
        trail_pending = coalesce((select max(id) from audit_trail), 0),
        entries_pending = coalesce((select max(id) from journal_entries), 0),
        invoices_pending = coalesce((select max(id) from invoices), 0),
        z_reports_pending = coalesce((select max(id) from z_reports), 0)
      where id = 1`);
    await tx.execute(sql`update audit_seal_state set pending_at = clock_timestamp() where id = 1`);
    return seal && { ...seal, caughtUp: true };
  });
}

/**
 * The sealing job: seals span after span until caught up with the horizon or `budgetMs` has passed (the next run
 * goes on), so a large backlog is sealed in bounded transactions.
 */
export async function sealPending(db: Db, budgetMs = 30_000, span = SEAL_SPAN): Promise<number> {
  const until = Date.now() + budgetMs;
  let made = 0;
  for (;;) {
    const seal = await sealOnce(db, span);
    if (!seal) return made;
    made++;
    if (seal.caughtUp || Date.now() > until) return made;
  }
}

export async function chainHead(db: Db): Promise<Seal | null> {
  const { rows } = await db.execute<SealRow>(sql`select * from audit_seals order by id desc limit 1`);
  return rows[0] ? toSeal(rows[0]) : null;
}

/** The chain's head as written outside the database. */
export interface Anchor {
  seal_id: number;
  hash: string;
  sealed_at: string;
  anchored_at: string;
}

/**
 * Writes the chain's head outside the database: a log line with a stable message and a line appended to the anchor
 * file in the backup folder. Someone who rewrites the books and recomputes every seal cannot reach these.
 */
export async function anchorHead(
  db: Db,
  dir: string,
  log: { info(o: object, m: string): void },
  now = new Date(),
): Promise<Anchor | null> {
  const head = await chainHead(db);
  if (!head) return null;
  const anchor: Anchor = {
    seal_id: head.id,
    hash: head.hash,
    sealed_at: head.sealedAt.toISOString(),
    anchored_at: now.toISOString(),
  };
  log.info({ audit_anchor: anchor }, 'audit chain head');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  appendFileSync(join(dir, ANCHOR_FILE), `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  return anchor;
}

/** The anchors of a file (one JSON object a line); a line that is not one is an error, not skipped. */
export function readAnchors(file: string): Anchor[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      const a = JSON.parse(l) as Anchor;
      if (!Number.isInteger(a.seal_id) || !/^[0-9a-f]{64}$/.test(a.hash)) {
        throw new Error(`${file}, line ${i + 1}: not an anchor`);
      }
      return a;
    });
}

export type VerifyResult =
  | { ok: true; seals: number; anchors: number; pastRetention: number }
  | { ok: false; sealId: number; reason: string; seals: number };

/** Whether a source's rows sealed at `sealedAt` may have been deleted: their period ended with a calendar year. */
function pastRetention(keepYears: number, sealedAt: Date, now: Date) {
  return sealedAt.getUTCFullYear() + keepYears + 1 <= now.getUTCFullYear();
}

async function rowsIn(client: pg.ClientBase, source: SealSource, after: number, upto: number) {
  const r = await client.query<{ n: number }>(`select count(*)::int as n from ${source} where id > $1 and id <= $2`, [
    after,
    upto,
  ]);
  return r.rows[0]!.n;
}

/**
 * Recomputes every seal from the rows (in TypeScript, independent of the SQL functions) and checks it against the
 * stored seal, the chain's links and the anchors. Stops at the first broken seal. A source's rows that are gone
 * entirely are accepted only once their retention period has ended (the documented maintenance step deleted them).
 */
export async function verifyChain(client: pg.ClientBase, anchors: Anchor[], now = new Date()): Promise<VerifyResult> {
  await readingSession(client);
  const byId = new Map<number, Anchor[]>();
  for (const a of anchors) byId.set(a.seal_id, [...(byId.get(a.seal_id) ?? []), a]);
  let prev: Seal | null = null;
  let count = 0;
  let excused = 0;
  const seen = new Set<number>();
  for (let after = 0; ; ) {
    const page = (
      await client.query<SealRow>('select * from audit_seals where id > $1 order by id limit 100', [after])
    ).rows.map(toSeal);
    if (!page.length) break;
    for (const seal of page) {
      count++;
      seen.add(seal.id);
      const broken = (reason: string): VerifyResult => ({ ok: false, sealId: seal.id, reason, seals: count });
      const prevHash = prev?.hash ?? GENESIS_HASH;
      if (seal.prevHash !== prevHash) return broken(`it does not follow the seal before it (${prevHash})`);
      for (const s of SEAL_SOURCES) {
        const from = prev?.upto[s.name] ?? 0;
        const upto = seal.upto[s.name];
        if (upto < from) return broken(`its ${s.name} range ends at ${upto}, before the previous seal's ${from}`);
        const digest = await sealDigest(client, s.name, from, upto);
        if (digest === seal.digest[s.name]) continue;
        if (pastRetention(s.keepYears, seal.sealedAt, now) && (await rowsIn(client, s.name, from, upto)) === 0) {
          excused++;
          continue;
        }
        return broken(`its ${s.name} rows ${from + 1}–${upto} hash to ${digest}, the seal says ${seal.digest[s.name]}`);
      }
      const hash = sealHash(prevHash, seal.upto, seal.digest);
      if (hash !== seal.hash) return broken(`it hashes to ${hash}, the seal says ${seal.hash}`);
      for (const a of byId.get(seal.id) ?? []) {
        if (a.hash !== seal.hash) return broken(`its anchor of ${a.anchored_at} says ${a.hash}, the seal ${seal.hash}`);
      }
      prev = seal;
    }
    after = page[page.length - 1]!.id; // not empty: an empty page ended the loop
  }
  for (const a of anchors) {
    if (!seen.has(a.seal_id)) {
      return {
        ok: false,
        sealId: a.seal_id,
        reason: `it was anchored on ${a.anchored_at} and is missing from the database`,
        seals: count,
      };
    }
  }
  return { ok: true, seals: count, anchors: anchors.length, pastRetention: excused };
}
