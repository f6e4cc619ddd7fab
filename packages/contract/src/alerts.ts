import { z } from 'zod';
import type { EndpointSchemas } from './envelope.ts';
import { RULES, type Rule } from './rules.ts';

/** What a notice tells; each kind has its text in the web app and the rule of the users who see it. */
export const NOTICE_KINDS = [
  'low_stock',
  'low_balance',
  'provider_alert',
  'invoice_mail_failed',
  'reclamation',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Who among a customer's users sees a kind of notice: the users who may act on it. */
export const NOTICE_RULES: Record<NoticeKind, Rule> = {
  low_stock: RULES.inventory,
  // The shop's own users, and the operators of its reseller who give credit.
  low_balance: { anyOf: [RULES.seller, RULES.credit] },
  // The platform's account at a provider refused a sale (its balance, its key): the superadmin who follows top-ups.
  provider_alert: RULES.topupsPending,
  // An issued document could not be mailed after its attempts (decision 0092): the issuer's operators, who send it.
  invoice_mail_failed: RULES.invoicesOperators,
  // A reclamation waiting for its customer's move (issue 40): the shop's reseller, then the stock owner.
  reclamation: { anyOf: [RULES.reclamationsReseller, RULES.reclamationsSuperadmin] },
};

/** How a shop hears of a balance below its trigger besides the bell. */
export const LOW_BALANCE_NOTICES = ['none', 'email', 'sms'] as const;
export type LowBalanceNotice = (typeof LOW_BALANCE_NOTICES)[number];

/** How many notices the bell shows, newest first. */
export const NOTICES_SHOWN = 20;

export const notice = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  /**
   * The values its text names: for low stock `product_name`, `value`, `available`, `threshold`; for low balance
   * `customer_name`, `balance`, `trigger`; for a provider alert `provider` and the provider's refusal `code`; for a failed invoice mail `invoice_no`,
   * `customer_name` (the recipient) and `invoice_id`; for a reclamation `reclamation_id` and `customer_name` (the shop
   * that filed it). The bell lists only notices whose cause is still there: one resolves itself when it is gone.
   */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The screen that resolves it. */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeList = z.object({ notices: z.array(notice), unread: z.number().int() });
export type NoticeList = z.infer<typeof noticeList>;

/** Marks the given notices read, or every notice the user sees without `ids`. */
export const markNoticesReadBody = z.object({
  ids: z.array(z.number().int().positive()).max(100, 'ids: at most 100').optional(),
});
export type MarkNoticesReadBody = z.infer<typeof markNoticesReadBody>;
export const noticesMarked = z.object({ marked: z.number().int() });

export const alertsEndpoints = {
  // Every signed-in user may ask; the service answers only the kinds of notices the user's rules allow.
  '/view_notices/': { method: 'GET', data: noticeList, rule: RULES.all },
  '/mark_notices_read/': { body: markNoticesReadBody, data: noticesMarked, rule: RULES.all },
} satisfies Record<string, EndpointSchemas>;
