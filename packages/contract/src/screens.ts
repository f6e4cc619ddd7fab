import type { Rule } from './rules.ts';
import { auditScreens } from './screens/audit.ts';
import { bankingScreens } from './screens/banking.ts';
import { catalogueScreens } from './screens/catalogue.ts';
import { creditScreens } from './screens/credit.ts';
import { customersScreens } from './screens/customers.ts';
import { devicesScreens } from './screens/devices.ts';
import { directRechargeScreens } from './screens/direct-recharge.ts';
import { dynamicProductsScreens } from './screens/dynamic-products.ts';
import { flixbusScreens } from './screens/flixbus.ts';
import { generalScreens } from './screens/general.ts';
import { hardwareScreens } from './screens/hardware.ts';
import { invoicesScreens } from './screens/invoices.ts';
import { partnerScreens } from './screens/partner.ts';
import { reclamationsScreens } from './screens/reclamations.ts';
import { reportsScreens } from './screens/reports.ts';
import { sellingScreens } from './screens/selling.ts';
import { staffScreens } from './screens/staff.ts';
import { topupScreens } from './screens/topup.ts';

/**
 * Every screen of spec section 2 with its rule. The web route table takes the rule from here, so web guard and
 * server guard read the same table; screens are added to the router as they are built. Each domain lists its
 * screens in its own part (`screens/<domain>.ts`, beside the web's `app/routes/<domain>.routes.tsx`), so a new
 * domain adds its file and one line here; a test holds the parts disjoint and every part in the list.
 */
export const SCREENS = {
  ...generalScreens,
  ...sellingScreens,
  ...topupScreens,
  ...directRechargeScreens,
  ...flixbusScreens,
  ...reportsScreens,
  ...catalogueScreens,
  ...customersScreens,
  ...dynamicProductsScreens,
  ...staffScreens,
  ...creditScreens,
  ...devicesScreens,
  ...hardwareScreens,
  ...bankingScreens,
  ...invoicesScreens,
  ...reclamationsScreens,
  ...partnerScreens,
  ...auditScreens,
} as const satisfies Record<string, Rule>;
export type ScreenPath = keyof typeof SCREENS;
