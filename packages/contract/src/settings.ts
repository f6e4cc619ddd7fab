import type { UserSettings } from './auth.ts';
import { DEFAULT_LANGUAGE } from './limits.ts';

// Zod-free on purpose: the sign-in page imports these, and zod would add ~25 KB gzip to it.
export const LAYOUTS = ['horizontal', 'vertical'] as const;
export const THEMES = ['light', 'dark'] as const;

/** A user's look and receipt settings before they change any (spec sections 1 and 9). */
export const DEFAULT_SETTINGS: UserSettings = {
  layout: 'horizontal',
  theme: 'light',
  language: DEFAULT_LANGUAGE,
  template: 0,
  show_print_popup: 1,
  merge_receipts: 0,
  download_csv: 0,
  starred_pages: [],
};
