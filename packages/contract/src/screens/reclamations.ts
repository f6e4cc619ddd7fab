import { RULES, type Rule } from '../rules.ts';
export const reclamationsScreens = {
  // Seller, reseller or superadmin (spec section 2), each with the claims it may see.
  '/seller-reclaim-requests': RULES.reclamations,
  '/seller-reclaim/:reclaimId': RULES.reclamations,
  '/reseller-reclaim-requests': RULES.reclamations,
  '/reclaim-requests': RULES.reclamationsSuperadmin,
  '/reclaim-request/:reclaimId': RULES.reclamationsSuperadmin,
} as const satisfies Record<string, Rule>;
