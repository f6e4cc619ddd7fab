import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { flag01 } from './products.ts';

const text = (max: number) => z.string().trim().max(max);

/** Every supplier field of spec section 3. */
export const supplierFields = z.object({
  full_name: z.string().trim().min(1, 'full_name: required').max(200).describe('Supplier name'),
  company: text(200).default(''),
  email: z.union([z.literal(''), z.email('email: a valid e-mail address')]).default(''),
  mobile: text(40).default(''),
  telephone: text(40).default(''),
  address: text(300).default(''),
  city: text(100).default(''),
  postalcode: text(20).default(''),
  country: text(100).default(''),
  ustidnr: text(40).default('').describe('VAT ID (USt-IdNr.)'),
  stnr: text(40).default('').describe('Tax number (St.-Nr.)'),
  remarks: text(2000).default(''),
  status: flag01.default(true),
});
export const addSupplierBody = supplierFields;
export type AddSupplierBody = z.input<typeof addSupplierBody>;

/** Edit any subset of the fields; `status` alone is the status toggle. */
export const editSupplierBody = z.object({
  supplier_id: z.number().int().positive(),
  full_name: supplierFields.shape.full_name.optional(),
  company: text(200).optional(),
  email: z.union([z.literal(''), z.email('email: a valid e-mail address')]).optional(),
  mobile: text(40).optional(),
  telephone: text(40).optional(),
  address: text(300).optional(),
  city: text(100).optional(),
  postalcode: text(20).optional(),
  country: text(100).optional(),
  ustidnr: text(40).optional(),
  stnr: text(40).optional(),
  remarks: text(2000).optional(),
  status: flag01.optional(),
});
export type EditSupplierBody = z.input<typeof editSupplierBody>;

export const viewSuppliersBody = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  supplier_id: z.number().int().positive().optional(),
  search_text: z.string().trim().max(100).optional(),
  filters: z.object({ status: flag01.optional() }).default({}),
});

export interface SupplierView {
  supplier_id: number;
  full_name: string;
  company: string;
  email: string;
  mobile: string;
  telephone: string;
  address: string;
  city: string;
  postalcode: string;
  country: string;
  ustidnr: string;
  stnr: string;
  remarks: string;
  status: 0 | 1;
  created_at: string;
}
