import type { EndpointPath, UploadPath } from './endpoints.ts';

type Path = EndpointPath | UploadPath;

/**
 * Every call that changes stored records in place. Each changes exactly the fields its body names, so no
 * body here has a default: with zod, a default inside `.partial()` still applies, and an absent field would
 * be written (a renamed shop lost its credit limit that way). `edits.test.ts` holds the endpoint table to it.
 */
export const EDIT_ENDPOINTS = [
  '/edit_customer/',
  '/update_customer_status/',
  '/update_customer_extra_details/',
  '/update_customer_remarks/',
  '/update_customer_api_details/',
  '/update_customer_otp_type/',
  '/update_auto_credit/',
  '/update_platform_details/',
  '/update_shop_open_timings/',
  '/update_support_id/',
  '/update_settings/',
  '/update_favourites/',
  '/update_internal_permission/',
  '/staff_assign/',
  '/update_configuration_slab/',
  '/add_update_delete_disable_pad/',
  '/view_update_super_admin_discounts/',
  '/api_discounts/',
  '/provider_discounts/',
  '/update_product_details/',
  '/update_gift_cards/',
  '/update_product_image/',
  '/update_batch_status/',
  '/set_low_stock_threshold/',
  '/save_dynamic_product/',
  '/add_update_delete_devices/',
  '/add_update_delete_assigned_devices/',
  '/activate_terminal_id/',
  '/hardware_category/update/:id/',
  '/hardware_product/update/:id/',
  '/hardware_orders/status/:id/',
  '/edit_supplier/',
  '/update_bank_record/',
  '/update_delete_bank_name_mapped_customer/',
] as const satisfies readonly Path[];

/** Paths whose names read like an edit (`edit`, `update`, `save_`, `set_`) but are not one, and why. */
export const NOT_EDITS = {
  '/add_customer_credit/': 'books a credit top-up: a new ledger entry ("credit" contains "edit")',
  '/view_auto_credit/': 'reads the auto-credit settings',
  '/view_auto_credit_ledger/': 'reads auto-credit requests',
  '/view_credit_logs/': 'reads the credit log',
  '/update_login_requests/': 'decides a pending sign-in: a one-way status change, not a record edit',
  '/set_password_step_one/': 'starts a password reset',
  '/set_password_step_two/': 'checks the reset code',
  '/set_password_step_three/': 'sets a new password from a reset: every field is required',
  '/update_password/': "changes the caller's password: every field is required",
  '/update_registration/': 'decides a registration: approve or reject',
  '/view_update_pool/': 'lists pools (the spec names the list so)',
  '/view_update_reclam_pins/': 'lists reclamations or moves one a step on: every field of a step is required',
  '/reset_favourites/': 'takes no body',
  '/update_datev_settings/':
    "replaces the issuer's whole DATEV settings: an absent start month or account means the default, never the old value",
  '/set_provider_vat_treatment/': 'appends a VAT treatment in force from now on: a new history entry, never an edit',
} as const satisfies Partial<Record<Path, string>>;

/** The words that make a path an edit candidate. */
export const EDIT_WORDS = /edit|update|save_|set_/;
