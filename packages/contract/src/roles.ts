/** account_role values (spec section 3; web_support is stored as 3, DOMAIN.md "Who"). */
export const ROLE = { superadmin: 0, reseller: 1, seller: 2, webSupport: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const OPERATORS = [ROLE.superadmin, ROLE.reseller] as const;
export const SELLERS = [ROLE.seller, ROLE.webSupport] as const;

/** internal_role: 0 = main account or manager, 1 = staff. */
export type InternalRole = 0 | 1;

export const FEATURE_FLAGS = [
  'has_invoice',
  'has_reports',
  'has_dynamic_products',
  'has_credit_and_balance',
  'has_direct_recharge',
  'has_dt_one',
  'has_flixbus',
  'has_transaction',
  'has_cash_card',
  'has_gift_card',
  'has_reclamation',
  'has_product',
  'has_supplier',
  'has_inventory',
  'has_customers',
  'has_customers_read',
  'has_assign_product',
  'has_discount_slab',
  'has_credit',
  'has_device',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, 0 | 1>;

/** The flags each role uses; demo accounts get exactly these (ARCHITECTURE.md "Route rules"). */
export const ROLE_FLAGS: Record<Role, readonly FeatureFlag[]> = {
  [ROLE.superadmin]: [
    'has_invoice',
    'has_reports',
    'has_dynamic_products',
    'has_credit_and_balance',
    'has_reclamation',
    'has_product',
    'has_supplier',
    'has_inventory',
    'has_customers',
    'has_assign_product',
    'has_discount_slab',
    'has_credit',
    'has_device',
  ],
  [ROLE.reseller]: [
    'has_invoice',
    'has_reports',
    'has_dynamic_products',
    'has_credit_and_balance',
    'has_reclamation',
    'has_product',
    'has_supplier',
    'has_inventory',
    'has_customers',
    'has_assign_product',
    'has_discount_slab',
    'has_credit',
    'has_device',
  ],
  [ROLE.seller]: [
    'has_transaction',
    'has_cash_card',
    'has_gift_card',
    'has_direct_recharge',
    'has_dt_one',
    'has_flixbus',
    'has_dynamic_products',
    'has_reclamation',
    'has_reports',
    'has_invoice',
  ],
  [ROLE.webSupport]: [
    'has_transaction',
    'has_cash_card',
    'has_gift_card',
    'has_direct_recharge',
    'has_dt_one',
    'has_flixbus',
    // Soft pins are sold from the same screens as stock PINs (decision 0104).
    'has_dynamic_products',
  ],
};

export function flagsFrom(enabled: readonly string[]): FeatureFlags {
  const set = new Set(enabled);
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, set.has(f) ? 1 : 0])) as FeatureFlags;
}

export function enabledFlags(flags: Partial<FeatureFlags>): FeatureFlag[] {
  return FEATURE_FLAGS.filter((f) => flags[f] === 1);
}
