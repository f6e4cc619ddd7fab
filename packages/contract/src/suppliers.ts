import { z } from 'zod';
import { bitFlag, type EndpointSchemas, pageOf } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { flag01 } from './products.ts';
import { RULES } from './rules.ts';

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

export const supplierView = z.object({
  supplier_id: z.number().int(),
  full_name: z.string(),
  company: z.string(),
  email: z.string(),
  mobile: z.string(),
  telephone: z.string(),
  address: z.string(),
  city: z.string(),
  postalcode: z.string(),
  country: z.string(),
  ustidnr: z.string(),
  stnr: z.string(),
  remarks: z.string(),
  status: bitFlag,
  created_at: z.string(),
});
export type SupplierView = z.infer<typeof supplierView>;

export const suppliersEndpoints = {
  '/view_suppliers/': { body: viewSuppliersBody, data: pageOf('suppliers', supplierView), rule: RULES.suppliers },
  '/add_supplier/': { body: addSupplierBody, data: supplierView, rule: RULES.suppliers },
  '/edit_supplier/': { body: editSupplierBody, data: supplierView, rule: RULES.suppliers },
} satisfies Record<string, EndpointSchemas>;
