import { type ConfigurationView, PRODUCT_TYPES, type ProductVat, type ProductView } from '@portal/contract/products';
import { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import { moneyText } from '../../platform/money.ts';
import type { ConfigurationRow, ProductRow } from './products.repository.ts';

// The table's CHECK constraint allows only these values.
export const productType = z.enum(PRODUCT_TYPES);

export function productImageUrl(fileId: string | null): string | null {
  return fileId ? `/api/product_image/${fileId}` : null;
}

/** `assigned`: the platform's product, assigned to the viewing reseller (read-only for it). */
export function toProductView(p: ProductRow, configurationCount: number, assigned: boolean): ProductView {
  return {
    product_id: p.id,
    product_name: p.productName,
    product_type: productType.parse(p.productType),
    pin_length: p.pinLength,
    customer_care: p.customerCare,
    instructions: p.instructions,
    product_image: productImageUrl(p.productImage),
    is_configuration: bit(p.isConfiguration),
    is_active: bit(p.isActive),
    vat_treatment: vatOf(p),
    owner_customer_id: p.ownerCustomerId,
    assigned: bit(assigned),
    configuration_count: configurationCount,
    created_at: p.createdAt.toISOString(),
  };
}

export function toConfigurationView(c: ConfigurationRow): ConfigurationView {
  return { id: c.id, product_id: c.productId, value: moneyText(c.value), info: c.info, is_active: bit(c.isActive) };
}

/** The stored treatment and rate as the one choice the API and the forms offer. */
export function vatOf(p: Pick<ProductRow, 'vatTreatment' | 'vatRate'>): ProductVat {
  if (p.vatTreatment === 'mpv') return 'mpv';
  return Number(p.vatRate) === 7 ? 'spv_7' : 'spv_19';
}

export function vatColumns(vat: ProductVat): { vatTreatment: 'mpv' | 'spv'; vatRate: string } {
  if (vat === 'mpv') return { vatTreatment: 'mpv', vatRate: '0' };
  return { vatTreatment: 'spv', vatRate: vat === 'spv_7' ? '7' : '19' };
}
