import { z } from 'zod';
import { freeText, moneyAmount } from './credit.ts';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
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
/** An address or a CIDR range (`203.0.113.0/24`), as the partner API's allow-list takes them. */
export const ipAddressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

export const addressSchema = z.object({
  address: freeText(200).default(''),
  house_no: freeText(20).default(''),
  postal: freeText(20).default(''),
  city: freeText(100).default(''),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
const span = z
  .object({ open: time, close: time })
  .refine((s) => s.open < s.close, { message: 'open before close', params: { rule: 'time_order' } });
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

/**
 * The legal data an invoice names (§ 14 Abs. 4 UStG): an issuer needs a VAT id or tax number.
 * Null clears a field.
 */
export function customerLegalFields() {
  const text = (max: number) => freeText(max).nullable().optional();
  return z.object({
    legal_name: text(200),
    vat_id: freeText(20)
      .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Za-z+*.]{2,13}$/, 'vat_id: a VAT id like DE123456789'))
      .nullable()
      .optional(),
    tax_number: text(30),
    commercial_register: text(200),
    managing_directors: text(300),
    iban: freeText(34)
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'iban: an IBAN without spaces'))
      .nullable()
      .optional(),
    bic: freeText(11)
      .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bic: a BIC of 8 or 11 characters'))
      .nullable()
      .optional(),
  });
}

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
    .refine((l) => l.from < l.to, { message: 'from before to', params: { rule: 'time_order' } })
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
  ...customerLegalFields().shape,
});

export const customerApiFields = z.object({
  api_enabled: flag01,
  api_allowed_ips: z.array(ipAddressOrRange).max(20).default([]),
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
const mobileRule = {
  path: ['mobile_confirmation'],
  message: 'mobile_confirmation: must match mobile',
  params: { rule: 'mobile_match' },
};

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
    params: { rule: 'invite_contact' },
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
    params: { rule: 'password_match' },
  });
export const updatePasswordBody = z
  .object({ old_password: z.string().min(1).max(128), new_password: passwordSchema, confirm_password: z.string() })
  .refine((b) => b.confirm_password === b.new_password, {
    path: ['confirm_password'],
    message: 'confirm_password: must match new_password',
    params: { rule: 'password_match' },
  });

export const viewCustomersBody = pageQuery.extend({
  search_text: z.string().max(100).optional(),
  is_active: flag01.optional(),
  filters: z.object({ search_text: z.string().max(100).optional(), is_active: flag01.optional() }).optional(),
});
export type ViewCustomersBody = z.infer<typeof viewCustomersBody>;

/** The public `/user/register` form. */
const filled = (field: string, max: number) => freeText(max).pipe(z.string().min(1, `${field}: required`));
/** A shop applying names where it is: the operator checks the address before accepting. */
const registrationAddress = addressSchema.extend({
  address: filled('address', 200),
  postal: filled('postal', 20),
  city: filled('city', 100),
});

export const registerBody = z
  .object({
    shop_name: freeText(150).pipe(z.string().min(1, 'shop_name: required')),
    contact_name: freeText(150).pipe(z.string().min(1, 'contact_name: required')),
    username: usernameSchema,
    email: z.email(),
    mobile: phone,
    mobile_confirmation: phone,
    address: registrationAddress,
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

export type Weekday = (typeof WEEKDAYS)[number];
export type ShopTimings = Partial<Record<Weekday, { open: string; close: string } | null>>;
export type Address = z.infer<typeof addressSchema>;

const bit = z.union([z.literal(0), z.literal(1)]);
export const OTP_CHANNELS = ['sms', 'email'] as const;

/** One row of `/api/view_customers/`. */
export const customerListRow = z.object({
  customer_id: z.number().int(),
  username: z.string().nullable(),
  name: z.string(),
  account_role: z.number().int(),
  is_active: bit,
  credit_limit: z.string(),
  balance: z.string(),
  outstanding_credit: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  city: z.string(),
  created_at: z.string(),
});
export type CustomerListRow = z.infer<typeof customerListRow>;

const storedAddress = z.object({ address: z.string(), house_no: z.string(), postal: z.string(), city: z.string() });
const storedSpan = z.object({ open: z.string(), close: z.string() });

/** `/api/customer_details/`: every section 3 field of one customer, money as decimal strings. */
export const customerDetails = z.object({
  customer_id: z.number().int(),
  account_role: z.number().int(),
  name: z.string(),
  organisation_type: z.string().nullable(),
  username: z.string().nullable(),
  user_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  alternative_mobiles: z.array(z.string()).nullable(),
  address: storedAddress,
  is_active: bit,
  credit_limit: z.string().nullable(),
  balance: z.string().nullable(),
  outstanding_credit: z.string().nullable(),
  auto_credit: bit,
  balance_trigger: z.string().nullable(),
  balance_topup: z.string().nullable(),
  discount_slab_id: z.number().int().nullable(),
  discount_slab_name: z.string().nullable(),
  sub_domain: z.string().nullable(),
  sms_sender_id: z.string().nullable(),
  invoice_logo: z.string().nullable(),
  invoice_header_image: z.string().nullable(),
  invoice_footer_image: z.string().nullable(),
  login_logo: z.string().nullable(),
  legal_name: z.string().nullable(),
  vat_id: z.string().nullable(),
  tax_number: z.string().nullable(),
  commercial_register: z.string().nullable(),
  managing_directors: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  shop_type: z.string().nullable(),
  shop_timings: z.partialRecord(z.enum(WEEKDAYS), storedSpan.nullable()).nullable(),
  holidays: z.array(z.string()),
  lunch: z.object({ from: z.string(), to: z.string() }).nullable(),
  mask_seller_discount: bit,
  terminal_limit: z.number().int().nullable(),
  enable_otp: bit,
  otp_type: z.enum(OTP_CHANNELS).nullable(),
  remarks: z.string().nullable(),
  api_enabled: bit,
  api_allowed_ips: z.array(z.string()).nullable(),
  api_callback_url: z.string().nullable(),
  features: z.array(z.string()),
  created_at: z.string(),
  stopped_at: z.string().nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetails>;

/**
 * The platform's own invoice data (decision 0095): the data its invoices to resellers name as issuer. Nobody is
 * above the platform to edit it in the customer form, so its main superadmin account edits it on
 * `/platform-details`.
 */
export const platformDetails = customerDetails.pick({
  name: true,
  email: true,
  address: true,
  invoice_logo: true,
  invoice_header_image: true,
  invoice_footer_image: true,
  legal_name: true,
  vat_id: true,
  tax_number: true,
  commercial_register: true,
  managing_directors: true,
  iban: true,
  bic: true,
});
export type PlatformDetails = z.infer<typeof platformDetails>;

export const updatePlatformDetailsBody = z.object({
  name: customerCore.shape.name,
  email: z.email().nullable().optional(),
  address: addressSchema.optional(),
  invoice_logo: image.nullable().optional(),
  invoice_header_image: image.nullable().optional(),
  invoice_footer_image: image.nullable().optional(),
  ...customerLegalFields().shape,
});
export type UpdatePlatformDetailsBody = z.infer<typeof updatePlatformDetailsBody>;

/** `/api/view_customers_list_with_less_data/`: enough to pick a customer. */
export const customerChoice = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  is_active: bit,
});
export type CustomerChoice = z.infer<typeof customerChoice>;

export const REGISTRATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** One row of `/api/view_registration/`. */
export const registrationRow = z.object({
  registration_id: z.number().int(),
  shop_name: z.string(),
  contact_name: z.string(),
  username: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: storedAddress,
  shop_type: z.string().nullable(),
  message: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  reject_reason: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type RegistrationRow = z.infer<typeof registrationRow>;

export const customerAdded = z.object({
  customer_id: z.number().int(),
  user_id: z.number().int(),
  invitation_sent: bit,
});
export const customerStatusResult = z.object({ customer_id: z.number().int(), is_active: bit });
export const customerRemarksResult = z.object({ customer_id: z.number().int(), remarks: z.string() });
export const customerOtpResult = z.object({
  customer_id: z.number().int(),
  enable_otp: bit,
  otp_type: z.enum(OTP_CHANNELS),
});
export const usernameCheck = z.object({ username: z.string(), available: bit });
export const registrationReceived = z.object({ registration_id: z.number().int() });
export const registrationDecided = z.object({
  registration_id: z.number().int(),
  status: z.enum(['accepted', 'rejected']),
  customer_id: z.number().int().nullable(),
});
export const customerChoices = z.object({ customers: z.array(customerChoice) });

export const customersEndpoints = {
  '/view_customers/': { body: viewCustomersBody, data: pageOf('customers', customerListRow) },
  '/view_customers_list_with_less_data/': { data: customerChoices },
  '/customer_details/': { body: customerDetailsBody, data: customerDetails },
  '/add_customer/': { body: addCustomerBody, data: customerAdded },
  '/edit_customer/': { body: editCustomerBody, data: customerDetails },
  '/update_customer_status/': { body: updateCustomerStatusBody, data: customerStatusResult },
  '/update_customer_extra_details/': { body: updateCustomerExtraBody, data: customerDetails },
  '/update_customer_remarks/': { body: updateCustomerRemarksBody, data: customerRemarksResult },
  '/update_customer_api_details/': { body: updateCustomerApiBody, data: customerDetails },
  '/update_customer_otp_type/': { body: updateCustomerOtpBody, data: customerOtpResult },
  '/check_customer/': { body: checkCustomerBody, data: usernameCheck },
  '/change_password/': { body: changePasswordBody, data: z.undefined() },
  '/update_password/': { body: updatePasswordBody, data: z.undefined() },
  '/register/': { body: registerBody, data: registrationReceived },
  '/view_registration/': { body: viewRegistrationBody, data: pageOf('registrations', registrationRow) },
  '/update_registration/': { body: updateRegistrationBody, data: registrationDecided },
  '/platform_details/': { method: 'GET', data: platformDetails },
  '/update_platform_details/': { body: updatePlatformDetailsBody, data: platformDetails },
} satisfies Record<string, EndpointSchemas>;
