import type { ListTerminalsBody, SellerTerminals, TerminalRow } from '@portal/contract/terminals';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { bit } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import type { TerminalsRepository } from './terminals.repository.ts';

type Row = NonNullable<Awaited<ReturnType<TerminalsRepository['findOne']>>>;

function terminalOf(r: Row): TerminalRow {
  return {
    id: r.id,
    terminal_id: r.terminalId,
    customer_id: r.shopId,
    customer_name: r.shopName,
    reseller_name: r.resellerName,
    is_active: bit(r.isActive),
    changed_at: r.changedAt.toISOString(),
    changed_by: r.changedBy,
  };
}

/** `/customers/terminals`: the platform registers its shops' EPay terminal ids and switches them on and off. */
export function createTerminalsService(deps: { db: Db; repo: TerminalsRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  async function findSellers(actor: Actor, q: ListTerminalsBody & { limit: number }) {
    const { shops, terminals, total } = await repo.findShopsPage(actor, q);
    const items: SellerTerminals[] = shops.map((s) => ({
      customer_id: s.id,
      customer_name: s.name,
      reseller_name: s.resellerName,
      is_active: bit(s.isActive),
      terminals: terminals
        .filter((t) => t.shopId === s.id)
        .map(terminalOf)
        .map(({ id, terminal_id, is_active, changed_at, changed_by }) => ({
          id,
          terminal_id,
          is_active,
          changed_at,
          changed_by,
        })),
    }));
    return { items, total };
  }

  async function activateTerminal(
    actor: Actor,
    body: { terminal_id: string; is_active: boolean; customer_id?: number },
  ): Promise<TerminalRow> {
    const id = await db.transaction(async (tx) => {
      const at = clock.now();
      let row = await repo.lockByTerminalId(body.terminal_id, tx);
      if (!row) {
        if (body.customer_id === undefined) {
          throw validationError([
            { field: 'customer_id', rule: 'required', message: 'customer_id: required for a new terminal id' },
          ]);
        }
        if (!(await repo.findShop(actor, body.customer_id, tx))) throw notFound('Shop');
        row = await repo.insertIfAbsent(
          { terminalId: body.terminal_id, shopId: body.customer_id, isActive: body.is_active, by: actor.userId, at },
          tx,
        );
      }
      if (body.customer_id !== undefined && row.shopId !== body.customer_id) {
        throw new AppError('terminal_taken', 'This terminal id belongs to another shop', {
          params: { terminal_id: body.terminal_id },
        });
      }
      // A terminal of a shop outside a staff member's customers is not theirs to switch.
      if (!(await repo.findShop(actor, row.shopId, tx))) throw notFound('Terminal');
      await repo.setActive(row.id, { isActive: body.is_active, by: actor.userId, at }, tx);
      return row.id;
    });
    return terminalOf((await repo.findOne(id)) as Row);
  }

  return { findSellers, activateTerminal };
}
export type TerminalsService = ReturnType<typeof createTerminalsService>;
