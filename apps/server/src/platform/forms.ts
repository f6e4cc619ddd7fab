import { parse } from 'node:querystring';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { coerceForm } from '@portal/contract/coerce';
import type { FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './body-depth.ts';

/**
 * The spec's clients post form data; the web app posts JSON. Both reach the same zod schemas: form
 * bodies go through the contract's coercion once, here, before validation.
 */
export async function registerForms(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { parser: (s) => parse(s) });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: 5 * 1024 * 1024, files: 2, fields: 100 },
  });
  app.addHook('preValidation', async (req) => {
    const type = req.headers['content-type'] ?? '';
    if (!req.body || typeof req.body !== 'object') return;
    if (type.startsWith('application/x-www-form-urlencoded')) {
      req.body = coerceForm(shallow(req.body as Record<string, unknown>));
    } else if (type.startsWith('multipart/form-data')) {
      req.body = coerceForm(shallow(multipartValues(req.body as Record<string, unknown>)));
    }
  });
}

type Part = { type: 'field'; value: unknown } | { type: 'file' };

function multipartValues(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    const parts = (Array.isArray(v) ? v : [v]) as Part[];
    const values = parts.map((p) => (p.type === 'field' ? p.value : p));
    out[k] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** A form field's JSON (`filters`) is parsed by the coercion: its depth is held to the JSON bodies' limit first. */
function shallow(body: Record<string, unknown>): Record<string, unknown> {
  for (const v of Object.values(body)) {
    for (const text of Array.isArray(v) ? v : [v]) {
      if (typeof text === 'string' && nestsDeeperThan(text, MAX_BODY_DEPTH)) throw tooDeep();
    }
  }
  return body;
}
