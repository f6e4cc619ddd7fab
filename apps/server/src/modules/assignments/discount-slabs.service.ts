import type { AddDiscountPlanBody, UpdateConfigurationSlabBody } from '@portal/contract/assignments';
import { LIMITS } from '@portal/contract/limits';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { AssignmentRulesService } from './assignment-rules.service.ts';
import { slabConfigurationOf, slabRowOf } from './assignments.mapper.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import type { DiscountSlabsRepository } from './discount-slabs.repository.ts';

/** The discount slab screens: an operator's slabs, one slab's discounts, adding and changing one. */
export function createDiscountSlabsService(deps: {
  db: Db;
  repo: DiscountSlabsRepository;
  assignmentsRepo: Pick<AssignmentsRepository, 'findAvailable' | 'findOwnPrices'>;
  rules: Pick<AssignmentRulesService, 'assertAvailable' | 'assertMargins'>;
  clock: Clock;
}) {
  const { db, repo, rules, clock } = deps;

  async function findSlabs(actor: Actor, q: { page: number; limit?: number; discount_slab_id?: number }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    if (q.discount_slab_id) return { detail: await getSlab(actor, q.discount_slab_id) };
    const { items, total } = await repo.findSlabs(actor.customerId, { ...p, offset: offsetOf(p) });
    return { page: { items: items.map(slabRowOf), total, p } };
  }

  /** A slab with every configuration the owner may hand on, each with its discount here (or none). */
  async function getSlab(actor: Actor, slabId: number) {
    const slab = await repo.findSlab(slabId, actor.customerId);
    if (!slab) throw notFound('Discount slab');
    const discounts = new Map((await repo.findSlabItems(slabId)).map((i) => [i.configuration_id, i.discount]));
    const available = await deps.assignmentsRepo.findAvailable(actor.customerId);
    const ownPrices = await deps.assignmentsRepo.findOwnPrices(
      actor.customerId,
      available.map((c) => c.configuration_id),
    );
    return {
      discount_slab_id: slab.id,
      name: slab.name,
      configurations: available.map((c) =>
        slabConfigurationOf(c, discounts.get(c.configuration_id), ownPrices.get(c.configuration_id)),
      ),
    };
  }

  async function addSlab(actor: Actor, b: AddDiscountPlanBody) {
    await rules.assertAvailable(
      actor,
      b.items.map((i) => i.configuration_id),
      'items',
    );
    const id = await db.transaction(async (tx) => {
      const slabId = await repo.insertSlab(actor.customerId, b.name, clock.now(), tx);
      await repo.upsertSlabItems(
        slabId,
        b.items.map((i) => ({ configurationId: i.configuration_id, discount: i.discount })),
        clock.now(),
        tx,
      );
      return slabId;
    });
    return getSlab(actor, id);
  }

  async function updateSlab(actor: Actor, b: UpdateConfigurationSlabBody) {
    const slab = await repo.findSlab(b.discount_slab_id, actor.customerId);
    if (!slab) throw notFound('Discount slab');
    const items = b.items ?? [];
    const configIds = items.map((i) => i.configuration_id);
    await rules.assertAvailable(actor, configIds, 'items');
    await db.transaction(async (tx) => {
      if (b.name) await repo.renameSlab(slab.id, b.name, tx);
      await repo.upsertSlabItems(
        slab.id,
        items.map((i) => ({ configurationId: i.configuration_id, discount: i.discount })),
        clock.now(),
        tx,
      );
      // Its customers' prices move, and with a reseller's price the margins of the shops below it.
      const users = await repo.findCustomersUsingSlab(slab.id, tx);
      await rules.assertMargins(tx, { customerIds: users, parentIds: users, configurationIds: configIds });
    });
    return getSlab(actor, slab.id);
  }

  return { findSlabs, getSlab, addSlab, updateSlab };
}
export type DiscountSlabsService = ReturnType<typeof createDiscountSlabsService>;
