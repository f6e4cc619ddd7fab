import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { freeText, positiveAmount } from './credit.ts';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery, type UploadSchemas } from './envelope.ts';
import { RULES } from './rules.ts';

/** ordered → shipped → delivered; cancelled (refunded) from ordered or shipped. */
export const HARDWARE_ORDER_STATUSES = ['ordered', 'shipped', 'delivered', 'cancelled'] as const;
export type HardwareOrderStatus = (typeof HARDWARE_ORDER_STATUSES)[number];
export const NEXT_ORDER_STATUSES: Record<HardwareOrderStatus, readonly HardwareOrderStatus[]> = {
  ordered: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

const id = (field: string) =>
  z
    .number({ error: `${field}: required` })
    .int()
    .positive();
const name = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field}: required` })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, `${field}: required`).max(200));

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const categoryFields = z.object({
  category_name: name('category_name'),
  description: freeText(1000).optional(),
});
export const categoryUpdateFields = categoryFields.partial();

export const hardwareCategory = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  product_count: z.number().int(),
});
export type HardwareCategory = z.infer<typeof hardwareCategory>;

export const categoriesQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });

const stock = z.coerce.number({ error: 'stock: required' }).int().min(0);

export const productFields = z.object({
  category_id: id('category_id'),
  product_name: name('product_name'),
  description: freeText(2000).optional(),
  price: positiveAmount,
  stock,
});
export const productUpdateFields = productFields.omit({ category_id: true }).partial();

export const hardwareProduct = z.object({
  product_id: z.number().int(),
  category_id: z.number().int(),
  product_name: z.string(),
  description: z.string(),
  price: z.string(),
  stock: z.number().int(),
  image: z.string().nullable(),
});
export type HardwareProduct = z.infer<typeof hardwareProduct>;

export const productsQuery = pageQuery.extend({
  category_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
});

export const addOrderBody = z.object({
  product_id: id('product_id'),
  quantity: z.number({ error: 'quantity: required' }).int().min(1).max(1000),
  remarks: freeText(500).optional(),
});
export type AddOrderBody = z.infer<typeof addOrderBody>;

export const orderStatusBody = z.object({ status: z.enum(['shipped', 'delivered', 'cancelled']) });

export const hardwareOrder = z.object({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.string(),
  total: z.string(),
  status: z.enum(HARDWARE_ORDER_STATUSES),
  remarks: z.string(),
  ordered_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HardwareOrder = z.infer<typeof hardwareOrder>;

export const ordersQuery = pageQuery.extend({
  status: z.enum(HARDWARE_ORDER_STATUSES).optional(),
  customer_id: z.coerce.number().int().positive().optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const deleted = z.object({ id: z.number().int() });

/** The picture a category or product form sends beside its fields, as a multipart file part. */
export const imageField = { image: z.unknown().optional() };

/** The category and product forms: their fields with an optional picture, as multipart form data. */
export const hardwareUploads = {
  '/hardware_category/': {
    body: categoryFields.extend(imageField),
    data: hardwareCategory,
    rule: RULES.hardwareReseller,
  },
  '/hardware_category/update/:id/': {
    method: 'PATCH',
    params: idParams,
    body: categoryUpdateFields.extend(imageField),
    data: hardwareCategory,
    rule: RULES.hardwareReseller,
  },
  '/hardware_product/': { body: productFields.extend(imageField), data: hardwareProduct, rule: RULES.hardwareReseller },
  '/hardware_product/update/:id/': {
    method: 'PATCH',
    params: idParams,
    body: productUpdateFields.extend(imageField),
    data: hardwareProduct,
    rule: RULES.hardwareReseller,
  },
} satisfies Record<string, UploadSchemas>;

export const hardwareEndpoints = {
  '/hardware_category/': {
    method: 'GET',
    query: categoriesQuery,
    data: pageOf('categories', hardwareCategory),
    rule: RULES.hardwareSales,
  },
  '/hardware_product/': {
    method: 'GET',
    query: productsQuery,
    data: pageOf('products', hardwareProduct),
    rule: RULES.hardwareSales,
  },
  '/hardware_orders/': {
    method: 'GET',
    query: ordersQuery,
    data: pageOf('orders', hardwareOrder),
    rule: RULES.hardwareSales,
  },
  '/hardware_orders/add/': { body: addOrderBody, data: hardwareOrder, rule: RULES.hardwareSeller },
  '/hardware_orders/status/:id/': {
    method: 'PATCH',
    params: idParams,
    body: orderStatusBody,
    data: hardwareOrder,
    rule: RULES.hardwareReseller,
  },
  '/hardware_category/delete/:id': { method: 'DELETE', params: idParams, data: deleted, rule: RULES.hardwareReseller },
  '/hardware_product/delete/:id/': { method: 'DELETE', params: idParams, data: deleted, rule: RULES.hardwareReseller },
} satisfies Record<string, EndpointSchemas>;

/** A category's or product's picture: public, like the shop's other pictures. */
export const hardwareFiles = {
  '/hardware_image/:fileId': {
    method: 'GET',
    params: z.object({ fileId: z.string().max(64) }),
    file: 'image/png, image/jpeg, image/webp, image/gif',
    rule: RULES.public,
  },
} satisfies Record<string, FileSchemas>;
