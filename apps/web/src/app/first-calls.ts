import type { EndpointInput, PathOf } from '@portal/contract/endpoints';
import type { ScreenPath } from '@portal/contract/screens';

/**
 * A call exactly as the api client sends it: method, path (with any query) and body. The HTML's boot script starts
 * these before the app's code has loaded; the api client takes each answer instead of asking again
 * (`lib/early-answers.ts`). A call listed here that the screen does not make costs one request, nothing more.
 */
export interface FirstCall {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

const get = (path: PathOf<'GET'>): FirstCall => ({ method: 'GET', path });
// The api client POSTs `{}` for a call without a body.
const post = <P extends PathOf<'POST'>>(path: P, body?: EndpointInput<P>): FirstCall => ({
  method: 'POST',
  path,
  body: body ?? {},
});

/** Every signed-in screen's: the user details and the bell's notices (the organisation's is the boot script's own). */
export const SIGNED_IN_CALLS: FirstCall[] = [post('/auth_check/'), get('/view_notices/')];

/**
 * The calls a screen's first render makes at its default filters (an address without a query), as its queries send
 * them, for the screens users open first. `e2e/first-load.spec.ts` holds each screen to its list.
 */
export const FIRST_CALLS = {
  '/': [get('/get_sales_dashboard/')],
  '/dashboard': [
    post('/view_seller_products_v2/'),
    get('/seller_dashboard/'),
    get('/dynamic_balance/'),
    get('/get_sales_dashboard/'),
  ],
  '/cashcards/': [post('/view_seller_products_v2/', { product_type: 'cash_card' }), get('/dynamic_balance/')],
  '/giftcards/': [post('/view_seller_products_v2/', { product_type: 'gift_card' }), get('/dynamic_balance/')],
  '/seller/sales': [
    post('/get_sales_report_2_with_customer_id/', { page: 1, limit: 20 }),
    post('/get_sales_report_counters/'),
  ],
  '/customers/view': [post('/view_customers/', { page: 1, limit: 20, is_active: 1 })],
  '/products/view': [post('/view_products/', { view_type: 0, page: 1, total_items: 20, filters: {} })],
} satisfies Partial<Record<ScreenPath, FirstCall[]>>;
