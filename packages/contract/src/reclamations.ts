import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery, secret } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { RULES } from './rules.ts';

/**
 * Reclamations (decision 0091): a shop reports sold PINs that do not work; its reseller opens,
 * accepts (and forwards) or rejects the claim; the stock owner (the reseller for its own stock, the
 * superadmin for the platform's) approves or rejects it and issues the credit note that refunds the sale.
 */

const id = z.coerce.number().int().positive();

/** The spec's statuses (section 4) plus `credited`: the credit note is issued, nothing can follow. */
export const RECLAMATION_STATUSES = [
  'new',
  'in_progress',
  'accepted',
  'in_review',
  'approved',
  'rejected',
  'credited',
] as const;
export type ReclamationStatus = (typeof RECLAMATION_STATUSES)[number];

export const RECLAMATION_ACTIONS = ['open', 'accept', 'reject', 'forward', 'approve', 'issue_credit_note'] as const;
export type ReclamationAction = (typeof RECLAMATION_ACTIONS)[number];

/** Who makes a move: the shop's reseller, or the owner of the reclaimed PINs' stock. */
export type ReclamationParty = 'reseller' | 'owner';

export interface ReclamationMove {
  action: ReclamationAction;
  from: ReclamationStatus;
  to: ReclamationStatus;
  by: ReclamationParty;
}

/**
 * The whole machine: every move not listed here is refused (`reclamation_transition_invalid`). The reseller
 * takes a new claim (In Progress), finds it valid (Accepted) or rejects it, and forwards it to the stock
 * owner's review (In Review: itself for its own stock, the superadmin for the platform's). The owner approves
 * or rejects, and issues the credit note from Approved. Rejected and Credited are final.
 */
export const RECLAMATION_MOVES: readonly ReclamationMove[] = [
  { action: 'open', from: 'new', to: 'in_progress', by: 'reseller' },
  { action: 'accept', from: 'in_progress', to: 'accepted', by: 'reseller' },
  { action: 'reject', from: 'in_progress', to: 'rejected', by: 'reseller' },
  { action: 'forward', from: 'accepted', to: 'in_review', by: 'reseller' },
  { action: 'approve', from: 'in_review', to: 'approved', by: 'owner' },
  { action: 'reject', from: 'in_review', to: 'rejected', by: 'owner' },
  { action: 'issue_credit_note', from: 'approved', to: 'credited', by: 'owner' },
];

export function reclamationMove(from: ReclamationStatus, action: ReclamationAction): ReclamationMove | undefined {
  return RECLAMATION_MOVES.find((m) => m.from === from && m.action === action);
}

/**
 * The party a reclamation in `status` waits for (the one whose move comes next), none once it is decided: whom the
 * bell tells (issue 40).
 */
export function reclamationWaitsFor(status: ReclamationStatus): ReclamationParty | null {
  return RECLAMATION_MOVES.find((m) => m.from === status)?.by ?? null;
}

/** The moves a caller who is `parties` may make from `status`: the buttons a detail screen offers. */
export function reclamationActions(
  status: ReclamationStatus,
  parties: readonly ReclamationParty[],
): ReclamationAction[] {
  return RECLAMATION_MOVES.filter((m) => m.from === status && parties.includes(m.by)).map((m) => m.action);
}

const reason = z.string().trim().max(500);

/**
 * `/api/post_reclam_pins/`: PINs of one sale of the shop (`pin_ids`), a soft pin by its sale
 * (`soft_pin_sale_id`, issue 37), or one PIN by its code (`pin`: a stock PIN or a soft pin).
 */
export const postReclamPinsBody = z
  .object({
    sale_id: id.optional(),
    pin_ids: z.array(id).min(1).max(LIMITS.maxSingleStepPurchase).optional(),
    soft_pin_sale_id: id.optional(),
    pin: secret(z.string().trim().min(4).max(64)).optional(),
    reason: reason.min(1),
  })
  .refine(
    (b) =>
      [
        b.sale_id !== undefined && b.pin_ids !== undefined,
        b.soft_pin_sale_id !== undefined,
        b.pin !== undefined,
      ].filter(Boolean).length === 1,
    { message: 'pin_ids: give sale_id with pin_ids, soft_pin_sale_id, or pin', path: ['pin_ids'] },
  );
export type PostReclamPinsBody = z.infer<typeof postReclamPinsBody>;

/** Which list: the shop's own claims, a reseller's shops' claims, or the stock owner's review queue. */
export const RECLAMATION_VIEWS = ['seller', 'reseller', 'owner'] as const;
export type ReclamationView = (typeof RECLAMATION_VIEWS)[number];

export const viewReclamationsBody = pageQuery.extend({
  view: z.enum(RECLAMATION_VIEWS),
  status: z.enum(RECLAMATION_STATUSES).optional(),
});
export type ViewReclamationsBody = z.infer<typeof viewReclamationsBody>;

export const updateReclamationBody = z.object({
  reclamation_id: id,
  action: z.enum(RECLAMATION_ACTIONS),
  reject_reason: reason.optional(),
});
export type UpdateReclamationBody = z.infer<typeof updateReclamationBody>;
/** The reject move: a reason is required (the service refuses a reject without one the same way). */
export const rejectReclamationBody = updateReclamationBody.extend({
  action: z.literal('reject'),
  reject_reason: reason.min(1, 'reject_reason: required'),
});

/** `/api/view_update_reclam_pins/`: with `action` a move of one reclamation, without it a list. */
export const viewUpdateReclamPinsBody = z.union([updateReclamationBody, viewReclamationsBody]);
export type ViewUpdateReclamPinsBody = z.infer<typeof viewUpdateReclamPinsBody>;

export const reclamationSummary = z.object({
  reclamation_id: z.number().int(),
  status: z.enum(RECLAMATION_STATUSES),
  reason: z.string(),
  reject_reason: z.string().nullable(),
  /** The shop's user who filed the claim. */
  requested_user: z.string(),
  /** When the reclaimed PINs were sold. */
  transaction_date: z.string(),
  created_at: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  /** The stock sale's id, or the soft pin's provider sale id (`sale_kind`). */
  sale_id: z.number().int(),
  /** `pin`: PINs from stock; `softpin`: a soft pin, one PIN, the platform's goods. */
  sale_kind: z.enum(['pin', 'softpin']),
  product_name: z.string(),
  value: z.string(),
  quantity: z.number().int(),
  /** Platform stock goes to the superadmin's review; the reseller's own stock stays with it. */
  stock: z.enum(['platform', 'reseller']),
  /** What the shop paid for the reclaimed PINs (S × quantity): what its credit note refunds. */
  seller_amount: z.string(),
  credit_note_id: z.number().int().nullable(),
  credit_note_no: z.string().nullable(),
});
export type ReclamationSummary = z.infer<typeof reclamationSummary>;
export const reclamationsPage = pageOf('reclamations', reclamationSummary);

export const reclamationDetails = reclamationSummary.extend({
  /** Operators only: what the reseller paid the platform (R × quantity), refunded by the platform's note. */
  reseller_amount: z.string().nullable(),
  /** Masked: plain PINs never leave the server on this screen. */
  pins: z.array(z.object({ pin_id: z.number().int(), pin_masked: z.string(), serial: z.string().nullable() })),
  history: z.array(
    z.object({
      action: z.enum([...RECLAMATION_ACTIONS, 'file']),
      status: z.enum(RECLAMATION_STATUSES),
      user: z.string(),
      at: z.string(),
    }),
  ),
  /** The moves the caller may make now. */
  actions: z.array(z.enum(RECLAMATION_ACTIONS)),
  /** The credit notes the reclamation produced: the shop's, and the reseller's for platform stock. */
  credit_notes: z.array(
    z.object({ id: z.number().int(), invoice_no: z.string(), recipient_name: z.string(), gross_total: z.string() }),
  ),
});
export type ReclamationDetails = z.infer<typeof reclamationDetails>;

export const reclamPinDetailsBody = z.object({ reclamation_id: id });

export const viewUpdateReclamPinsData = z.union([reclamationDetails, reclamationsPage]);

export const reclamationsEndpoints = {
  '/post_reclam_pins/': { body: postReclamPinsBody, data: reclamationDetails, rule: RULES.reclamationsSeller },
  '/view_update_reclam_pins/': {
    body: viewUpdateReclamPinsBody,
    data: viewUpdateReclamPinsData,
    rule: RULES.reclamations,
  },
  '/reclam_pin_details/': { body: reclamPinDetailsBody, data: reclamationDetails, rule: RULES.reclamations },
} satisfies Record<string, EndpointSchemas>;
