import { z } from 'zod';
import type { EndpointSchemas } from './envelope.ts';
import { RULES } from './rules.ts';
import type { ScreenPath } from './screens.ts';

/**
 * Find anything (issue 39): the header's search. One call looks through every kind of record the caller may open a
 * screen of, within the rows that screen shows it (decision 0063, "Find anything"); each hit names the screen it
 * opens, so the web app only follows it.
 */
export const SEARCH_KINDS = [
  'customer',
  'user',
  'sale',
  'provider_sale',
  'invoice',
  'reclamation',
  'bank_record',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What of the record the text matched: ids, serials, phone numbers, PINs and invoice numbers match whole only. */
export const SEARCH_MATCHES = ['id', 'name', 'username', 'serial', 'pin', 'phone', 'number', 'text'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/** Any text is looked up as an id or a whole number; names are matched on a part of two characters or more. */
export const SEARCH_MIN_TEXT_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Hits per kind: the header shows a short list, the screen it opens the rest. */
export const SEARCH_HITS_PER_KIND = 5;

export const searchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  /** The record's name or number as its screen shows it. */
  label: z.string(),
  /** A second line: the shop (and a top-up's number), the customer, the payment's purpose; never a PIN. */
  detail: z.string().nullable(),
  /** A sale's face value, a document's gross total, a bank line's amount (decimal, euro); the web app formats it. */
  amount: z.string().nullable(),
  /** When: the sale, the document's issue, the claim, the booking day (ISO). */
  at: z.string().nullable(),
  match: z.enum(SEARCH_MATCHES),
  /** The screen (its route pattern in SCREENS) and the address that opens the record on it. */
  screen: z.string(),
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHit> & { screen: ScreenPath };

export const searchResult = z.object({ hits: z.array(searchHit) });
export type SearchResult = z.infer<typeof searchResult>;

export const searchEndpoints = {
  // Every signed-in user may search: what it finds is what the screens it may open show (the service).
  '/search/': { method: 'GET', query: searchQuery, data: searchResult, rule: RULES.all },
} satisfies Record<string, EndpointSchemas>;
