import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import { storedFileParts, storedFiles } from '../db/schema/storage.ts';
import { type Clock, systemClock } from './clock.ts';
import type { PinCrypto } from './pin-crypto.ts';

export interface NewFile {
  purpose: string;
  ownerCustomerId: number | null;
  name: string;
  contentType: string;
  data: Buffer;
  /** Files that hold PINs: encrypted like PINs (and given an expiry by the caller). */
  encrypt?: boolean;
  expiresAt?: Date | null;
}

export interface StoredFile {
  id: string;
  purpose: string;
  ownerCustomerId: number | null;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
  createdAt: Date;
  expiresAt: Date | null;
}

/**
 * The one storage interface for uploads and downloads. The default driver keeps files in PostgreSQL
 * (`stored_files`), so every server copy sees every file; an S3-compatible driver can implement the
 * same four calls for large installations.
 */
export interface Storage {
  put(file: NewFile, tx?: Tx): Promise<{ id: string }>;
  /** A file written part by part as they come (an export), so only one part is held at a time; unencrypted. */
  putParts(
    file: Omit<NewFile, 'data' | 'encrypt'>,
    parts: AsyncIterable<Buffer>,
  ): Promise<{ id: string; size: number }>;
  /** The file with its content decrypted, or null when unknown or expired. */
  get(id: string, tx?: Tx): Promise<StoredFile | null>;
  delete(id: string, tx?: Tx): Promise<void>;
  deleteExpired(now: Date): Promise<number>;
}

/** Expiry is judged by the portal's clock, the same one that set it (tests move it; real time would not). */
export function createPgStorage(
  db: Db,
  cipher: Pick<PinCrypto, 'encrypt' | 'decryptBytes'>,
  clock: Clock = systemClock,
): Storage {
  return {
    async put(file, tx = db) {
      const [row] = await tx
        .insert(storedFiles)
        .values({
          purpose: file.purpose,
          ownerCustomerId: file.ownerCustomerId,
          name: file.name,
          contentType: file.contentType,
          size: file.data.length,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          encrypted: file.encrypt === true,
          data: file.encrypt ? cipher.encrypt(file.data) : file.data,
          expiresAt: file.expiresAt ?? null,
        })
        .returning({ id: storedFiles.id });
      if (!row) throw new Error('the file insert returned no row');
      return row;
    },
    async putParts(file, parts) {
      const [row] = await db
        .insert(storedFiles)
        .values({ ...file, size: 0, sha256: '', data: Buffer.alloc(0), expiresAt: file.expiresAt ?? null })
        .returning({ id: storedFiles.id });
      if (!row) throw new Error('the file insert returned no row');
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      for await (const part of parts) {
        if (part.length === 0) continue;
        await db.insert(storedFileParts).values({ fileId: row.id, seq: seq++, data: part });
        hash.update(part);
        size += part.length;
      }
      await db
        .update(storedFiles)
        .set({ size, sha256: hash.digest('hex') })
        .where(eq(storedFiles.id, row.id));
      return { id: row.id, size };
    },
    async get(id, tx = db) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await tx.select().from(storedFiles).where(eq(storedFiles.id, id));
      if (!row) return null;
      if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) return null;
      const { encrypted, data, ...rest } = row;
      if (data.length === 0 && row.size > 0) {
        const parts = await tx
          .select({ data: storedFileParts.data })
          .from(storedFileParts)
          .where(eq(storedFileParts.fileId, id))
          .orderBy(asc(storedFileParts.seq));
        return { ...rest, data: Buffer.concat(parts.map((p) => p.data)) };
      }
      return { ...rest, data: encrypted ? cipher.decryptBytes(data) : data };
    },
    async delete(id, tx = db) {
      await tx.delete(storedFiles).where(eq(storedFiles.id, id));
    },
    async deleteExpired(now) {
      const rows = await db
        .delete(storedFiles)
        .where(and(isNotNull(storedFiles.expiresAt), lt(storedFiles.expiresAt, now)))
        .returning({ id: storedFiles.id });
      return rows.length;
    },
  };
}

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** The file part of a multipart body (kept in memory by @fastify/multipart), or null when absent. */
export function uploadedFile(part: unknown): UploadedFile | null {
  if (!part || typeof part !== 'object') return null;
  const p = part as { type?: string; filename?: string; _buf?: Buffer | null };
  if (p.type !== 'file' || !Buffer.isBuffer(p._buf)) return null;
  return { filename: String(p.filename ?? ''), data: p._buf };
}
