/** Business constants and limits of spec section 9. */
export const LIMITS = {
  pageSize: 20,
  smallTablePageSize: 5,
  productPageSize: 20,
  singleProductPageSize: 10,
  inventoryPageSize: 10,
  reportCustomersPageSize: 10,
  maxPageSize: 100,
  pageButtons: 9,
  compressPagesFrom: 13,
  maxSingleStepPurchase: 20,
  clientSplitPurchaseUpTo: 30,
  maxPurchaseQuantity: 1500,
  maxPinsPerImport: 1500,
  passwordMinLength: 8,
  starredPages: 10,
  authRecheckMs: 15_000,
  inactivityMs: 10_800_000,
  chunkLoadTimeoutMs: 120_000,
} as const;

export const BREAKPOINTS = { xs: 640, sm: 768, md: 1024, lg: 1280, xl: 1536 } as const;

/** Template primary colours (spec section 9); template 5 adds a pale background. */
export const TEMPLATE_COLOURS = ['#00a1f1', '#00a1f1', '#7cbb00', '#17252a', '#2f1c6d', '#085396'] as const;
export type Template = 0 | 1 | 2 | 3 | 4 | 5;

export const LANGUAGES = ['de', 'en', 'tr', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
