import { ROLE } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import type { FlixbusBookingStatus, FlixbusBookingTrip } from '../../db/schema/flixbus.ts';
import type { ProviderSaleStatus } from '../../db/schema/topup.ts';
import { visibleSales } from '../../db/scopes.ts';
import type { Viewer } from '../../platform/actor.ts';

/** One provider sale with whose it is, and what its kind adds: a bus ticket's booking, a soft pin's stored PIN. */
export type ProviderSaleDetailsRow = {
  id: number;
  provider: string;
  external_id: string;
  customer_id: number;
  customer_name: string;
  mask_seller_discount: boolean;
  sold_by: number;
  username: string;
  product_id: number;
  product_name: string;
  operator_name: string;
  country_iso_code: string;
  mobile_number: string;
  face_value: string;
  face_currency: string;
  retail_price: string;
  seller_price: string;
  status: ProviderSaleStatus;
  provider_status: string | null;
  operator_reference: string | null;
  created_at: Date;
  final_at: Date | null;
  booking: {
    id: number;
    status: FlixbusBookingStatus;
    trip: FlixbusBookingTrip;
    seats: number;
    seat_numbers: number[];
    ebikes: number;
    passengers: { first_name: string; last_name: string }[];
  } | null;
  soft_pin_type: string | null;
  pin_ciphertext: Buffer | null;
  pin_serial: string | null;
};

/** The SQL of one provider sale's details, scoped like the sales of PINs. */
export function createProviderSaleDetailsRepository(db: Db) {
  return {
    /**
     * The sale if the viewer may see it (`visibleSales` over the provider sales; the platform's users only its own
     * platform's), else undefined.
     */
    async findVisible(saleId: number, viewer: Viewer): Promise<ProviderSaleDetailsRow | undefined> {
      const platformOnly =
        viewer.account_role === ROLE.superadmin ? sql`and s.platform_id = ${viewer.customerId}` : sql``;
      const { rows } = await db.execute<ProviderSaleDetailsRow>(sql`
        select s.id, s.provider, s.external_id, s.customer_id, shop.name as customer_name, shop.mask_seller_discount,
          s.user_id as sold_by, u.username, s.product_id, s.product_name, s.operator_name, s.country_iso_code,
          s.mobile_number, s.face_value::text, s.face_currency, s.retail_price::text, s.seller_price::text, s.status,
          s.provider_status, s.operator_reference, s.created_at, s.final_at,
          case when b.id is null then null else json_build_object(
            'id', b.id, 'status', b.status, 'trip', b.trip, 'seats', b.seats, 'seat_numbers', b.seat_numbers,
            'ebikes', b.ebikes, 'passengers', b.passengers) end as booking,
          dp.product_type as soft_pin_type, sp.pin_ciphertext, sp.serial as pin_serial
        from (select ps.*, ps.sold_by as user_id from provider_sales ps where ps.id = ${saleId}) s
        join customers shop on shop.id = s.customer_id
        join users u on u.id = s.user_id
        left join flixbus_bookings b on s.provider = 'flixbus' and b.id = s.product_id
        left join dynamic_products dp on s.provider = 'softpin' and dp.id = s.operator_id
        left join soft_pins sp on sp.sale_id = s.id
        where ${visibleSales(viewer)} ${platformOnly}`);
      const row = rows[0];
      if (!row) return undefined;
      return {
        ...row,
        created_at: new Date(row.created_at),
        final_at: row.final_at === null ? null : new Date(row.final_at),
      };
    },
  };
}
export type ProviderSaleDetailsRepository = ReturnType<typeof createProviderSaleDetailsRepository>;
