import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

/** An EPay terminal id as the network prints it: letters and digits, compared without case. */
export const terminalIdSchema = z
  .string({ error: 'terminal_id: required' })
  .trim()
  .min(1, 'terminal_id: required')
  .max(20, 'terminal_id: at most 20 characters')
  .regex(/^[A-Za-z0-9]+$/, 'terminal_id: letters and digits only')
  .transform((v) => v.toUpperCase());

const active01 = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** Shop filter of the list: with an active terminal, with an inactive one, or with none yet. */
export const TERMINAL_FILTERS = ['active', 'inactive', 'none'] as const;
export type TerminalFilter = (typeof TERMINAL_FILTERS)[number];

/** `/list_sellers_with_terminal_ids/`: shops (20 a page) with their terminal ids; search by shop, reseller or id. */
export const listTerminalsBody = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(TERMINAL_FILTERS).optional(),
  customer_id: z.number().int().positive().optional(),
});
export type ListTerminalsBody = z.infer<typeof listTerminalsBody>;

/**
 * `/activate_terminal_id/`: switches a terminal id on or off. A new id is registered to the shop named by
 * `customer_id` (required then); an id registered to another shop is refused (`terminal_taken`).
 */
export const activateTerminalBody = z.object({
  terminal_id: terminalIdSchema,
  is_active: active01,
  customer_id: z.number().int().positive().optional(),
});
export type ActivateTerminalBody = z.input<typeof activateTerminalBody>;

export const terminalRow = z.object({
  id: z.number().int(),
  terminal_id: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  reseller_name: z.string(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  changed_at: z.string(),
  changed_by: z.string(),
});
export type TerminalRow = z.infer<typeof terminalRow>;

export const sellerTerminals = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  reseller_name: z.string(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  terminals: z.array(
    terminalRow.pick({ id: true, terminal_id: true, is_active: true, changed_at: true, changed_by: true }),
  ),
});
export type SellerTerminals = z.infer<typeof sellerTerminals>;

export const terminalsEndpoints = {
  '/list_sellers_with_terminal_ids/': {
    body: listTerminalsBody.optional(),
    data: pageOf('sellers', sellerTerminals),
    rule: RULES.superadmin,
  },
  '/activate_terminal_id/': { body: activateTerminalBody, data: terminalRow, rule: RULES.superadmin },
} satisfies Record<string, EndpointSchemas>;
