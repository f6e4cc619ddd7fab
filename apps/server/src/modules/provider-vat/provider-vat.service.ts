import {
  type ProviderVatAnswer,
  type ProviderVatChoice,
  type ProviderVatEntry,
  type ProviderVatRow,
  type setProviderVatBody,
  VAT_PROVIDERS,
  type VatProvider,
} from '@portal/contract/provider-vat';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { ProviderVatRecord, ProviderVatRepository } from './provider-vat.repository.ts';

/** The wire's one choice from a stored treatment and rate, and back. */
export function choiceOf(r: { treatment: string; vat_rate: Decimal.Value }): ProviderVatChoice {
  if (r.treatment === 'mpv') return 'mpv';
  const rate = new Decimal(r.vat_rate).eq(7) ? '7' : '19';
  return `${r.treatment === 'carrier' ? 'carrier' : 'spv'}_${rate}` as ProviderVatChoice;
}

export function columnsOf(choice: ProviderVatChoice): { treatment: 'mpv' | 'spv' | 'carrier'; vatRate: string } {
  if (choice === 'mpv') return { treatment: 'mpv', vatRate: '0' };
  const [treatment, rate] = choice.split('_') as ['spv' | 'carrier', string];
  return { treatment, vatRate: rate };
}

const entryOf = (r: ProviderVatRecord): ProviderVatEntry => {
  const from = new Date(r.valid_from);
  return {
    choice: choiceOf(r),
    // '-infinity' reads back as an invalid date: the first entry, in force since ever.
    valid_from: Number.isFinite(from.getTime()) ? from.toISOString() : null,
    carrier: r.carrier,
    set_by: r.set_by,
  };
};

/**
 * The VAT treatments of provider goods (decision 0132): the superadmin reads every provider's and dynamic product's
 * history and sets a new entry, in force from now on. Invoices and the bus ticket read the entry in force at a sale.
 */
export function createProviderVatService(deps: { db: Db; repo: ProviderVatRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  async function list(): Promise<ProviderVatAnswer> {
    const [all, products] = await Promise.all([repo.findAll(), repo.findDynamicProducts()]);
    const of = (provider: VatProvider, id: number) =>
      all.filter((r) => r.provider === provider && r.dynamic_product_id === id).reverse();
    const treatments: ProviderVatRow[] = [];
    for (const provider of VAT_PROVIDERS) {
      const own = of(provider, 0);
      // Newest first. Migration 0057 gives every provider an entry in force since ever, so one is always current.
      const current = own[0];
      if (!current) throw new Error(`No VAT treatment for ${provider}: its entry since ever is missing`);
      treatments.push({
        provider,
        dynamic_product_id: null,
        name: null,
        own: own.length > 0,
        current: entryOf(current),
        history: own.map(entryOf),
      });
      if (provider !== 'softpin') continue;
      for (const p of products) {
        const mine = of('softpin', p.id);
        treatments.push({
          provider,
          dynamic_product_id: p.id,
          name: p.name,
          own: mine.length > 0,
          current: entryOf(mine[0] ?? current),
          history: mine.map(entryOf),
        });
      }
    }
    return { treatments };
  }

  async function set(actor: Actor, body: z.output<typeof setProviderVatBody>): Promise<ProviderVatAnswer> {
    const dynamicProductId = body.dynamic_product_id ?? 0;
    if (dynamicProductId !== 0 && !(await repo.dynamicProductExists(dynamicProductId))) {
      throw notFound('Dynamic product');
    }
    const { treatment, vatRate } = columnsOf(body.choice);
    await db.transaction((tx) =>
      repo.append(
        {
          provider: body.provider,
          dynamicProductId,
          treatment,
          vatRate,
          carrier: treatment === 'carrier' ? body.carrier : null,
          setBy: actor.userId,
        },
        clock.now(),
        tx,
      ),
    );
    return list();
  }

  return { list, set, findAt: repo.findAt };
}
export type ProviderVatService = ReturnType<typeof createProviderVatService>;
