import { z } from 'zod';
import { noPayload } from '../../platform/jobs.ts';

/**
 * The payload of every provider's poll job: the sale to ask about and, for a sale the provider keeps pending, how
 * many looks it has had (the flow spaces them out). Each provider defines its own poll and sweep jobs with these
 * payloads in its `<provider>.job-defs.ts`: the queue names are the provider's, the shape is the engine's.
 */
export const providerSalePoll = z.object({ saleId: z.number().int(), watch: z.number().int().optional() });
export const providerSaleSweep = noPayload;
