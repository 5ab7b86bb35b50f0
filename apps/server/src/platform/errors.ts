import { type ApiErrorBody, type ErrorCode, errorStatus, type FieldError } from '@app/shared/platform/errors';
import { toFieldErrors } from '@app/shared/platform/validation';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type the application throws; the code decides the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, FieldError> | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      message?: string;
      fieldErrors?: Record<string, FieldError>;
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(opts.message ?? code);
    this.code = code;
    this.fieldErrors = opts.fieldErrors;
    this.details = opts.details;
    this.headers = opts.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A 400 for one field, for rules the schema cannot express (a common password, a taken slug). */
export function fieldError(field: string, code: string, params?: FieldError['params']): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `Invalid ${field}`,
    fieldErrors: { [field]: params ? { code, params } : { code } },
  });
}

const messages: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'The request is invalid',
  UNAUTHENTICATED: 'Not signed in',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'No such route',
  CSRF_TOKEN_MISMATCH: 'CSRF token mismatch',
  INTERNAL: 'Something went wrong',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
};

export function errorBody(req: FastifyRequest, err: AppError): ApiErrorBody {
  const body: ApiErrorBody = {
    code: err.code,
    message: err.message !== err.code ? err.message : (messages[err.code] ?? err.code),
    requestId: String(req.id),
  };
  if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
  if (err.details) body.details = err.details;
  return body;
}

// Postgres error codes that are the caller's fault rather than ours.
const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
const PG_SERIALIZATION = '40001';
const PG_DEADLOCK = '40P01';

/** The PostgreSQL SQLSTATE of an error (or of its cause), if it is one. */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a PostgreSQL error names (or its cause names), if any. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps anything thrown to an AppError; unknown errors become INTERNAL and keep their detail out of the body (I6). */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError & { statusCode?: number };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map(
      (v) =>
        ({
          ...v.params,
          code: v.keyword,
          message: v.message ?? '',
          // The root arrives as '/', which would make an unknown top-level key '.key' and a root problem ''.
          path: v.instancePath.split('/').filter((seg) => seg !== ''),
        }) as unknown as Parameters<typeof toFieldErrors>[0][number],
    );
    const where = (err as { validationContext?: string }).validationContext;
    const fieldErrors = toFieldErrors(issues);
    // Problems in params or query are reported under their location so they never look like form fields.
    const prefixed =
      where && where !== 'body'
        ? Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [`${where}.${k}`, v]))
        : fieldErrors;
    return new AppError('VALIDATION_FAILED', { fieldErrors: prefixed });
  }
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    // A body whose length differs from its Content-Length is malformed, not of the wrong type.
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('VALIDATION_FAILED', { message: 'Malformed request' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_VALIDATION':
      return new AppError('VALIDATION_FAILED', { message: 'Malformed request body' });
  }
  if (fe?.statusCode === 400 || (err instanceof SyntaxError && fe?.statusCode === undefined && 'body' in fe)) {
    return new AppError('VALIDATION_FAILED', { message: 'Malformed request' });
  }
  if (fe?.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (fe?.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (fe?.statusCode === 404) return new AppError('ROUTE_NOT_FOUND');
  if (fe?.statusCode === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (fe?.statusCode === 503) return new AppError('SERVICE_UNAVAILABLE');
  const pg = pgCode(err);
  if (pg === PG_UNIQUE || pg === PG_SERIALIZATION || pg === PG_DEADLOCK) return new AppError('CONFLICT');
  if (pg === PG_FOREIGN_KEY) return new AppError('REFERENCE_IN_USE');
  return new AppError('INTERNAL');
}

/**
 * Sends the one error shape. The body is serialised here, not by the route's response schema for
 * that status: a route that declares its own 503 body (health) would otherwise fail to serialise
 * an AppError and answer a 500 that names Fastify internals.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .serializer((body: unknown) => JSON.stringify(body))
    .send(errorBody(req, err));
}
