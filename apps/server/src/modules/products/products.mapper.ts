import type { ConfigurationView, ProductType, ProductView } from '@portal/contract/products';
import { Decimal } from 'decimal.js';
import type { ConfigurationRow, ProductRow } from './products.repository.ts';

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Face values are NUMERIC(19,4); shown with 2 decimals like every euro amount. */
export const moneyText = (v: string) => new Decimal(v).toFixed(2);

export function productImageUrl(fileId: string | null): string | null {
  return fileId ? `/api/product_image/${fileId}` : null;
}

/** `assigned`: the platform's product, assigned to the viewing reseller (read-only for it). */
export function toProductView(p: ProductRow, configurationCount: number, assigned: boolean): ProductView {
  return {
    product_id: p.id,
    product_name: p.productName,
    product_type: p.productType as ProductType,
    pin_length: p.pinLength,
    customer_care: p.customerCare,
    instructions: p.instructions,
    product_image: productImageUrl(p.productImage),
    is_configuration: bit(p.isConfiguration),
    is_active: bit(p.isActive),
    owner_customer_id: p.ownerCustomerId,
    assigned: bit(assigned),
    configuration_count: configurationCount,
    created_at: p.createdAt.toISOString(),
  };
}

export function toConfigurationView(c: ConfigurationRow): ConfigurationView {
  return { id: c.id, product_id: c.productId, value: moneyText(c.value), info: c.info, is_active: bit(c.isActive) };
}
