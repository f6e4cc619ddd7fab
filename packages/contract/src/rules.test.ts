import { describe, expect, it } from 'vitest';
import { flagsFrom, ROLE } from './roles.ts';
import { passesRule, RULES, type RuleSubject } from './rules.ts';
import { SCREENS } from './screens.ts';

const user = (account_role: RuleSubject['account_role'], flags: string[] = [], extra: Partial<RuleSubject> = {}) => ({
  account_role,
  internal_role: 0 as const,
  enable_web_view: 0 as const,
  flags: flagsFrom(flags),
  ...extra,
});

describe('passesRule', () => {
  it('needs the role AND the flag', () => {
    expect(passesRule(user(ROLE.reseller, ['has_product']), RULES.products)).toBe(true);
    expect(passesRule(user(ROLE.reseller, []), RULES.products)).toBe(false);
    // A seller holding an operator flag is still refused.
    expect(passesRule(user(ROLE.seller, ['has_product']), RULES.products)).toBe(false);
  });

  it('lets the customers view rule pass with the read-only flag, but not the change rule', () => {
    const readOnly = user(ROLE.reseller, ['has_customers_read']);
    expect(passesRule(readOnly, RULES.customersView)).toBe(true);
    expect(passesRule(readOnly, RULES.customersChange)).toBe(false);
  });

  it('applies the users rule: superadmin, or a reseller with internal_role 0', () => {
    expect(passesRule(user(ROLE.superadmin, [], { internal_role: 1 }), RULES.users)).toBe(true);
    expect(passesRule(user(ROLE.reseller), RULES.users)).toBe(true);
    expect(passesRule(user(ROLE.reseller, [], { internal_role: 1 }), RULES.users)).toBe(false);
    expect(passesRule(user(ROLE.seller), RULES.users)).toBe(false);
  });

  it('gives web_support the seller screens only while web view is enabled', () => {
    expect(passesRule(user(ROLE.webSupport, ['has_transaction'], { enable_web_view: 1 }), RULES.dashboard)).toBe(true);
    expect(passesRule(user(ROLE.webSupport, ['has_transaction'], { enable_web_view: 0 }), RULES.dashboard)).toBe(false);
    expect(passesRule(user(ROLE.webSupport, [], { enable_web_view: 0 }), RULES.all)).toBe(false);
    expect(passesRule(user(ROLE.webSupport, ['has_transaction'], { enable_web_view: 1 }), RULES.seller)).toBe(false);
  });

  it("passes 'all' for any signed-in user, 'public' for everyone", () => {
    expect(passesRule(null, RULES.public)).toBe(true);
    expect(passesRule(null, RULES.all)).toBe(false);
    expect(passesRule(user(ROLE.seller), RULES.all)).toBe(true);
  });

  it('keeps seller sub-user screens to the shop main account and managers', () => {
    expect(passesRule(user(ROLE.seller), SCREENS['/seller/users/view'])).toBe(true);
    expect(passesRule(user(ROLE.seller, [], { internal_role: 1 }), SCREENS['/seller/users/view'])).toBe(false);
    expect(passesRule(user(ROLE.seller, [], { internal_role: 1 }), SCREENS['/seller/ledger'])).toBe(true);
  });

  it('keeps the provider catalogues (and their VAT treatments) to the superadmin, as its API is', () => {
    expect(SCREENS['/provider-catalogues/']).toBe(RULES.providerCatalogues);
    // The screen's VAT panel calls the VAT endpoints: the same roles, so nobody sees a screen whose calls fail.
    expect(RULES.providerVat).toEqual(RULES.providerCatalogues);
    expect(passesRule(user(ROLE.superadmin), SCREENS['/provider-catalogues/'])).toBe(true);
    for (const role of [ROLE.reseller, ROLE.seller]) {
      expect(passesRule(user(role, ['has_dynamic_products', 'has_product']), SCREENS['/provider-catalogues/'])).toBe(
        false,
      );
    }
  });

  it("gives partner API keys to a shop's managers, and their calls to the key's shop user", () => {
    expect(passesRule(user(ROLE.seller), SCREENS['/seller/api'])).toBe(true);
    expect(passesRule(user(ROLE.seller, [], { internal_role: 1 }), RULES.apiKeysShop)).toBe(false);
    expect(passesRule(user(ROLE.reseller, ['has_customers']), RULES.apiKeysShop)).toBe(false);
    expect(passesRule(user(ROLE.seller, [], { internal_role: 1 }), RULES.partnerApi)).toBe(true);
    expect(passesRule(user(ROLE.reseller, ['has_customers']), RULES.partnerApi)).toBe(false);
  });

  it('has a rule for every screen of spec section 2 that the route table uses', () => {
    for (const [path, rule] of Object.entries(SCREENS)) {
      expect(rule, path).toBeDefined();
      expect(path.startsWith('/'), path).toBe(true);
    }
  });
});
