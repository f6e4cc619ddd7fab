import type { DynamicBalance } from '@portal/contract/auth';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { CreditRepository } from './credit.repository.ts';

const money = (v: string | null | undefined) => new Decimal(v ?? '0').toFixed(2);

export function createCreditService(deps: { repo: CreditRepository }) {
  async function getBalance(actor: Actor): Promise<DynamicBalance> {
    const w = await deps.repo.findWallet(actor.customerId);
    if (!w) throw notFound('Wallet');
    return {
      balance: money(w.balance),
      outstanding_credit: money(w.outstandingCredit),
      credit_limit: money(w.creditLimit),
      currency: 'EUR',
    };
  }
  return { getBalance, openWallet: deps.repo.openWallet };
}
export type CreditService = ReturnType<typeof createCreditService>;
