import { describe, expect, it } from 'vitest';
import { ROLE, ROLE_FLAGS } from './roles.ts';
import { userFlagsFor } from './staff.ts';

describe('userFlagsFor', () => {
  it("offers only flags of the user's role that its customer holds", () => {
    expect(userFlagsFor(ROLE.seller, ['has_transaction', 'has_credit', 'has_reports'])).toEqual([
      'has_reports',
      'has_transaction',
    ]);
  });

  it('lets operators hold the read-only customers flag when their customer does', () => {
    expect(userFlagsFor(ROLE.reseller, ['has_customers_read'])).toEqual(['has_customers_read']);
    expect(userFlagsFor(ROLE.seller, ['has_customers_read'])).toEqual([]);
  });

  it('gives web_support none of the back-office flags of its shop', () => {
    const shop = [...ROLE_FLAGS[ROLE.seller]];
    expect(userFlagsFor(ROLE.webSupport, shop)).not.toContain('has_reports');
    expect(userFlagsFor(ROLE.webSupport, shop)).toContain('has_transaction');
  });
});
