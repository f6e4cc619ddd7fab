import { RULES, type Rule } from '../rules.ts';
export const hardwareScreens = {
  '/hardware': RULES.hardwareReseller,
  '/hardware/category/:categoryId': RULES.hardwareReseller,
  '/admin/hardware/sales': RULES.hardwareReseller,
  '/hardware/categories': RULES.hardwareSeller,
  '/hardware/:categoryId': RULES.hardwareSeller,
  '/report/hardware/sales': RULES.hardwareSales,
} as const satisfies Record<string, Rule>;
