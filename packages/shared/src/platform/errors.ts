/**
 * The one error shape every API answer uses, and the table from code to HTTP status. The web app
 * translates `code` (errors.<CODE> in its catalogues) and maps `fieldErrors` onto form fields; it
 * never shows `message`, which is developer English.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  ACTING_AS_INVALID: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  COMPANY_USER_NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  COMPANY_PRODUCT_NOT_FOUND: 404,
  ORDER_LINE_NOT_FOUND: 404,
  NOTIFICATION_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  ARTICLE_NOT_FOUND: 404,
  SYNC_RUN_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  ATTRIBUTE_NOT_FOUND: 404,
  ROBOX_MATERIAL_NOT_FOUND: 404,
  ROBOX_CATEGORY_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  AREA_NOT_FOUND: 404,
  TASK_NOT_FOUND: 404,
  SUBTASK_NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  TEMPLATE_APPLICATION_NOT_FOUND: 404,
  TIMELINE_TASK_NOT_FOUND: 404,
  PLANNER_ENTRY_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  STALE_VERSION: 409,
  CONFLICT: 409,
  REFERENCE_IN_USE: 409,
  ROLE_SLUG_TAKEN: 409,
  ROLE_IN_USE: 409,
  ROLE_SELF_LOCKOUT: 409,
  ARTICLE_SYNC_RUNNING: 409,
  PRODUCT_EXISTS_FOR_ARTICLE: 409,
  ATTRIBUTE_IN_USE: 409,
  ROBOX_CATEGORY_IN_USE: 409,
  ROBOX_MATERIAL_IN_USE: 409,
  PROJECT_DELETED: 409,
  PROJECT_ARCHIVED: 409,
  PROJECT_NOT_ARCHIVED: 409,
  COMPANY_ARCHIVED: 409,
  COMPANY_NOT_ARCHIVED: 409,
  INVITATION_ACCEPTED: 409,
  AREA_COMPLETED: 409,
  AREA_OPEN: 409,
  TASK_COMPLETED: 409,
  TASK_NOT_COMPLETED: 409,
  TASK_HAS_OPEN_TICKET: 409,
  SUBTASK_CLOSED: 409,
  SUBTASK_OPEN: 409,
  TICKET_CLOSED: 409,
  TICKET_OPEN: 409,
  TEMPLATE_APPLY_RUNNING: 409,
  TEMPLATE_EMPTY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MEDIA_TYPE_NOT_ALLOWED: 415,
  CSRF_TOKEN_MISMATCH: 419,
  LOGIN_FAILED: 422,
  RATE_LIMITED: 429,
  LOGIN_THROTTLED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const ERROR_CODES = Object.keys(errorStatus) as ErrorCode[];

/** A field's problem: a code the web app translates (validation.<code>) and its parameters. */
export interface FieldError {
  code: string;
  params?: Record<string, string | number>;
}

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  requestId: string;
  fieldErrors?: Record<string, FieldError>;
  /** Extra facts for the client, e.g. retryAfter seconds for 429. */
  details?: Record<string, unknown>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in errorStatus;
}
