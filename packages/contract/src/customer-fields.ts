import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { freeText } from './credit.ts';
import { ECONOMIC_ID_PATTERN, glnChecksumOk, ibanChecksumOk, LEGAL_FORMS, REGISTER_TYPES } from './legal-ids.ts';
import { flag01 } from './products.ts';
import { FEATURE_FLAGS, type FeatureFlag, ROLE, ROLE_FLAGS } from './roles.ts';

/**
 * The fields a customer is made of, shared by the customer calls (customers.ts), the public registration
 * (registrations.ts), the platform's own details (platform-details.ts) and other domains (a user's name, a shop's
 * details on a sale).
 */

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

const addressParts = {
  address: freeText(200),
  house_no: freeText(20),
  postal: freeText(20),
  city: freeText(100),
};
/** An address as a new record takes it: a part not sent is empty. */
export const addressSchema = z.object({
  address: addressParts.address.default(''),
  house_no: addressParts.house_no.default(''),
  postal: addressParts.postal.default(''),
  city: addressParts.city.default(''),
});
/** An address as an edit takes it: a part not sent keeps its stored value (no default, see EDIT_ENDPOINTS). */
export const addressPatch = z.object(addressParts).partial();
export type AddressPatch = z.infer<typeof addressPatch>;

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
 * The legal data an invoice names (§ 14 Abs. 4 UStG, § 35a GmbHG; decisions 0090, 0095): an issuer needs a VAT id
 * or tax number; the register entry in three parts (court, type, number: BT-33 and BT-30 of an e-invoice), the
 * GLN and the Wirtschafts-Identifikationsnummer (BT-29), the legal form, seat and managing directors. Null clears
 * a field; no field has a default (edits stay partial, edits.ts).
 */
export function customerLegalFields() {
  const text = (max: number) => freeText(max).nullable().optional();
  return z.object({
    legal_name: text(200),
    legal_form: z.enum(LEGAL_FORMS).nullable().optional(),
    seat: text(100),
    vat_id: freeText(20)
      .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Za-z+*.]{2,13}$/, 'vat_id: a VAT id like DE123456789'))
      .nullable()
      .optional(),
    tax_number: text(30),
    economic_id: freeText(17)
      .pipe(z.string().regex(ECONOMIC_ID_PATTERN, 'economic_id: a W-IdNr. like DE123456789-00001'))
      .nullable()
      .optional(),
    register_court: text(100),
    register_type: z.enum(REGISTER_TYPES).nullable().optional(),
    register_number: text(40),
    managing_directors: text(300),
    gln: freeText(13)
      .pipe(
        z.string().refine(glnChecksumOk, {
          message: 'gln: 13 digits with the GS1 check digit',
          params: { rule: 'gln_checksum' },
        }),
      )
      .nullable()
      .optional(),
    iban: freeText(34)
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, { error: 'iban: an IBAN without spaces', abort: true })
          .refine(ibanChecksumOk, {
            message: 'iban: the check digits do not match',
            params: { rule: 'iban_checksum' },
          }),
      )
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
  holidays: z.array(calendarDay).max(366).optional(),
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

/** Whether a URL names a user or a password (`https://user:secret@host/`). */
export function hasUrlCredentials(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/** The URL without its user and password; a stored address never goes out with them. */
export function withoutUrlCredentials<T extends string | null>(url: T): T {
  if (url === null || !hasUrlCredentials(url)) return url;
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString() as T;
}

/**
 * A shop's webhook address: https, and without user or password, which would be stored in clear, shown on every
 * screen that shows the address and sent to whoever the name points to later (decision 0097). The receiver checks
 * the signature instead.
 */
export const callbackUrl = z.url({ protocol: /^https$/ }).refine((u) => !hasUrlCredentials(u), {
  message: 'no user or password in the address',
  params: { rule: 'url_credentials' },
});

export const customerApiFields = z.object({
  api_enabled: flag01,
  /** Not sent: unchanged. An empty list refuses every partner call, so it is never a default. */
  api_allowed_ips: z.array(ipAddressOrRange).max(20).optional(),
  api_callback_url: callbackUrl.nullable().optional(),
});

export const customerName = freeText(150).pipe(z.string().min(1, 'name: required'));

export const mobilesMatch = <T extends { mobile?: string; mobile_confirmation?: string }>(b: T) =>
  (b.mobile ?? '') === (b.mobile_confirmation ?? b.mobile ?? '');
export const mobileRule = {
  path: ['mobile_confirmation'],
  message: 'mobile_confirmation: must match mobile',
  params: { rule: 'mobile_match' },
};

export type Weekday = (typeof WEEKDAYS)[number];
export type ShopTimings = Partial<Record<Weekday, { open: string; close: string } | null>>;
export type Address = z.infer<typeof addressSchema>;
export const OTP_CHANNELS = ['sms', 'email'] as const;

/** An address as stored and answered. */
export const storedAddress = z.object({
  address: z.string(),
  house_no: z.string(),
  postal: z.string(),
  city: z.string(),
});
