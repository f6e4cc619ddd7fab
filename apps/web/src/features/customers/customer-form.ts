import type { UseFormReturnType } from '@mantine/form';
import { type ShopTimings, WEEKDAYS, type Weekday } from '@portal/contract/customer-fields';
import type { AddCustomerBody, CustomerDetails, EditCustomerBody } from '@portal/contract/customers';
import type { FeatureFlag } from '@portal/contract/roles';
import { amountOrUndefined } from '../../lib/amount.ts';
import {
  type AddressValues,
  addressBody,
  type LegalValues,
  legalBody,
  legalValues,
  NO_ADDRESS,
} from './invoice-data.ts';

export interface DayTimes {
  open: boolean;
  from: string;
  to: string;
}

/** The customer form as the user edits it: text for amounts, switches for flags, one row per weekday. */
export interface CustomerFormValues {
  name: string;
  contact_name: string;
  organisation_type: string;
  username: string;
  password: string;
  email: string;
  mobile: string;
  mobile_confirmation: string;
  alternative_mobiles: string[];
  address: AddressValues;
  credit_limit: string;
  auto_credit: boolean;
  balance_trigger: string;
  balance_topup: string;
  /** The slab's id as text (a select's value); '' is none. */
  discount_slab_id: string;
  sub_domain: string;
  sms_sender_id: string;
  invoice_logo: string | null;
  invoice_header_image: string | null;
  invoice_footer_image: string | null;
  login_logo: string | null;
  legal: LegalValues;
  shop_type: string;
  shop_timings: Record<Weekday, DayTimes>;
  holidays: string[];
  lunch: DayTimes;
  mask_seller_discount: boolean;
  terminal_limit: number | '';
  enable_otp: boolean;
  otp_type: 'sms' | 'email';
  remarks: string;
  api_enabled: boolean;
  api_allowed_ips: string[];
  api_callback_url: string;
  features: FeatureFlag[];
}

export type CustomerForm = UseFormReturnType<CustomerFormValues>;

export const IMAGE_FIELDS = ['invoice_logo', 'invoice_header_image', 'invoice_footer_image', 'login_logo'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

const closed: DayTimes = { open: false, from: '09:00', to: '18:00' };

function timesFrom(timings: ShopTimings | null | undefined): Record<Weekday, DayTimes> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const span = timings?.[day];
      return [day, span ? { open: true, from: span.open, to: span.close } : { ...closed }];
    }),
  ) as Record<Weekday, DayTimes>;
}

/** Starting values: empty for a new customer (with every flag its role may have), else the customer's own. */
export function customerFormValues(
  details: CustomerDetails | null,
  defaultFlags: readonly FeatureFlag[],
): CustomerFormValues {
  const d = details;
  const text = (v: string | null | undefined) => v ?? '';
  return {
    name: text(d?.name),
    contact_name: text(d?.contact_name),
    organisation_type: text(d?.organisation_type),
    username: text(d?.username),
    password: '',
    email: text(d?.email),
    mobile: text(d?.mobile),
    mobile_confirmation: text(d?.mobile),
    alternative_mobiles: d?.alternative_mobiles ?? [],
    address: d?.address ?? NO_ADDRESS,
    credit_limit: d?.credit_limit ?? '0',
    auto_credit: d?.auto_credit === 1,
    balance_trigger: text(d?.balance_trigger),
    balance_topup: text(d?.balance_topup),
    discount_slab_id: d?.discount_slab_id ? String(d.discount_slab_id) : '',
    sub_domain: text(d?.sub_domain),
    sms_sender_id: text(d?.sms_sender_id),
    invoice_logo: d?.invoice_logo ?? null,
    invoice_header_image: d?.invoice_header_image ?? null,
    invoice_footer_image: d?.invoice_footer_image ?? null,
    login_logo: d?.login_logo ?? null,
    legal: legalValues(d),
    shop_type: text(d?.shop_type),
    shop_timings: timesFrom(d?.shop_timings),
    holidays: d?.holidays ?? [],
    lunch: d?.lunch ? { open: true, from: d.lunch.from, to: d.lunch.to } : { open: false, from: '12:00', to: '13:00' },
    mask_seller_discount: d?.mask_seller_discount === 1,
    terminal_limit: d?.terminal_limit ?? '',
    enable_otp: d?.enable_otp === 1,
    otp_type: d?.otp_type ?? 'sms',
    remarks: text(d?.remarks),
    api_enabled: d?.api_enabled === 1,
    api_allowed_ips: d?.api_allowed_ips ?? [],
    api_callback_url: text(d?.api_callback_url),
    features: d ? (d.features as FeatureFlag[]) : [...defaultFlags],
  };
}

/** Which sections a customer of this role has: a reseller its own host; a shop its opening hours and terminals. */
export function sectionsFor(role: 1 | 2) {
  return { host: role === 1, shop: role === 2 };
}

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The fields add and edit share; empty optional text is left out, cleared images and slab are sent as null. */
function commonBody(v: CustomerFormValues, role: 1 | 2) {
  const { host, shop } = sectionsFor(role);
  const timings: ShopTimings = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const t = v.shop_timings[day];
      return [day, t.open ? { open: t.from, close: t.to } : null];
    }),
  );
  return {
    name: v.name.trim(),
    contact_name: optional(v.contact_name),
    organisation_type: optional(v.organisation_type),
    email: optional(v.email),
    mobile: optional(v.mobile),
    mobile_confirmation: optional(v.mobile_confirmation),
    alternative_mobiles: v.alternative_mobiles,
    address: addressBody(v.address),
    credit_limit: amountOrUndefined(v.credit_limit) ?? '0',
    auto_credit: v.auto_credit,
    balance_trigger: amountOrUndefined(v.balance_trigger) ?? null,
    balance_topup: amountOrUndefined(v.balance_topup) ?? null,
    discount_slab_id: v.discount_slab_id ? Number(v.discount_slab_id) : null,
    ...(host ? { sub_domain: optional(v.sub_domain) ?? null } : {}),
    sms_sender_id: optional(v.sms_sender_id),
    invoice_logo: v.invoice_logo,
    invoice_header_image: v.invoice_header_image,
    invoice_footer_image: v.invoice_footer_image,
    login_logo: v.login_logo,
    ...legalBody(v.legal),
    ...(shop
      ? {
          shop_type: optional(v.shop_type),
          shop_timings: timings,
          holidays: v.holidays,
          lunch: v.lunch.open ? { from: v.lunch.from, to: v.lunch.to } : null,
          mask_seller_discount: v.mask_seller_discount,
          terminal_limit: v.terminal_limit === '' ? undefined : v.terminal_limit,
        }
      : {}),
    enable_otp: v.enable_otp,
    otp_type: v.otp_type,
    remarks: v.remarks.trim(),
    features: v.features,
  };
}

export function addCustomerInput(v: CustomerFormValues, role: 1 | 2): AddCustomerBody {
  return {
    ...commonBody(v, role),
    username: v.username.trim(),
    password: v.password === '' ? undefined : v.password,
    api_enabled: v.api_enabled,
    api_allowed_ips: v.api_allowed_ips,
    api_callback_url: optional(v.api_callback_url) ?? null,
  };
}

export function editCustomerInput(v: CustomerFormValues, role: 1 | 2, customerId: number): EditCustomerBody {
  return { ...commonBody(v, role), customer_id: customerId };
}
