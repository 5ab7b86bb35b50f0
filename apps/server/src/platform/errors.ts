import { type ApiErrorBody, type ErrorCode, errorStatus, type FieldError } from '@app/shared/platform/errors';
import { toFieldErrors } from '@app/shared/platform/validation';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';

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

/**
 * The developer English sent as `message` for each code when the thrower gave none. A Record over
 * every code, so a new code without a message does not compile (the web app shows errors.<CODE>).
 */
const messages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is invalid',
  ACTING_AS_INVALID: 'The Acting-As header is not a valid company id',
  TOKEN_INVALID: 'The token is invalid, used or expired',
  UNAUTHENTICATED: 'Not signed in',
  FORBIDDEN: 'Not allowed',
  CROSS_SITE_REQUEST: 'Unsafe requests from another site are refused',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'No such route',
  COMPANY_NOT_FOUND: 'Company not found',
  COMPANY_USER_NOT_FOUND: 'Company user not found',
  POST_NOT_FOUND: 'Post not found',
  COMPANY_PRODUCT_NOT_FOUND: 'Company product not found',
  ORDER_LINE_NOT_FOUND: 'Order line not found',
  ORDER_NOT_FOUND: 'Order or product request not found',
  ORDER_QUESTION_NOT_FOUND: 'No such question on this order',
  DRAWING_NOT_FOUND: 'Drawing not found',
  DRAWING_VERSION_NOT_FOUND: 'Drawing version not found',
  DRAWING_COMMENT_NOT_FOUND: 'Drawing comment not found',
  NOTIFICATION_NOT_FOUND: 'Notification not found',
  ROLE_NOT_FOUND: 'Role not found',
  ARTICLE_NOT_FOUND: 'Article not found',
  SYNC_RUN_NOT_FOUND: 'Synchronisation run not found',
  PRODUCT_NOT_FOUND: 'Product not found',
  ATTRIBUTE_NOT_FOUND: 'Attribute not found',
  ROBOX_MATERIAL_NOT_FOUND: 'Robox material not found',
  ROBOX_CATEGORY_NOT_FOUND: 'Robox material category not found',
  MEDIA_NOT_FOUND: 'File not found',
  METHOD_NOT_ALLOWED: 'Method not allowed on this route',
  STALE_VERSION: 'The record was changed since the given version; reload it',
  CONFLICT: 'The change conflicts with existing data',
  REFERENCE_IN_USE: 'The record is still referenced and cannot be removed',
  ROLE_SLUG_TAKEN: 'A role with this slug already exists',
  ROLE_IN_USE: 'The role is still assigned to employees',
  ROLE_SELF_LOCKOUT: 'You cannot remove your own right to manage roles',
  ARTICLE_SYNC_RUNNING: 'An article synchronisation is already running',
  PRODUCT_EXISTS_FOR_ARTICLE: 'A product already exists for this article',
  ATTRIBUTE_IN_USE: 'The attribute is still used by products',
  ROBOX_CATEGORY_IN_USE: 'The category still holds materials',
  ROBOX_MATERIAL_IN_USE: 'The material is still linked to products',
  FILE_NOT_FOUND: 'File not found',
  PROJECT_NOT_FOUND: 'Project not found',
  AREA_NOT_FOUND: 'Area not found',
  TASK_NOT_FOUND: 'Task not found',
  SUBTASK_NOT_FOUND: 'Sub-task not found',
  TICKET_NOT_FOUND: 'Ticket not found',
  TEMPLATE_NOT_FOUND: 'Template not found',
  TEMPLATE_APPLICATION_NOT_FOUND: 'Template application not found',
  TIMELINE_TASK_NOT_FOUND: 'Timeline item not found',
  PLANNER_ENTRY_NOT_FOUND: 'Planner entry not found',
  PROJECT_DELETED: 'The project is deleted; restore it first',
  PROJECT_ARCHIVED: 'The project is archived already',
  PROJECT_NOT_ARCHIVED: 'The project is neither archived nor deleted',
  COMPANY_ARCHIVED: 'The company is archived',
  COMPANY_NOT_ARCHIVED: 'The company is not archived',
  INVITATION_ACCEPTED: 'The invitation was accepted already',
  AREA_COMPLETED: 'The area is completed already',
  AREA_OPEN: 'The area is open already',
  TASK_COMPLETED: 'The task is completed already',
  TASK_NOT_COMPLETED: 'The task is not completed',
  TASK_HAS_OPEN_TICKET: 'The task has an open ticket; close the ticket first',
  SUBTASK_CLOSED: 'The sub-task is closed already',
  SUBTASK_OPEN: 'The sub-task is open already',
  TICKET_CLOSED: 'The ticket is closed already',
  TICKET_OPEN: 'The ticket is open already',
  TEMPLATE_APPLY_RUNNING: 'A template is being applied to this project already; wait until it has finished',
  TEMPLATE_EMPTY: 'The project has no decks or areas to save as a template',
  REQUEST_ALREADY_DECIDED: 'The product request was decided already',
  ORDER_NOT_EDITABLE: 'The order can only be edited while it is requested or in progress',
  ORDER_CLOSED: 'The order is declined or completed',
  ORDER_AWAITING_APPROVAL: 'A design version is waiting for the client already',
  ORDER_NOT_IN_PROGRESS: 'The order is not in progress',
  ORDER_NOT_AWAITING_APPROVAL: 'No design version is waiting for approval',
  ORDER_NOT_APPROVED: 'The design is not approved yet',
  ORDER_NOT_COMPLETED: 'Only a completed order can be reordered',
  DRAWING_PENDING: 'A version of this drawing is waiting for approval: no new version until it is decided',
  DRAWING_APPROVED: 'The drawing is approved: no new version',
  DRAWING_VERSION_LOCKED: 'An older version is read-only',
  DRAWING_VERSION_DECIDED: 'This version was decided already',
  DRAWING_AWAITS_STAFF: 'The company uploaded this version itself: staff decide it',
  DRAWING_HAS_DECISIONS: 'A version of this drawing was decided already: it can no longer be deleted',
  DRAWING_THREAD_RESOLVED: 'This thread is resolved already',
  DRAWING_THREAD_OPEN: 'This thread is open already',
  DRAWING_NOT_APPROVER: 'Only the named approvers can decide this drawing',
  DRAWING_ALREADY_APPROVED_BY_YOU: 'You approved this version already; it waits for the other approvers',
  ORDER_NOT_APPROVER: 'Only the named approvers can decide this design',
  ORDER_ALREADY_APPROVED_BY_YOU: 'You approved this design version already; it waits for the other approvers',
  EMPLOYEE_NOT_FOUND: 'Employee not found',
  SCHEDULE_NOT_FOUND: 'Schedule not found',
  BOOKED_HOURS_NOT_FOUND: 'Booked hours not found',
  DECLARATION_NOT_FOUND: 'Declaration not found',
  LEAVE_LINE_NOT_FOUND: 'Leave card line not found',
  SICK_PERIOD_NOT_FOUND: 'Sick period not found',
  HOUR_RULE_NOT_FOUND: 'Hour rule not found',
  COLLECTIVE_LEAVE_NOT_FOUND: 'Collective leave not found',
  LEAVE_REQUEST_NOT_FOUND: 'Leave request not found',
  LEAVE_TYPE_NOT_FOUND: 'Leave type not found',
  DECLARATION_CATEGORY_NOT_FOUND: 'Declaration category not found',
  PAYMENT_TYPE_NOT_FOUND: 'Payment type not found',
  OVERNIGHT_NOT_FOUND: 'Overnight stay not found',
  DOCUMENT_NOT_FOUND: 'Document not found',
  CONTRACT_NOT_FOUND: 'Contract not found',
  EXPORT_NOT_FOUND: 'Export not found',
  BULK_RUN_NOT_FOUND: 'Bulk action not found',
  BULK_TOO_MANY: 'Too many rows for one bulk action: narrow the filter',
  ARCHIVE_TOO_LARGE: 'The selected files make a ZIP of 4 GiB or more: select fewer',
  SELF_SERVICE_OFF: 'Your mobile settings do not allow this; ask HR',
  EMPLOYEE_DELETED: 'The employee is deactivated',
  EMPLOYEE_NOT_DELETED: 'The employee is active',
  EMPLOYEE_SELF: 'You cannot deactivate yourself',
  SCHEDULE_DATE_TAKEN: 'A schedule starts on that date already',
  HOURS_PERIOD_LOCKED: 'The period is locked: payroll has run',
  HOURS_DAY_FULL: 'More than 24 hours on one day',
  HOURS_WEEK_APPROVED: 'The week is approved: its hours are read only until an approver reopens it',
  TIMESHEET_STATE: 'The week is not in a state this decision starts from (someone decided it meanwhile)',
  TIMESHEET_OWN_WEEK: 'Nobody approves or sends back their own week',
  DECLARATION_ALREADY_DECIDED: 'The declaration was decided already',
  SICK_OVERLAP: 'The person is already sick in this period',
  LEAVE_TYPE_INACTIVE: 'The leave type is not active',
  LEAVE_TYPE_IN_USE: 'The leave type is in use: deactivate it instead',
  LEAVE_OVERLAP: 'Leave is already requested on one of these days',
  LEAVE_NO_HOURS: 'The request takes no hours: no scheduled hours on these days',
  LEAVE_OVER_BALANCE: 'The request takes more hours than the balance holds',
  LEAVE_IN_PAST: 'Only leave that lies wholly in the future can be cancelled',
  LEAVE_REQUEST_DECIDED: 'The leave request was decided already',
  DECLARATION_NOT_APPROVED: 'Only an approved declaration can be marked paid',
  DECLARATION_NOT_EDITABLE: 'Only a submitted declaration can be changed',
  OVERNIGHT_ALREADY_DECIDED: 'The overnight stay was decided already',
  OVERNIGHT_NOT_EDITABLE: 'Only a submitted overnight stay can be changed',
  PLANNER_CONFLICT: 'The person is away, off or planned then: send confirm to plan anyway',
  IDEMPOTENCY_IN_PROGRESS: 'A request with this Idempotency-Key is still being handled; retry shortly',
  EXPORT_NOT_READY: 'The export is not finished',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  MEDIA_TYPE_NOT_ALLOWED: 'The file is not an accepted image (JPEG, PNG or WebP whose bytes match its extension)',
  CSRF_TOKEN_MISMATCH: 'CSRF token mismatch',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used for another request; send a new key',
  LOGIN_FAILED: 'These credentials do not match our records',
  RATE_LIMITED: 'Too many requests; retry later',
  LOGIN_THROTTLED: 'Too many sign-in attempts; retry after the Retry-After seconds',
  INTERNAL: 'Something went wrong',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable',
};

/** The one error body: code, a readable developer message, the request id and any field errors or details. */
export function errorBody(req: FastifyRequest, err: AppError): ApiErrorBody {
  const body: ApiErrorBody = {
    code: err.code,
    message: err.message !== err.code && err.message !== '' ? err.message : messages[err.code],
    requestId: String(req.id),
  };
  if (err.fieldErrors) body.fieldErrors = err.fieldErrors;
  if (err.details) body.details = err.details;
  return body;
}

// Postgres error codes that are the caller's fault rather than ours.
const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
/** An ON DELETE RESTRICT reference (a product or article on an order line). */
const PG_RESTRICT = '23001';
const PG_SERIALIZATION = '40001';
const PG_DEADLOCK = '40P01';
/** lock_not_available: a lock wait past lock_timeout. */
const PG_LOCK_NOT_AVAILABLE = '55P03';

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

/** A foreign key refused the write (SQLSTATE 23503): the row it points at is gone, or rows still point at the one deleted. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgCode(err) === PG_FOREIGN_KEY;
}

/**
 * A record the input refers to was removed between the service's check and its write, and the
 * foreign key refused the write: VALIDATION_FAILED, as if the check had seen it gone. Anything
 * else is answered unchanged, so a service writes `.catch((err) => { throw raced(err); })`.
 */
export function raced(err: unknown): unknown {
  if (isForeignKeyViolation(err)) return new AppError('VALIDATION_FAILED', { message: 'A referenced record no longer exists' });
  return err;
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
      return new AppError('PAYLOAD_TOO_LARGE');
    // Too many parts is a rule about the form, not about size (an upload route names its own maximum).
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION_FAILED', {
        message: 'Too many parts in the multipart body',
        fieldErrors: { _: { code: 'too_many' } },
      });
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
  // A restart or a cut connection is not the request's fault and passes: 503 tells clients and
  // load balancers to retry, where a 500 would read as a bug. The socket errors
  // it recognises come from the file storage (S3) too when that is down: the same answer fits.
  if (isDatabaseUnavailable(err)) {
    return new AppError('SERVICE_UNAVAILABLE', {
      message: 'A service the app depends on is unavailable; retry shortly',
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      details: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
    });
  }
  const pg = pgCode(err);
  // A lock waited for longer than lock_timeout (db/client.ts): someone else is changing the same
  // record right now, many times over (a hot row). Busy, not broken: retry in a moment.
  if (pg === PG_LOCK_NOT_AVAILABLE) {
    return new AppError('SERVICE_UNAVAILABLE', {
      message: 'The record is busy; retry in a moment',
      headers: { 'retry-after': '1' },
      details: { retryAfter: 1 },
    });
  }
  if (pg === PG_UNIQUE || pg === PG_SERIALIZATION || pg === PG_DEADLOCK) return new AppError('CONFLICT');
  if (pg === PG_FOREIGN_KEY || pg === PG_RESTRICT) return new AppError('REFERENCE_IN_USE');
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
