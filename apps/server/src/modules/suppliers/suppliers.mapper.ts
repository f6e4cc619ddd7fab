import type { SupplierView } from '@portal/contract/suppliers';
import { bit } from '../../platform/envelope.ts';
import type { SupplierRow } from './suppliers.repository.ts';

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
