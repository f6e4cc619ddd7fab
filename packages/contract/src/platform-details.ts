import { z } from 'zod';
import { addressPatch, customerLegalFields, customerName, image } from './customer-fields.ts';
import { customerDetails } from './customers.ts';
import type { EndpointSchemas } from './envelope.ts';
import { RULES } from './rules.ts';

/**
 * The platform's own invoice data (decision 0095): the data its invoices to resellers name as issuer. Nobody is
 * above the platform to edit it in the customer form, so its main superadmin account edits it on
 * `/platform-details`.
 */
export const platformDetails = customerDetails.pick({
  name: true,
  email: true,
  address: true,
  invoice_logo: true,
  invoice_header_image: true,
  invoice_footer_image: true,
  legal_name: true,
  vat_id: true,
  tax_number: true,
  legal_form: true,
  seat: true,
  economic_id: true,
  register_court: true,
  register_type: true,
  register_number: true,
  managing_directors: true,
  gln: true,
  iban: true,
  bic: true,
});
export type PlatformDetails = z.infer<typeof platformDetails>;

export const updatePlatformDetailsBody = z.object({
  name: customerName,
  email: z.email().nullable().optional(),
  address: addressPatch.optional(),
  invoice_logo: image.nullable().optional(),
  invoice_header_image: image.nullable().optional(),
  invoice_footer_image: image.nullable().optional(),
  ...customerLegalFields().shape,
});
export type UpdatePlatformDetailsBody = z.infer<typeof updatePlatformDetailsBody>;

export const platformDetailsEndpoints = {
  '/platform_details/': { method: 'GET', data: platformDetails, rule: RULES.platformDetails },
  '/update_platform_details/': { body: updatePlatformDetailsBody, data: platformDetails, rule: RULES.platformDetails },
} satisfies Record<string, EndpointSchemas>;
