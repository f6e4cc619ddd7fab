import { z } from 'zod';
import { freeText, moneyAmount } from './credit.ts';
import { pageQuery } from './envelope.ts';
import { passwordSchema } from './password.ts';
import { FEATURE_FLAGS, type FeatureFlag, ROLE, ROLE_FLAGS } from './roles.ts';

const flag01 = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'username: at least 3 characters')
  .max(150)
  .regex(/^[A-Za-z0-9._@-]+$/, 'username: letters, digits and . _ @ - only');

export const phone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\+?[0-9 ()/-]{5,24}$/, 'a telephone number'));

export const emailAddress = z.email();
export const ipAddress = z.union([z.ipv4(), z.ipv6()]);

export const addressSchema = z.object({
  address: freeText(200).default(''),
  house_no: freeText(20).default(''),
  postal: freeText(20).default(''),
  city: freeText(100).default(''),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
const span = z.object({ open: time, close: time }).refine((s) => s.open < s.close, 'open before close');
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * The flags a customer of a role may hold: its role's; a reseller's also the read-only customers flag
 * (its users can only hold flags the customer has); a shop's also its web_support users' flags.
 */
export function allowedCustomerFlags(accountRole: 1 | 2): FeatureFlag[] {
  const flags = new Set<FeatureFlag>(ROLE_FLAGS[accountRole]);
  if (accountRole === ROLE.reseller) flags.add('has_customers_read');
  if (accountRole === ROLE.seller) for (const f of ROLE_FLAGS[ROLE.webSupport]) flags.add(f);
  return FEATURE_FLAGS.filter((f) => flags.has(f));
}

/** An image as a data URL (PNG, JPEG, SVG, WebP) or an https link, for logos and invoice images. */
export const IMAGE_MAX_CHARS = 700_000;
export const image = z
  .string()
  .max(IMAGE_MAX_CHARS, 'image: at most about 500 kB')
  .regex(
    /^(data:image\/(png|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/=]+|https:\/\/\S+)$/,
    'an image (data URL or https)',
  );

/** A full host name such as `shop.example.com`, stored lower-case. */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'sub_domain: a host name like shop.example.com',
  );

/** Shop details that also have their own call (update_customer_extra_details). */
export const customerExtraFields = z.object({
  shop_type: freeText(60).optional(),
  shop_timings: z.partialRecord(z.enum(WEEKDAYS), span.nullable()).optional(),
  holidays: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'))
    .max(366)
    .optional(),
  lunch: z
    .object({ from: time, to: time })
    .refine((l) => l.from < l.to, 'from before to')
    .nullable()
    .optional(),
  sms_sender_id: freeText(11)
    .pipe(z.string().regex(/^[A-Za-z0-9 ]{1,11}$/, 'sms_sender_id: up to 11 letters or digits'))
    .optional(),
  invoice_logo: image.nullable().optional(),
  invoice_header_image: image.nullable().optional(),
  invoice_footer_image: image.nullable().optional(),
  login_logo: image.nullable().optional(),
  alternative_mobiles: z.array(phone).max(5).optional(),
  organisation_type: freeText(60).optional(),
  mask_seller_discount: flag01.optional(),
  terminal_limit: z.number().int().min(0).max(10_000).optional(),
});

export const customerApiFields = z.object({
  api_enabled: flag01,
  api_allowed_ips: z.array(ipAddress).max(20).default([]),
  api_callback_url: z
    .url({ protocol: /^https$/ })
    .nullable()
    .optional(),
});

const customerCore = z.object({
  name: freeText(150).pipe(z.string().min(1, 'name: required')),
  contact_name: freeText(150).optional(),
  email: z.email().optional(),
  mobile: phone.optional(),
  mobile_confirmation: phone.optional(),
  address: addressSchema.optional(),
  credit_limit: moneyAmount.default('0'),
  balance_trigger: moneyAmount.nullable().optional(),
  balance_topup: moneyAmount.nullable().optional(),
  auto_credit: flag01.optional(),
  discount_slab_id: z.number().int().positive().nullable().optional(),
  sub_domain: hostName.nullable().optional(),
  enable_otp: flag01.optional(),
  otp_type: z.enum(['sms', 'email']).optional(),
  remarks: freeText(2000).optional(),
  features: z.array(z.enum(FEATURE_FLAGS)).optional(),
});

const mobilesMatch = <T extends { mobile?: string; mobile_confirmation?: string }>(b: T) =>
  (b.mobile ?? '') === (b.mobile_confirmation ?? b.mobile ?? '');
const mobileRule = { path: ['mobile_confirmation'], message: 'mobile_confirmation: must match mobile' };

export const addCustomerBody = customerCore
  .extend(customerExtraFields.shape)
  .extend({
    username: usernameSchema,
    /** Without a password, the customer's main user gets a set-password invitation. */
    password: passwordSchema.optional(),
    api_enabled: flag01.optional(),
    api_allowed_ips: customerApiFields.shape.api_allowed_ips.optional(),
    api_callback_url: customerApiFields.shape.api_callback_url,
  })
  .refine(mobilesMatch, mobileRule)
  .refine((b) => b.password !== undefined || b.email !== undefined || b.mobile !== undefined, {
    path: ['email'],
    message: 'email: an e-mail address or mobile is needed to send the set-password invitation',
  });
export type AddCustomerBody = z.infer<typeof addCustomerBody>;

export const editCustomerBody = customerCore
  .partial()
  .extend(customerExtraFields.shape)
  .extend({ customer_id: z.number().int().positive() })
  .refine(mobilesMatch, mobileRule);
export type EditCustomerBody = z.infer<typeof editCustomerBody>;

const customerIdBody = z.object({ customer_id: z.number().int().positive() });
export const customerDetailsBody = customerIdBody;
export const updateCustomerStatusBody = customerIdBody.extend({ is_active: flag01 });
export const updateCustomerExtraBody = customerIdBody.extend(customerExtraFields.shape);
export const updateCustomerRemarksBody = customerIdBody.extend({ remarks: freeText(2000).default('') });
export const updateCustomerApiBody = customerIdBody.extend(customerApiFields.shape);
export const updateCustomerOtpBody = customerIdBody.extend({
  enable_otp: flag01,
  otp_type: z.enum(['sms', 'email']).default('sms'),
});
export const checkCustomerBody = z.object({ username: usernameSchema });
export const changePasswordBody = z
  .object({
    username: z.string().min(1).max(150),
    new_password: passwordSchema,
    confirm_password: z.string().optional(),
  })
  .refine((b) => b.confirm_password === undefined || b.confirm_password === b.new_password, {
    path: ['confirm_password'],
    message: 'confirm_password: must match new_password',
  });
export const updatePasswordBody = z
  .object({ old_password: z.string().min(1).max(128), new_password: passwordSchema, confirm_password: z.string() })
  .refine((b) => b.confirm_password === b.new_password, {
    path: ['confirm_password'],
    message: 'confirm_password: must match new_password',
  });

export const viewCustomersBody = pageQuery.extend({
  search_text: z.string().max(100).optional(),
  is_active: flag01.optional(),
  filters: z.object({ search_text: z.string().max(100).optional(), is_active: flag01.optional() }).optional(),
});
export type ViewCustomersBody = z.infer<typeof viewCustomersBody>;

/** The public `/user/register` form. */
export const registerBody = z
  .object({
    shop_name: freeText(150).pipe(z.string().min(1, 'shop_name: required')),
    contact_name: freeText(150).pipe(z.string().min(1, 'contact_name: required')),
    username: usernameSchema,
    email: z.email(),
    mobile: phone,
    mobile_confirmation: phone,
    address: addressSchema,
    shop_type: freeText(60).optional(),
    message: freeText(1000).optional(),
  })
  .refine(mobilesMatch, mobileRule);
export type RegisterBody = z.infer<typeof registerBody>;

export const viewRegistrationBody = pageQuery.extend({
  status: z.enum(['pending', 'accepted', 'rejected', 'all']).default('pending'),
});
export const updateRegistrationBody = z
  .object({
    registration_id: z.number().int().positive(),
    status: z.enum(['accepted', 'rejected']),
    reject_reason: freeText(500).optional(),
  })
  .refine((b) => b.status !== 'rejected' || (b.reject_reason ?? '').length > 0, {
    path: ['reject_reason'],
    message: 'reject_reason: required when rejecting',
  });

export interface CustomerListRow {
  customer_id: number;
  username: string | null;
  name: string;
  account_role: number;
  is_active: 0 | 1;
  credit_limit: string;
  balance: string;
  outstanding_credit: string;
  email: string | null;
  mobile: string | null;
  city: string;
  created_at: string;
}

export type Weekday = (typeof WEEKDAYS)[number];
export type ShopTimings = Partial<Record<Weekday, { open: string; close: string } | null>>;
export type Address = z.infer<typeof addressSchema>;

/** `/api/customer_details/`: every section 3 field of one customer, money as decimal strings. */
export interface CustomerDetails {
  customer_id: number;
  account_role: number;
  name: string;
  organisation_type: string | null;
  username: string | null;
  user_id: number | null;
  contact_name: string | null;
  email: string | null;
  mobile: string | null;
  alternative_mobiles: string[] | null;
  address: Address;
  is_active: 0 | 1;
  credit_limit: string | null;
  balance: string | null;
  outstanding_credit: string | null;
  auto_credit: 0 | 1;
  balance_trigger: string | null;
  balance_topup: string | null;
  discount_slab_id: number | null;
  discount_slab_name: string | null;
  sub_domain: string | null;
  sms_sender_id: string | null;
  invoice_logo: string | null;
  invoice_header_image: string | null;
  invoice_footer_image: string | null;
  login_logo: string | null;
  shop_type: string | null;
  shop_timings: ShopTimings | null;
  holidays: string[];
  lunch: { from: string; to: string } | null;
  mask_seller_discount: 0 | 1;
  terminal_limit: number | null;
  enable_otp: 0 | 1;
  otp_type: 'sms' | 'email' | null;
  remarks: string | null;
  api_enabled: 0 | 1;
  api_allowed_ips: string[] | null;
  api_callback_url: string | null;
  features: string[];
  created_at: string;
  stopped_at: string | null;
}

/** `/api/view_customers_list_with_less_data/`: enough to pick a customer. */
export interface CustomerChoice {
  customer_id: number;
  name: string;
  username: string | null;
  is_active: 0 | 1;
}

export type RegistrationStatus = 'pending' | 'accepted' | 'rejected';

/** One row of `/api/view_registration/`. */
export interface RegistrationRow {
  registration_id: number;
  shop_name: string;
  contact_name: string;
  username: string;
  email: string;
  mobile: string;
  address: Address;
  shop_type: string | null;
  message: string;
  status: RegistrationStatus;
  reject_reason: string | null;
  customer_id: number | null;
  created_at: string;
  decided_at: string | null;
}
