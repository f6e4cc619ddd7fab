import type { TopupSale, topupOperator } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { DtOneOperator } from '../../providers/dtone/client.ts';
import type { ProviderSaleWithUser } from './topup.repository.ts';

export function toTopupOperator(o: DtOneOperator): z.infer<typeof topupOperator> {
  return {
    id: o.id,
    name: o.name,
    country_iso_code: o.country.iso_code,
    country_name: o.country.name,
    identified: o.identified,
  };
}

export function toTopupSale(s: ProviderSaleWithUser, maskPrices: boolean): TopupSale {
  return {
    sale_id: s.id,
    created_at: s.createdAt.toISOString(),
    status: s.status,
    provider_status: s.providerStatus,
    product_id: s.productId,
    product_name: s.productName,
    operator_name: s.operatorName,
    country_iso_code: s.countryIsoCode,
    mobile_number: s.mobileNumber,
    face_value: trimDecimal(s.faceValue),
    face_currency: s.faceCurrency,
    retail_price: new Decimal(s.retailPrice).toFixed(2),
    seller_price: maskPrices ? null : new Decimal(s.sellerPrice).toFixed(2),
    user_id: s.soldBy,
    username: s.username,
    operator_reference: s.operatorReference,
    final_at: s.finalAt?.toISOString() ?? null,
  };
}

/** Local amounts keep up to 4 decimals (DOMAIN.md), without trailing zeros. */
const trimDecimal = (v: string) => new Decimal(v).toFixed();
