import { ERROR_STATUS, type ErrorCode, type FieldError } from '@portal/contract/envelope';
import type { ERROR_PARAMS, ErrorParams } from '@portal/contract/error-params';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

type Details<C extends ErrorCode> = {
  errors?: FieldError[];
  retry_after?: number;
  account_status?: 0;
} & (C extends keyof typeof ERROR_PARAMS ? { params: ErrorParams<C> } : { params?: Record<string, string | number> });

/**
 * The one error type: a code from the contract, a message for people, optional details. A code whose text names
 * parameters (contract `ERROR_PARAMS`) cannot be raised without them.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly details:
    | { errors?: FieldError[]; retry_after?: number; account_status?: 0; params?: Record<string, string | number> }
    | undefined;
  constructor(
    code: C,
    message: string,
    ...[details]: C extends keyof typeof ERROR_PARAMS ? [details: Details<C>] : [details?: Details<C>]
  ) {
    super(message);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);
export const forbidden = () => new AppError('forbidden', 'You are not authorized');

export function validationError(errors: FieldError[]): AppError {
  return new AppError('validation_failed', errors.map((e) => e.message).join('; '), { errors });
}

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  /** A contract refinement's own rule name (`params: { rule }`), which the web translates. */
  params?: unknown;
}

/** A refusal names the rule the web translates: a refinement's own `params.rule` (contract), else zod's code. */
function ruleOf(i: Issue): string {
  const named = typeof i.params === 'object' && i.params !== null && 'rule' in i.params ? i.params.rule : undefined;
  return typeof named === 'string' ? named : (i.code ?? 'invalid');
}

function fieldErrors(issues: Issue[]): FieldError[] {
  return issues.map((i) => {
    const field = i.path.map(String).join('.') || 'body';
    const message = i.message.startsWith(`${field}:`) ? i.message : `${field}: ${i.message}`;
    return { field, rule: ruleOf(i), message };
  });
}

/**
 * PostgreSQL's data exceptions that only a request's value causes: a number out of its column's range (22003), a
 * date or time it cannot hold (22007, 22008). The fuzz test of every route found ids past 2³¹ − 1 answering 500; the
 * schemas name their fields' formats, the database its columns' sizes, and this keeps the two from disagreeing in a 500.
 */
const OUT_OF_RANGE = new Set(['22003', '22007', '22008']);
const OUT_OF_RANGE_ERROR: FieldError = {
  field: 'body',
  rule: 'out_of_range',
  message: 'body: a value is out of the range the portal stores',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(
        // fastify-type-provider-zod keeps zod's code as the keyword and the rest of the issue as params.
        err.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'invalid',
          code: v.keyword,
          params: v.params.params,
        })),
      );
      return reply.status(422).send(envelopeOf(validationError(errors)));
    }
    if (err instanceof ZodError) return reply.status(422).send(envelopeOf(validationError(fieldErrors(err.issues))));
    if (err instanceof AppError) {
      if (err.details?.retry_after) reply.header('retry-after', String(err.details.retry_after));
      return reply.status(err.status).send(envelopeOf(err));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (status >= 500 && OUT_OF_RANGE.has(cause?.code ?? (err as { code?: string }).code ?? '')) {
      // A value the schema let through that the database cannot hold (an id past its integer column): the caller's.
      req.log.warn({ code: cause?.code ?? (err as { code?: string }).code }, 'request value out of range');
      return reply.status(422).send(envelopeOf(validationError([OUT_OF_RANGE_ERROR])));
    }
    if (status >= 500) {
      // The message's first line only: a failed query's message goes on with every bound parameter.
      const message = String(err.message ?? '').split('\n')[0];
      req.log.error({ err: { type: err.name, message, code: cause?.code, cause: cause?.message } }, 'request failed');
      return reply.status(500).send({ message_type: 0, message: 'Internal Server Error', code: 'internal' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
    return reply.status(status).send({ message_type: 0, message: err.message, code: 'bad_request' });
  });
}

function envelopeOf(err: AppError) {
  return { message_type: 0 as const, message: err.message, code: err.code, ...err.details };
}
