import { z } from 'zod';
import { freeText, moneyAmount } from './credit.ts';
import {
  addressPatch,
  addressSchema,
  customerApiFields,
  customerExtraFields,
  customerName,
  hostName,
  mobileRule,
  mobilesMatch,
  OTP_CHANNELS,
  phone,
  storedAddress,
  usernameSchema,
  WEEKDAYS,
} from './customer-fields.ts';
import { bitFlag as bit, type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { LEGAL_FORMS, REGISTER_TYPES } from './legal-ids.ts';
import { passwordSchema } from './password.ts';
import { flag01 } from './products.ts';
import { FEATURE_FLAGS } from './roles.ts';
import { RULES } from './rules.ts';

/** The fields of a customer; no defaults here, since an edit takes them partially (see EDIT_ENDPOINTS). */
const customerCore = z.object({
  name: customerName,
  contact_name: freeText(150).optional(),
  email: z.email().optional(),
  mobile: phone.optional(),
  mobile_confirmation: phone.optional(),
  address: addressSchema.optional(),
  credit_limit: moneyAmount,
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

export const addCustomerBody = customerCore
  .extend(customerExtraFields.shape)
  .extend({
    credit_limit: moneyAmount.default('0'),
    username: usernameSchema,
    /** Without a password, the customer's main user gets a set-password invitation. */
    password: passwordSchema.optional(),
    api_enabled: flag01.optional(),
    api_allowed_ips: customerApiFields.shape.api_allowed_ips.default([]),
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
  .extend({ address: addressPatch.optional() })
  .extend(customerExtraFields.shape)
  .extend({ customer_id: z.number().int().positive() })
  .refine(mobilesMatch, mobileRule);
export type EditCustomerBody = z.infer<typeof editCustomerBody>;

const customerIdBody = z.object({ customer_id: z.number().int().positive() });
export const customerDetailsBody = customerIdBody;
export const updateCustomerStatusBody = customerIdBody.extend({ is_active: flag01 });
export const updateCustomerExtraBody = customerIdBody.extend(customerExtraFields.shape);
export const updateCustomerRemarksBody = customerIdBody.extend({ remarks: freeText(2000) });
export const updateCustomerApiBody = customerIdBody.extend(customerApiFields.shape);
export const updateCustomerOtpBody = customerIdBody.extend({
  enable_otp: flag01,
  /** Not sent: the stored channel stays. */
  otp_type: z.enum(OTP_CHANNELS).optional(),
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
  legal_form: z.enum(LEGAL_FORMS).nullable(),
  seat: z.string().nullable(),
  economic_id: z.string().nullable(),
  register_court: z.string().nullable(),
  register_type: z.enum(REGISTER_TYPES).nullable(),
  register_number: z.string().nullable(),
  managing_directors: z.string().nullable(),
  gln: z.string().nullable(),
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

/** `/api/view_customers_list_with_less_data/`: enough to pick a customer. */
export const customerChoice = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  is_active: bit,
});
export type CustomerChoice = z.infer<typeof customerChoice>;

export const customerAdded = z.object({
  customer_id: z.number().int(),
  user_id: z.number().int(),
  invitation_sent: bit,
});
export const customerStatusResult = z.object({ customer_id: z.number().int(), is_active: bit });
/**
 * `/api/customer_status_impact/`: what deactivating a customer does, for the confirmation that names it (issue 40):
 * the customer, its active shops (a reseller's; none for a shop) and the active users of both, who are signed out
 * on their next request.
 */
export const customerStatusImpact = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  account_role: z.number().int(),
  shops: z.number().int(),
  users: z.number().int(),
});
export type CustomerStatusImpact = z.infer<typeof customerStatusImpact>;
export const customerRemarksResult = z.object({ customer_id: z.number().int(), remarks: z.string() });
export const customerOtpResult = z.object({
  customer_id: z.number().int(),
  enable_otp: bit,
  otp_type: z.enum(OTP_CHANNELS),
});
export const usernameCheck = z.object({ username: z.string(), available: bit });
export const customerChoices = z.object({ customers: z.array(customerChoice) });
export const customersEndpoints = {
  '/view_customers/': {
    body: viewCustomersBody.optional(),
    data: pageOf('customers', customerListRow),
    rule: RULES.customersView,
  },
  '/view_customers_list_with_less_data/': { data: customerChoices, rule: RULES.customersView },
  '/customer_details/': { body: customerDetailsBody, data: customerDetails, rule: RULES.customersView },
  '/add_customer/': { body: addCustomerBody, data: customerAdded, rule: RULES.customersChange },
  '/edit_customer/': { body: editCustomerBody, data: customerDetails, rule: RULES.customersChange },
  '/update_customer_status/': {
    body: updateCustomerStatusBody,
    data: customerStatusResult,
    rule: RULES.customersChange,
  },
  '/customer_status_impact/': { body: customerDetailsBody, data: customerStatusImpact, rule: RULES.customersChange },
  '/update_customer_extra_details/': {
    body: updateCustomerExtraBody,
    data: customerDetails,
    rule: RULES.customersChange,
  },
  '/update_customer_remarks/': {
    body: updateCustomerRemarksBody,
    data: customerRemarksResult,
    rule: RULES.customersChange,
  },
  '/update_customer_api_details/': { body: updateCustomerApiBody, data: customerDetails, rule: RULES.customersChange },
  '/update_customer_otp_type/': { body: updateCustomerOtpBody, data: customerOtpResult, rule: RULES.customersChange },
  '/check_customer/': { body: checkCustomerBody, data: usernameCheck, rule: RULES.customersChange },
  '/change_password/': { body: changePasswordBody, data: z.undefined(), rule: RULES.customersChange },
  '/update_password/': { body: updatePasswordBody, data: z.undefined(), rule: RULES.all },
} satisfies Record<string, EndpointSchemas>;
