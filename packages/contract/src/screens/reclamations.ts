import { RULES, type Rule } from '../rules.ts';
export const reclamationsScreens = {
  '/seller-reclaim-requests': RULES.reclamationsSeller,
  '/seller-reclaim/:reclaimId': RULES.reclamations,
  '/reseller-reclaim-requests': RULES.reclamationsReseller,
  '/reclaim-requests': RULES.reclamationsSuperadmin,
  '/reclaim-request/:reclaimId': RULES.reclamationsSuperadmin,
} as const satisfies Record<string, Rule>;
