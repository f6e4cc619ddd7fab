import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One table's place in a rotation: where the next batch starts, and what was seen and changed so far. */
export interface KeyRotationTableProgress {
  /** The last row key done, in the table's key order; null: not started. */
  cursor: string | null;
  done: boolean;
  seen: number;
  changed: number;
}

/** A row the re-index could not move to the new index: another row of its product holds the same PIN under it. */
export interface KeyRotationCollision {
  table: string;
  row: string;
  other: string | null;
}

/**
 * A key rotation's re-encryption and re-index run (decision 0148): every ciphertext and blind index not yet under
 * the target keys is moved to them in batches, each with its cursor in `progress` committed in the same
 * transaction, so a crash repeats at most one batch. Collisions are reported here, never a failure.
 */
export const keyRotations = pgTable('key_rotations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  targetEncryptionKey: smallint('target_encryption_key').notNull(),
  targetIndexKey: smallint('target_index_key').notNull(),
  /** running → done, or superseded by a newer run with other targets. */
  status: text().notNull().default('running'),
  progress: jsonb().$type<Record<string, KeyRotationTableProgress>>().notNull().default({}),
  collisions: jsonb().$type<KeyRotationCollision[]>().notNull().default([]),
  startedBy: text('started_by').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
