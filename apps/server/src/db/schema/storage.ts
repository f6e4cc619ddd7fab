import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files behind the storage interface (ARCHITECTURE.md "Files"): uploads and downloads kept in
 * PostgreSQL so any server copy can serve any file. Files that hold PINs are stored encrypted and expire.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    purpose: text().notNull(),
    ownerCustomerId: integer('owner_customer_id'),
    name: text().notNull(),
    contentType: text('content_type').notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    encrypted: boolean().notNull().default(false),
    data: bytea().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('stored_files_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`)],
);

/**
 * A file written in parts (a report export streamed in chunks): its `stored_files` row holds no data,
 * the parts in order do. Deleting the file deletes its parts.
 */
export const storedFileParts = pgTable(
  'stored_file_parts',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
