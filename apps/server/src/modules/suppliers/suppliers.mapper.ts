import type { addSupplierBody, SupplierView } from '@portal/contract/suppliers';
import type { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import type { SupplierRow, SuppliersRepository } from './suppliers.repository.ts';

type SupplierFields = z.output<typeof addSupplierBody>;
type SupplierColumns = Omit<Parameters<SuppliersRepository['insert']>[0], 'ownerCustomerId'>;

/** A supplier's fields as its columns: all of them for an add; for an edit those it sends, the rest left as they are. */
export function toSupplierColumns(b: SupplierFields): SupplierColumns;
export function toSupplierColumns(b: Partial<SupplierFields>): Partial<SupplierColumns>;
export function toSupplierColumns(b: Partial<SupplierFields>): Partial<SupplierColumns> {
  return {
    fullName: b.full_name,
    company: b.company,
    email: b.email,
    mobile: b.mobile,
    telephone: b.telephone,
    address: b.address,
    city: b.city,
    postalcode: b.postalcode,
    country: b.country,
    ustidnr: b.ustidnr,
    stnr: b.stnr,
    remarks: b.remarks,
    status: b.status,
  };
}

export function toSupplierView(s: SupplierRow): SupplierView {
  return {
    supplier_id: s.id,
    full_name: s.fullName,
    company: s.company,
    email: s.email,
    mobile: s.mobile,
    telephone: s.telephone,
    address: s.address,
    city: s.city,
    postalcode: s.postalcode,
    country: s.country,
    ustidnr: s.ustidnr,
    stnr: s.stnr,
    remarks: s.remarks,
    status: bit(s.status),
    created_at: s.createdAt.toISOString(),
  };
}
