import { z } from 'zod';
import { bitFlag, type EndpointSchemas, type FileSchemas, pageOf, type UploadSchemas } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { RULES } from './rules.ts';

export const PRODUCT_TYPES = ['cash_card', 'gift_card', 'calling_card'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** 0/1 flags as the spec sends them; true/false from JSON clients too. */
export const flag01 = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** A decimal amount as text (never a float on the server), up to 4 decimals. */
export const decimalText = (field: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,15}(\.\d{1,4})?$/.test(v), { message: `${field}: a number with up to 4 decimals` });

/** A denomination: amount greater than 0 (spec section 5). */
export const configurationInput = z.object({
  value: decimalText('value').refine((v) => Number(v) > 0, { message: 'value: denomination amount greater than 0' }),
  info: z.string().trim().max(500).default(''),
});

const productFields = {
  product_name: z.string().trim().min(1, 'product_name: required').max(200),
  pin_length: z.number().int().min(4).max(64),
  customer_care: z.string().trim().max(500).default(''),
  instructions: z.string().trim().max(5000).default(''),
  is_configuration: flag01.default(true),
};

/**
 * A product's VAT treatment (decision 0090): a multi-purpose voucher is outside the scope of VAT
 * (§ 3 Abs. 15 UStG); a single-purpose voucher carries 19 % or 7 %. New products start as multi-purpose.
 */
export const PRODUCT_VAT = ['mpv', 'spv_19', 'spv_7'] as const;
export type ProductVat = (typeof PRODUCT_VAT)[number];

export const addProductBody = z.object({
  ...productFields,
  product_type: z.enum(PRODUCT_TYPES),
  vat_treatment: z.enum(PRODUCT_VAT).default('mpv'),
  configurations: z.array(configurationInput).min(1, 'configurations: at least one denomination').max(100),
});
export type AddProductBody = z.input<typeof addProductBody>;

export const configurationUpdate = z.object({
  id: z.number().int().positive().optional(),
  value: configurationInput.shape.value.optional(),
  info: z.string().trim().max(500).optional(),
  is_active: flag01.optional(),
});

export const updateProductBody = z.object({
  product_id: z.number().int().positive(),
  product_name: productFields.product_name.optional(),
  pin_length: productFields.pin_length.optional(),
  customer_care: z.string().trim().max(500).optional(),
  instructions: z.string().trim().max(5000).optional(),
  is_configuration: flag01.optional(),
  is_active: flag01.optional(),
  vat_treatment: z.enum(PRODUCT_VAT).optional(),
  configurations: z.array(configurationUpdate).max(100).optional(),
});
export type UpdateProductBody = z.input<typeof updateProductBody>;

export const productFilters = z.object({
  product_type: z.enum(PRODUCT_TYPES).optional(),
  is_active: flag01.optional(),
});

/** view_type 0: a page of products (total_items default 20); 1: one product with a page of its configurations (10). */
export const viewProductsBody = z.object({
  view_type: z.union([z.literal(0), z.literal(1)]).default(0),
  product_id: z.number().int().positive().optional(),
  page: z.number().int().min(1).default(1),
  total_items: z.number().int().min(1).max(LIMITS.maxPageSize).optional(),
  search_text: z.string().trim().max(100).optional(),
  filters: productFilters.default({}),
});

/** The image form: the product's id and its picture as a multipart file part. */
export const updateProductImageBody = z.object({ product_id: z.number().int().positive(), product_image: z.unknown() });

/** Accepted product images, told apart by their content (magic bytes), not their name. */
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 1024 * 1024;

const int = z.number().int();

export const configurationView = z.object({
  id: int,
  product_id: int,
  value: z.string(),
  info: z.string(),
  is_active: bitFlag,
});
export type ConfigurationView = z.infer<typeof configurationView>;

export const productView = z.object({
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  pin_length: int,
  customer_care: z.string(),
  instructions: z.string(),
  product_image: z.string().nullable(),
  is_configuration: bitFlag,
  is_active: bitFlag,
  vat_treatment: z.enum(PRODUCT_VAT),
  owner_customer_id: int,
  /** 1: the platform's product, assigned to the viewing reseller through PAD: it sells it, read-only. */
  assigned: bitFlag,
  configuration_count: int,
  created_at: z.string(),
});
export type ProductView = z.infer<typeof productView>;

/** A product with its denominations: the answer of every change to a product. */
export const productWithConfigurations = productView.extend({ configurations: z.array(configurationView) });
export type ProductWithConfigurations = z.infer<typeof productWithConfigurations>;

/** view_type 0: a page of products; view_type 1: one product and a page of its configurations. */
export const productPage = pageOf('products', productView);
export const singleProductPage = pageOf('configurations', configurationView).extend({ product: productView });
export const viewProductsResult = z.union([productPage, singleProductPage]);

/** The types `/product_image/:fileId` answers with. */
export const PRODUCT_IMAGE_FILE = PRODUCT_IMAGE_TYPES.join(', ');

export const productsEndpoints = {
  '/view_products/': { body: viewProductsBody, data: viewProductsResult, rule: RULES.products },
  '/add_product/': { body: addProductBody, data: productWithConfigurations, rule: RULES.products },
  '/update_product_details/': { body: updateProductBody, data: productWithConfigurations, rule: RULES.products },
} satisfies Record<string, EndpointSchemas>;

export const productsUploads = {
  '/update_product_image/': { body: updateProductImageBody, data: productView, rule: RULES.products },
} satisfies Record<string, UploadSchemas>;

export const productsFiles = {
  '/product_image/:fileId': {
    method: 'GET',
    params: z.object({ fileId: z.string().max(64) }),
    file: PRODUCT_IMAGE_FILE,
    rule: RULES.public,
  },
} satisfies Record<string, FileSchemas>;
