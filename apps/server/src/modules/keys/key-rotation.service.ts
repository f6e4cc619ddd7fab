import type { Db } from '../../db/connect.ts';
import type { KeyRotationCollision, KeyRotationTableProgress } from '../../db/schema/keys.ts';
import { encryptionKeyIdOf, indexKeyIdOf, type PinCrypto } from '../../platform/pin-crypto.ts';
import {
  type KeyRotationRepository,
  ROTATED_TABLES,
  type RotatedTable,
  type RowChange,
  type SealedRow,
} from './key-rotation.repository.ts';

/** How long one job run works before it hands over to the next minute's: short enough never to be expired. */
const WORK_BUDGET_MS = 45_000;

export type WorkOutcome = 'idle' | 'not-ours' | 'more' | 'done';

/**
 * The re-encryption and re-index of a key rotation (decision 0148): every ciphertext not under the active
 * encryption key and every blind index not under the active index key is moved to it, table by table, in batches
 * after a cursor. Each batch is one short transaction that also saves the cursor, so a crash repeats at most one
 * batch, and the purchase keeps selling (it claims PINs from `available_stock`, never waiting on a batch for long).
 */
export function createKeyRotationService(deps: {
  db: Db;
  repo: KeyRotationRepository;
  pinCrypto: Pick<PinCrypto, 'encrypt' | 'decryptBytes' | 'indexes' | 'active'>;
  log?: { warn(o: object, m: string): void };
  /** Tests: called after each batch's writes, inside its transaction (a throw there is a crash mid-batch). */
  afterBatch?: (table: RotatedTable) => void;
}) {
  const { db, repo, pinCrypto } = deps;
  const target = pinCrypto.active;

  /** Starts a run towards this copy's active keys, or returns the one already running towards them. */
  async function start(startedBy: string) {
    return repo.insertRun(target, startedBy);
  }

  function rotateRow(table: RotatedTable, row: SealedRow): RowChange | null {
    const encryptionId = encryptionKeyIdOf(row.sealed);
    const reindex = row.index !== null && indexKeyIdOf(row.index) !== target.index;
    if (encryptionId === target.encryption && !reindex) return null;
    let plain: Buffer;
    try {
      plain = pinCrypto.decryptBytes(row.sealed);
    } catch {
      // Names the row and the key id only, never the content.
      throw new Error(`${table} row ${row.key}: its ciphertext (key ${encryptionId}) cannot be read with this ring`);
    }
    const sealed = encryptionId === target.encryption ? row.sealed : pinCrypto.encrypt(plain);
    // Read back under the new key before it replaces the old ciphertext: a record is never left unreadable.
    if (sealed !== row.sealed && !pinCrypto.decryptBytes(sealed).equals(plain)) {
      throw new Error(`${table} row ${row.key}: the new ciphertext does not read back`);
    }
    if (!reindex) return { key: row.key, old: row.sealed, sealed, index: null, others: null };
    const [index, ...others] = pinCrypto.indexes(plain.toString('utf8'));
    if (index === undefined) throw new Error('the PIN index key ring is empty');
    return { key: row.key, old: row.sealed, sealed, index, others };
  }

  /** One batch of one table: false when the table is done (or the run is no longer running). */
  async function batch(runId: number, table: RotatedTable): Promise<boolean> {
    return db.transaction(async (tx) => {
      const run = await repo.lockRun(runId, tx);
      if (run?.status !== 'running') return false;
      const p: KeyRotationTableProgress = run.progress[table] ?? { cursor: null, done: false, seen: 0, changed: 0 };
      if (p.done) return false;
      const read = await repo.readBatch(table, p.cursor, tx);
      const candidates = read.map((r) => ({ row: r, change: rotateRow(table, r) }));
      // Rows to change are locked without waiting; the batch ends before the first row a purchase holds, and the
      // next batch starts there (the cursor stays before it).
      const locked = await repo.lockRows(
        table,
        candidates.filter((c) => c.change !== null).map((c) => c.row.key),
        tx,
      );
      const held = candidates.findIndex((c) => c.change !== null && !locked.has(c.row.key));
      const taken = held < 0 ? candidates : candidates.slice(0, held);
      const changes = taken.map((c) => c.change).filter((c) => c !== null);
      const collisions: KeyRotationCollision[] = await repo.writeBatch(table, changes, tx);
      deps.afterBatch?.(table);
      const done = held < 0 && read.length < repo.batchSize(table);
      await repo.saveProgress(
        runId,
        table,
        {
          cursor: taken.length ? taken[taken.length - 1]!.row.key : p.cursor,
          done,
          seen: p.seen + taken.length,
          changed: p.changed + changes.length,
        },
        collisions,
        tx,
      );
      if (held === 0) await new Promise((r) => setTimeout(r, 20));
      return !done;
    });
  }

  /** The job's work: batches until the run is done or the budget is spent; the next run goes on from the cursors. */
  async function work(budgetMs = WORK_BUDGET_MS): Promise<WorkOutcome> {
    const run = await repo.findRunning();
    if (!run) return 'idle';
    if (run.target_encryption_key !== target.encryption || run.target_index_key !== target.index) {
      // A copy still on the previous configuration: the runbook's step 2 has not reached it. Another copy works.
      deps.log?.warn(
        { rotation: run.id, target: [run.target_encryption_key, run.target_index_key], own: target },
        'key rotation waits for a copy whose active keys are the run’s',
      );
      return 'not-ours';
    }
    const until = Date.now() + budgetMs;
    for (const table of ROTATED_TABLES) {
      while (await batch(run.id, table)) {
        if (Date.now() >= until) return 'more';
      }
    }
    return db.transaction(async (tx) => {
      const r = await repo.lockRun(run.id, tx);
      if (r?.status !== 'running') return 'done';
      if (ROTATED_TABLES.some((t) => !r.progress[t]?.done)) return 'more';
      await repo.finish(run.id, tx);
      return 'done';
    });
  }

  return { start, work, status: repo.latest };
}
export type KeyRotationService = ReturnType<typeof createKeyRotationService>;
