import type { PageFilters } from '@portal/contract/envelope';
import { totalPages } from '@portal/contract/pagination';
import type { FastifyReply } from 'fastify';

/** A successful answer, typed as precisely as the route's response schema checks it. */
export interface Success<T> {
  message_type: 1;
  message: string;
  data: T;
  account_status: 1;
}

export function ok(): Success<undefined>;
export function ok<T>(data: T, message?: string): Success<T>;
export function ok<T>(data?: T, message = 'Success'): Success<T | undefined> {
  return { message_type: 1, message, data, account_status: 1 };
}

export interface PageRequest {
  page: number;
  limit: number;
}

export function offsetOf(p: PageRequest): number {
  return (p.page - 1) * p.limit;
}

/** A list page: `{ <items>: [...], filters: { page, limit, total_count, total_pages, ...applied } }`. */
export function page<K extends string, T>(
  key: K,
  items: T[],
  totalCount: number,
  p: PageRequest,
  applied: Record<string, unknown> = {},
): { [k in K]: T[] } & { filters: PageFilters & Record<string, unknown> } {
  return {
    [key]: items,
    filters: {
      ...applied,
      page: p.page,
      limit: p.limit,
      total_count: totalCount,
      total_pages: totalPages(totalCount, p.limit),
    },
  } as { [k in K]: T[] } & { filters: PageFilters & Record<string, unknown> };
}

/** A file (a CSV, a PDF) answered in place of the envelope, offered for download under `name`. */
export function sendFile(reply: FastifyReply, type: string, name: string, body: Buffer) {
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${name}"`).send(body);
}

/**
 * The answer of a call under a transaction key, first or replayed: its status and envelope are the ones
 * remembered with the key, so they are sent as they are; the route's response schemas still check them.
 */
export function sendKeyed(reply: FastifyReply, r: { status: number; answer: unknown }) {
  return reply.status(r.status).send(r.answer);
}

/** A yes/no as answers carry it (spec section 3: flags are 0 or 1). */
export const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);
