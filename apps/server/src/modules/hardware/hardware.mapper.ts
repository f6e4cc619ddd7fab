import {
  type HardwareCategory,
  type HardwareOrder,
  type HardwareProduct,
  hardwareOrder,
} from '@portal/contract/hardware';
import { moneyText } from '../../platform/money.ts';
import type { CategoryRow, OrderRow, ProductRow } from './hardware.repository.ts';

export const imageUrl = (fileId: string | null) => (fileId ? `/api/hardware_image/${fileId}` : null);

export function categoryOf(r: CategoryRow): HardwareCategory {
  return {
    category_id: r.id,
    category_name: r.name,
    description: r.description,
    image: imageUrl(r.imageFileId),
    product_count: r.productCount,
  };
}

export function productOf(r: ProductRow): HardwareProduct {
  return {
    product_id: r.id,
    category_id: r.categoryId,
    product_name: r.name,
    description: r.description,
    price: moneyText(r.price),
    stock: r.stock,
    image: imageUrl(r.imageFileId),
  };
}

export function orderOf(r: OrderRow): HardwareOrder {
  return {
    order_id: r.id,
    customer_id: r.customerId,
    customer_name: r.customerName,
    product_id: r.productId,
    product_name: r.productName,
    quantity: r.quantity,
    unit_price: moneyText(r.unitPrice),
    total: moneyText(r.total),
    status: hardwareOrder.shape.status.parse(r.status),
    remarks: r.remarks,
    ordered_by: r.orderedBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
