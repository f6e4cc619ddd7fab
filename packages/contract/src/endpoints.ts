import type { z } from 'zod';
import { alertsEndpoints } from './alerts.ts';
import { assignmentsEndpoints } from './assignments.ts';
import { auditEndpoints, auditFiles } from './audit.ts';
import { authEndpoints, organisationsEndpoints, usersEndpoints } from './auth.ts';
import { bankingEndpoints, bankingUploads } from './banking.ts';
import { booksEndpoints, booksFiles } from './books.ts';
import { creditEndpoints, creditFiles } from './credit.ts';
import { customersEndpoints } from './customers.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { datevEndpoints, datevFiles } from './datev.ts';
import { devicesEndpoints } from './devices.ts';
import { directRechargeEndpoints } from './direct-recharge.ts';
import { dynamicProductsEndpoints } from './dynamic-products.ts';
import type { EndpointSchemas, FileSchemas, UploadSchemas } from './envelope.ts';
import { flixbusEndpoints, flixbusFiles } from './flixbus.ts';
import { giftCardsEndpoints } from './gift-cards.ts';
import { hardwareEndpoints, hardwareFiles, hardwareUploads } from './hardware.ts';
import { inventoryEndpoints } from './inventory.ts';
import { inventoryImportEndpoints, inventoryUploads } from './inventory-import.ts';
import { invoicesEndpoints, invoicesFiles } from './invoices.ts';
import { partnerKeysEndpoints } from './partner.ts';
import { platformDetailsEndpoints } from './platform-details.ts';
import { poolsEndpoints } from './pools.ts';
import { productsEndpoints, productsFiles, productsUploads } from './products.ts';
import { providerCataloguesEndpoints } from './provider-catalogues.ts';
import { providerDiscountsEndpoints } from './provider-discounts.ts';
import { providerSalesEndpoints } from './provider-sales.ts';
import { providerVatEndpoints } from './provider-vat.ts';
import { reclamationsEndpoints } from './reclamations.ts';
import { registrationsEndpoints } from './registrations.ts';
import { reportsEndpoints, reportsFiles } from './reports.ts';
import { searchEndpoints } from './search.ts';
import { sellingEndpoints, sellingFiles } from './selling.ts';
import { staffEndpoints } from './staff.ts';
import { stockReportsEndpoints } from './stock-reports.ts';
import { suppliersEndpoints } from './suppliers.ts';
import { terminalsEndpoints } from './terminals.ts';
import { topupCallbacks, topupEndpoints } from './topup.ts';
import { zReportEndpoints } from './z-report.ts';

/** Every domain's table as one: the server's routes are held to it by a test (decision 0100). */
export const endpoints = {
  ...alertsEndpoints,
  ...assignmentsEndpoints,
  ...auditEndpoints,
  ...authEndpoints,
  ...bankingEndpoints,
  ...booksEndpoints,
  ...creditEndpoints,
  ...customersEndpoints,
  ...dashboardEndpoints,
  ...datevEndpoints,
  ...devicesEndpoints,
  ...directRechargeEndpoints,
  ...flixbusEndpoints,
  ...dynamicProductsEndpoints,
  ...giftCardsEndpoints,
  ...hardwareEndpoints,
  ...inventoryEndpoints,
  ...inventoryImportEndpoints,
  ...invoicesEndpoints,
  ...organisationsEndpoints,
  ...partnerKeysEndpoints,
  ...platformDetailsEndpoints,
  ...poolsEndpoints,
  ...productsEndpoints,
  ...providerDiscountsEndpoints,
  ...providerSalesEndpoints,
  ...providerCataloguesEndpoints,
  ...providerVatEndpoints,
  ...reclamationsEndpoints,
  ...registrationsEndpoints,
  ...reportsEndpoints,
  ...searchEndpoints,
  ...sellingEndpoints,
  ...staffEndpoints,
  ...stockReportsEndpoints,
  ...suppliersEndpoints,
  ...terminalsEndpoints,
  ...topupEndpoints,
  ...zReportEndpoints,
  ...usersEndpoints,
} satisfies Record<string, EndpointSchemas>;

/** Every multipart call, held to the server's routes by the same test. */
export const uploads = {
  ...bankingUploads,
  ...hardwareUploads,
  ...inventoryUploads,
  ...productsUploads,
} satisfies Record<string, UploadSchemas>;

/** Every call that answers a file instead of the JSON envelope (the web fetches them through `saveFile`). */
export const files = {
  ...productsFiles,
  ...hardwareFiles,
  ...sellingFiles,
  ...invoicesFiles,
  ...booksFiles,
  ...creditFiles,
  ...auditFiles,
  ...reportsFiles,
  ...datevFiles,
  ...flixbusFiles,
} satisfies Record<string, FileSchemas>;

/** The calls a provider makes to us (its callbacks): JSON calls the web never makes, so apart from `endpoints`. */
export const callbacks = {
  ...topupCallbacks,
} satisfies Record<string, EndpointSchemas>;

/*
 * The types a client reads from the table. The web imports only these, never the schemas, so the
 * table costs its bundle nothing.
 */
type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
type Method<P extends EndpointPath> = Endpoints[P] extends { method: infer M } ? M : 'POST';
/** The paths called with a method (POST when the table names none). */
export type PathOf<M extends 'GET' | 'POST' | 'PATCH' | 'DELETE'> = {
  [P in EndpointPath]: Method<P> extends M ? P : never;
}[EndpointPath];
/** What a call sends: its body, or for a GET or DELETE its query. */
export type EndpointInput<P extends EndpointPath> = Endpoints[P] extends { body: z.ZodType }
  ? z.input<Endpoints[P]['body']>
  : Endpoints[P] extends { query: z.ZodType }
    ? z.input<Endpoints[P]['query']>
    : undefined;
export type EndpointParams<P extends EndpointPath> = Endpoints[P] extends { params: z.ZodType }
  ? z.input<Endpoints[P]['params']>
  : undefined;
/** The `data` of the call's answer. */
export type EndpointData<P extends EndpointPath> = z.output<Endpoints[P]['data']>;

type Uploads = typeof uploads;
export type UploadPath = keyof Uploads;
/** The multipart paths sent with a method (POST when the table names none). */
export type UploadPathOf<M extends 'POST' | 'PATCH'> = {
  [P in UploadPath]: (Uploads[P] extends { method: infer N } ? N : 'POST') extends M ? P : never;
}[UploadPath];
type UploadBody<P extends UploadPath> = z.input<Uploads[P]['body']>;
type UploadValues<P extends UploadPath> = z.output<Uploads[P]['body']>;
/**
 * What an upload sends: the body's fields, with the file as a `File` (the field the body leaves as it comes,
 * `z.unknown()`, is the file part). Form data carries the other fields as text; the server coerces them back.
 */
export type UploadInput<P extends UploadPath> = {
  [K in keyof UploadBody<P>]: K extends keyof UploadValues<P>
    ? unknown extends UploadValues<P>[K]
      ? File | null
      : UploadBody<P>[K]
    : UploadBody<P>[K];
};
export type UploadParams<P extends UploadPath> = Uploads[P] extends { params: z.ZodType }
  ? z.input<Uploads[P]['params']>
  : undefined;
export type UploadData<P extends UploadPath> = z.output<Uploads[P]['data']>;
