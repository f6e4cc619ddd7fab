import type { topupOperator, topupProduct } from '@portal/contract/topup';
import type { z } from 'zod';
import type { DtOneOperator, DtOneProduct } from '../../providers/dtone/client.ts';

export function toTopupOperator(o: DtOneOperator): z.infer<typeof topupOperator> {
  return {
    id: o.id,
    name: o.name,
    country_iso_code: o.country.iso_code,
    country_name: o.country.name,
    identified: o.identified,
  };
}

export function toTopupProduct(p: DtOneProduct): z.infer<typeof topupProduct> {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    operator_id: p.operator.id,
    operator_name: p.operator.name,
    destination_amount: p.destination?.amount ?? null,
    destination_unit: p.destination?.unit ?? null,
  };
}
