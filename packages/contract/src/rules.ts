import {
  type FeatureFlag,
  type FeatureFlags,
  type InternalRole,
  OPERATORS,
  ROLE,
  type Role,
  SELLERS,
} from './roles.ts';

/**
 * A route rule (ARCHITECTURE.md "Route rules"): the user's role is listed AND, when flags are named,
 * one of them is 1. `managersOnly` lists roles whose users must also have internal_role 0 (the spec's
 * users rule). web_support users pass only while enable_web_view is 1 (spec section 5).
 */
export interface RoleRule {
  readonly roles: readonly Role[];
  readonly feature?: FeatureFlag | readonly FeatureFlag[];
  readonly managersOnly?: readonly Role[];
}

/** `anyOf`: a call shared by screens of different rules passes when one of them passes. */
export type Rule = 'public' | 'all' | RoleRule | { readonly anyOf: readonly RoleRule[] };

export interface RuleSubject {
  account_role: Role;
  internal_role: InternalRole;
  enable_web_view: 0 | 1;
  flags: Partial<FeatureFlags>;
}

export function passesRule(user: RuleSubject | null | undefined, rule: Rule): boolean {
  if (rule === 'public') return true;
  if (!user) return false;
  if (user.account_role === ROLE.webSupport && user.enable_web_view !== 1) return false;
  if (rule === 'all') return true;
  if ('anyOf' in rule) return rule.anyOf.some((r) => passesRoleRule(user, r));
  return passesRoleRule(user, rule);
}

function passesRoleRule(user: RuleSubject, rule: RoleRule): boolean {
  if (!rule.roles.includes(user.account_role)) return false;
  if (rule.managersOnly?.includes(user.account_role) && user.internal_role !== 0) return false;
  if (rule.feature === undefined) return true;
  const wanted = typeof rule.feature === 'string' ? [rule.feature] : rule.feature;
  return wanted.some((f) => user.flags[f] === 1);
}

const op = (feature?: FeatureFlag | readonly FeatureFlag[]): RoleRule => ({ roles: OPERATORS, feature });
const sell = (feature: FeatureFlag): RoleRule => ({ roles: SELLERS, feature });

/** Named rules, shared by the web route table and the server's route declarations. */
export const RULES = {
  public: 'public',
  all: 'all',
  superadmin: { roles: [ROLE.superadmin] },
  reseller: { roles: [ROLE.reseller] },
  operators: { roles: OPERATORS },
  sellerOrSupport: { roles: SELLERS },
  seller: { roles: [ROLE.seller] },
  sellerManager: { roles: [ROLE.seller], managersOnly: [ROLE.seller] },
  users: { roles: OPERATORS, managersOnly: [ROLE.reseller] },
  /** The user calls serve both the users rule (operator staff) and a shop's managers (its sub-users). */
  staffUsers: { roles: [ROLE.superadmin, ROLE.reseller, ROLE.seller], managersOnly: [ROLE.reseller, ROLE.seller] },
  dashboard: sell('has_transaction'),
  callingCards: sell('has_transaction'),
  cashCards: sell('has_cash_card'),
  giftCards: sell('has_gift_card'),
  internationalTopup: sell('has_dt_one'),
  directRecharge: sell('has_direct_recharge'),
  flixbus: sell('has_flixbus'),
  purchase: sell('has_transaction'),
  products: op('has_product'),
  suppliers: op('has_supplier'),
  inventory: op('has_inventory'),
  customersView: op(['has_customers', 'has_customers_read']),
  customersChange: op('has_customers'),
  assignProducts: op('has_assign_product'),
  /** Each customer's discount per provider (decision 0107), assigned like PAD. */
  providerDiscounts: op('has_assign_product'),
  discountSlabs: op('has_discount_slab'),
  credit: op('has_credit'),
  balances: op('has_credit_and_balance'),
  /** `/view_ledger/`: a reseller's own ledger (has_credit_and_balance, checked by the service) or a seller's. */
  ownLedger: { roles: [ROLE.reseller, ROLE.seller] },
  /** `/dynamic-products/` and the parents' discount screens: the platform configures, a reseller offers (0110). */
  dynamicProducts: op('has_dynamic_products'),
  /**
   * Soft pins (decision 0104): the platform's choice of provider products and its discounts, the log; a shop buys
   * them with has_dynamic_products (and the product type's flag, checked by the service).
   */
  dynamicProductsPlatform: { roles: [ROLE.superadmin], feature: 'has_dynamic_products' },
  dynamicProductsLog: { roles: [ROLE.superadmin] },
  /** The VAT treatments of provider goods (decision 0132): provider goods are the platform's, set by its superadmin. */
  providerVat: { roles: [ROLE.superadmin] },
  /** The provider catalogues screen's reads (issue 40): offers with cost and price, and whether each provider answers. */
  providerCatalogues: { roles: [ROLE.superadmin] },
  /** A reseller's (and its staff's) dynamic products at its own price, each offered to its shops or not (0110). */
  dynamicProductsReseller: { roles: [ROLE.reseller], feature: 'has_dynamic_products' },
  softPins: sell('has_dynamic_products'),
  reportsOperators: op('has_reports'),
  reportsSuperadmin: { roles: [ROLE.superadmin], feature: 'has_reports' },
  /**
   * The stock value at a date (decision 0136 "Who reads what"): the platform's users (its staff see their assigned
   * customers' stock only, the service narrows it) and a reseller's managers. A reseller's staff are assigned shops,
   * which own no stock, and the reseller's own stock at cost is its books, not theirs.
   */
  stockValue: {
    anyOf: [
      { roles: [ROLE.superadmin], feature: 'has_reports' },
      { roles: [ROLE.reseller], feature: 'has_reports', managersOnly: [ROLE.reseller] },
    ],
  },
  /** What the platform owes its suppliers is its own books: its managers only, not the staff limited to customers. */
  supplierDebt: { roles: [ROLE.superadmin], feature: 'has_reports', managersOnly: [ROLE.superadmin] },
  /** The sales report calls: the operators' report screens and the shop's own sales list (/seller/sales). */
  salesReports: { anyOf: [op('has_reports'), { roles: SELLERS }] },
  /**
   * One sale's details, of PINs or of a provider: the shop's sales screens and the operators' reports, and the
   * ledger lines that link to a sale (decision 0123).
   */
  saleDetails: { anyOf: [{ roles: SELLERS }, op('has_reports')] },
  invoicesOperators: op('has_invoice'),
  /**
   * DATEV exports and settings (decision 0147): the issuer's managers, the platform's or a reseller's, for the
   * issuer's own books. Staff see only their assigned customers, and a batch holds every debtor of the month.
   */
  datev: {
    roles: [ROLE.superadmin, ROLE.reseller],
    managersOnly: [ROLE.superadmin, ROLE.reseller],
    feature: 'has_invoice',
  },
  /**
   * Invoice lists and documents: operators see what they issued, resellers and shops what they received. A
   * shop's invoices cover all its sales, so its staff (who see only their own sales) do not get them.
   */
  invoices: {
    roles: [ROLE.superadmin, ROLE.reseller, ROLE.seller],
    feature: 'has_invoice',
    managersOnly: [ROLE.seller],
  },
  invoicesReceived: { roles: [ROLE.reseller], feature: 'has_invoice' },
  /**
   * Reclamations (decision 0091): the spec's "seller, reseller or superadmin" screens and the details and
   * moves; filing is a shop's (its web_support user sells but has no back office); each list is one role's.
   */
  reclamations: { roles: [ROLE.superadmin, ROLE.reseller, ROLE.seller], feature: 'has_reclamation' },
  reclamationsSeller: { roles: [ROLE.seller], feature: 'has_reclamation' },
  reclamationsReseller: { roles: [ROLE.reseller], feature: 'has_reclamation' },
  reclamationsSuperadmin: { roles: [ROLE.superadmin], feature: 'has_reclamation' },
  /**
   * Bank statement import, paying money in like `/customer/credit/add`: a reseller for its customers, and the
   * platform for its direct customers (resellers and shops directly under it): a widening of spec section 2,
   * which lists banking under "Reseller" (decision 0127).
   */
  banking: op('has_credit'),
  /** The hardware shop (spec section 2): the reseller's catalogue and orders, the shop's ordering, both the report. */
  hardwareReseller: { roles: [ROLE.reseller] },
  hardwareSeller: { roles: [ROLE.seller] },
  hardwareSales: { roles: [ROLE.reseller, ROLE.seller] },
  devicesReseller: { roles: [ROLE.reseller], feature: 'has_device' },
  devicesSuperadmin: { roles: [ROLE.superadmin], feature: 'has_device' },
  /** Top-ups still pending after 24 hours, for the platform's manual follow-up with the provider (decision 0080). */
  topupsPending: { roles: [ROLE.superadmin], managersOnly: [ROLE.superadmin] },
  /**
   * The partner API (decision 0097): a key acts as one user of a shop, so its calls pass as that user's would;
   * its purchases need has_transaction like the portal's (`purchase`). A shop's keys are managed by its
   * managers (`/seller/api`) and by operators with has_customers (`customersChange`).
   */
  partnerApi: { roles: SELLERS },
  apiKeysShop: { roles: [ROLE.seller], managersOnly: [ROLE.seller] },
  /** A tax audit's data access (decision 0147): the whole platform's books, its superadmin managers only. */
  taxAudit: { roles: [ROLE.superadmin], managersOnly: [ROLE.superadmin] },
  /** The platform's own legal and invoice data (decision 0095): its main account only, not its staff. */
  platformDetails: { roles: [ROLE.superadmin], managersOnly: [ROLE.superadmin] },
} as const satisfies Record<string, Rule>;
export type RuleName = keyof typeof RULES;
