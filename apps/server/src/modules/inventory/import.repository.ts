import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { inventoryImportRows, inventoryImports, pins } from '../../db/schema/inventory.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { suppliers } from '../../db/schema/suppliers.ts';

export type ImportRow = typeof inventoryImports.$inferSelect;
export type NewImportRow = typeof inventoryImportRows.$inferInsert;

/** The PIN import: its three steps, its rows and the buying discount used before. */
export function createImportRepository(db: Db) {
  const importView = {
    import: inventoryImports,
    productName: products.productName,
    value: productConfigurations.value,
    supplierName: suppliers.fullName,
  };
  const selectImports = (tx: Tx) =>
    tx
      .select(importView)
      .from(inventoryImports)
      .leftJoin(productConfigurations, eq(productConfigurations.id, inventoryImports.configurationId))
      .leftJoin(products, eq(products.id, productConfigurations.productId))
      .leftJoin(suppliers, eq(suppliers.id, inventoryImports.supplierId));
  return {
    async insertImport(values: typeof inventoryImports.$inferInsert, tx: Tx = db) {
      const [row] = await tx.insert(inventoryImports).values(values).returning();
      return row!; // insert … returning answers the row it inserted
    },
    async findImport(id: number, tx: Tx = db) {
      const [row] = await selectImports(tx).where(eq(inventoryImports.id, id));
      return row;
    },
    /** The import row locked for the rest of the transaction: step 2, approve and cancel serialise on it. */
    async lockImport(id: number, tx: Tx) {
      const [row] = await tx.select().from(inventoryImports).where(eq(inventoryImports.id, id)).for('update');
      return row;
    },
    async updateImport(id: number, values: Partial<typeof inventoryImports.$inferInsert>, tx: Tx = db) {
      await tx.update(inventoryImports).set(values).where(eq(inventoryImports.id, id));
    },
    async findImportPage(q: {
      ownerCustomerId: number;
      kind: string;
      statuses: string[];
      limit: number;
      offset: number;
    }) {
      const where = and(
        eq(inventoryImports.ownerCustomerId, q.ownerCustomerId),
        eq(inventoryImports.kind, q.kind),
        inArray(inventoryImports.status, q.statuses),
      );
      const [items, [counted]] = await Promise.all([
        selectImports(db)
          .where(where)
          .orderBy(desc(inventoryImports.createdAt), desc(inventoryImports.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: count() }).from(inventoryImports).where(where),
      ]);
      const { total } = counted!; // count() answers one row
      return { items, total };
    },
    /** Imports a dead worker left in step 2; their job is sent again at start (the handler is idempotent). */
    async findValidatingImportIds() {
      const rows = await db
        .select({ id: inventoryImports.id })
        .from(inventoryImports)
        .where(eq(inventoryImports.status, 'validating'));
      return rows.map((r) => r.id);
    },

    async replaceImportRows(importId: number, rows: NewImportRow[], tx: Tx) {
      await tx.delete(inventoryImportRows).where(eq(inventoryImportRows.importId, importId));
      for (let i = 0; i < rows.length; i += 500) await tx.insert(inventoryImportRows).values(rows.slice(i, i + 500));
    },
    async deleteImportRows(importId: number, onlyOk: boolean, tx: Tx) {
      await tx
        .delete(inventoryImportRows)
        .where(
          onlyOk
            ? and(eq(inventoryImportRows.importId, importId), eq(inventoryImportRows.ok, true))
            : eq(inventoryImportRows.importId, importId),
        );
    },
    async findFailedRows(importId: number, limit: number, offset: number) {
      const where = and(eq(inventoryImportRows.importId, importId), eq(inventoryImportRows.ok, false));
      const [items, [counted]] = await Promise.all([
        db
          .select({
            rowNo: inventoryImportRows.rowNo,
            reason: inventoryImportRows.reason,
            pinHint: inventoryImportRows.pinHint,
            pinLength: inventoryImportRows.pinLength,
          })
          .from(inventoryImportRows)
          .where(where)
          .orderBy(asc(inventoryImportRows.rowNo))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(inventoryImportRows).where(where),
      ]);
      const { total } = counted!; // count() answers one row
      return { items, total };
    },

    /**
     * Good rows whose PIN the product already has in stock become failed rows (blind index, exact match): under
     * the active key, then, during a key rotation, under every other key of the ring (decision 0148).
     */
    async markStockDuplicates(importId: number, productId: number, tx: Tx) {
      await tx.execute(sql`
        update inventory_import_rows r
        set ok = false, reason = 'duplicate_in_stock', pin_index = null, pin_index_others = null, pin_ciphertext = null
        from pins p
        where r.import_id = ${importId} and r.ok and p.product_id = ${productId} and p.pin_index = r.pin_index`);
      await tx.execute(sql`
        update inventory_import_rows r
        set ok = false, reason = 'duplicate_in_stock', pin_index = null, pin_index_others = null, pin_ciphertext = null
        where r.import_id = ${importId} and r.ok and r.pin_index_others is not null
          and exists (select 1 from pins p where p.product_id = ${productId} and p.pin_index = any(r.pin_index_others))`);
    },
    async countImportRows(importId: number, tx: Tx) {
      const res = await tx.execute<{ total: number; valid: number }>(sql`
        select count(*)::int as total, (count(*) filter (where ok))::int as valid
        from inventory_import_rows where import_id = ${importId}`);
      return res.rows[0]!; // count(*) answers one row
    },

    /**
     * Moves an import's good rows into `pins` in the caller's transaction. A PIN that reached stock
     * since step 2 (another import of the same product) is skipped by the unique blind index and
     * returned so the caller can mark its row as failed.
     */
    async insertPinsFromImport(
      imp: { id: number; ownerCustomerId: number; productId: number; configurationId: number; supplierId: number },
      pricing: { buyingDiscount: string; cost: string; published: boolean },
      tx: Tx,
    ) {
      const inserted = await tx.execute<{ row_no: number }>(sql`
        with moved as (
          insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
                            pin_hint, pin_length, serial, supplier_id, buying_discount, cost, published)
          select ${imp.ownerCustomerId}, ${imp.productId}, ${imp.configurationId}, r.import_id, r.lot, r.pin_ciphertext,
                 r.pin_index, r.pin_hint, r.pin_length, r.serial, ${imp.supplierId}, ${pricing.buyingDiscount},
                 ${pricing.cost}, ${pricing.published}
          from inventory_import_rows r
          where r.import_id = ${imp.id} and r.ok
          order by r.row_no
          on conflict (product_id, pin_index) do nothing
          returning pin_index)
        select r.row_no from inventory_import_rows r
        where r.import_id = ${imp.id} and r.ok and r.pin_index not in (select pin_index from moved)`);
      return inserted.rows.map((r) => r.row_no);
    },
    async markRowsDuplicate(importId: number, rowNos: number[], tx: Tx) {
      if (rowNos.length === 0) return;
      await tx
        .update(inventoryImportRows)
        .set({ ok: false, reason: 'duplicate_in_stock', pinCiphertext: null, pinIndex: null, pinIndexOthers: null })
        .where(and(eq(inventoryImportRows.importId, importId), inArray(inventoryImportRows.rowNo, rowNos)));
    },
    async publishImport(importId: number, tx: Tx) {
      const res = await tx.execute(sql`
        insert into available_stock (configuration_id, pin_id)
        select configuration_id, id from pins where import_id = ${importId} and published and sold_at is null
        on conflict do nothing`);
      return res.rowCount ?? 0;
    },
    async countImportPins(importId: number, tx: Tx) {
      return tx.$count(pins, eq(pins.importId, importId));
    },

    /** The last buying discount used with this supplier (and configuration, when given). */
    async findPreviousDiscount(supplierId: number, configurationId?: number) {
      const where = configurationId
        ? and(
            eq(inventoryImports.supplierId, supplierId),
            eq(inventoryImports.configurationId, configurationId),
            eq(inventoryImports.status, 'approved'),
          )
        : and(eq(inventoryImports.supplierId, supplierId), eq(inventoryImports.status, 'approved'));
      const [row] = await db
        .select({ buyingDiscount: inventoryImports.buyingDiscount, decidedAt: inventoryImports.decidedAt })
        .from(inventoryImports)
        .where(where)
        .orderBy(desc(inventoryImports.decidedAt), desc(inventoryImports.id))
        .limit(1);
      return row;
    },
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
