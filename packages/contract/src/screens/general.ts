import { RULES, type Rule } from '../rules.ts';
export const generalScreens = {
  '/': RULES.public,
  '/login': RULES.public,
  '/loading': RULES.public,
  '/version': RULES.public,
  '/agb': RULES.public,
  '/terms': RULES.public,
  '/impressum': RULES.public,
  '/settings': RULES.public,
  '/user/register': RULES.public,
  '/registration/set-password/:id': RULES.public,
  '/pages/comingsoon': RULES.public,
  '/pages/error-404': RULES.public,
  '/pages/error-500': RULES.public,
  '/pages/not-authorized': RULES.public,
  '/pages/maintenance': RULES.public,
  '/login-requests': RULES.all,
} as const satisfies Record<string, Rule>;
