import { sql } from 'drizzle-orm';

/** Counts of one configuration's (or one lot's) pins; `available` is read from available_stock itself. */
export const countColumns = sql`
  count(p.id)::int as total,
  (count(p.id) filter (where p.sold_at is not null))::int as sold,
  (count(p.id) filter (where p.sold_at is null))::int as unsold,
  (count(p.id) filter (where p.sold_at is null and p.published))::int as published,
  (count(p.id) filter (where p.sold_at is null and not p.published))::int as unpublished,
  (count(a.pin_id))::int as available`;

export type CountRow = {
  total: number;
  sold: number;
  unsold: number;
  published: number;
  unpublished: number;
  available: number;
};
