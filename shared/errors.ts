/**
 * Typed failures raised by use cases and middleware. One middleware
 * (shared/http/error-response.ts) turns them into the spec's error body
 * `{status, errors:[{name, reason, code}]}`; nothing else builds error responses.
 */
export interface ErrorItem {
  /** The field path the error is about (`entries[3].accountId`), or `generalErrors`. */
  name: string;
  reason: string;
  code: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly items: ErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(items.map((i) => `${i.name}: ${i.reason}`).join('; '));
  }
}

const GENERAL = 'generalErrors';

/** 400: the request is malformed or a field breaks a rule. */
export class ValidationError extends AppError {
  constructor(items: Array<{ name: string; reason: string; code?: string }>) {
    super(400, items.map((i) => ({ name: i.name, reason: i.reason, code: i.code ?? 'ValidationError' })));
  }
  static field(name: string, reason: string, code?: string): ValidationError {
    return new ValidationError([{ name, reason, code }]);
  }
}

/** 401: no credentials, or credentials that are not valid (expired, badly signed, revoked). */
export class Unauthorized extends AppError {
  constructor(reason = 'A valid access token or API key is required, sent as the header Authorization: Bearer <token>.') {
    super(401, [{ name: GENERAL, reason, code: 'Unauthorized' }], { 'WWW-Authenticate': 'Bearer' });
  }
}

/** 403: authenticated, but the permission this operation needs is missing. */
export class Forbidden extends AppError {
  constructor(reason: string) {
    super(403, [{ name: GENERAL, reason, code: 'Forbidden' }]);
  }
}

/** 404: the record (or, for a field reference, the referenced record) does not exist for this caller. */
export class NotFound extends AppError {
  /** `wayOut`, where the service knows one: what to read or do instead. */
  constructor(what: string, name = GENERAL, wayOut?: string) {
    super(404, [{ name, reason: `${what} was not found${wayOut ? `: ${wayOut}` : ''}.`, code: 'NotFound' }]);
  }

  /** For `record ?? NotFound.throw('The journal')`. */
  static throw(what: string, name?: string, wayOut?: string): never {
    throw new NotFound(what, name, wayOut);
  }
}

/** 409 `Conflict`: a version mismatch, or an idempotency key whose first request is still running. */
export class VersionConflict extends AppError {
  constructor(reason = 'The record has changed since it was read; read it again and send the version that read answers (never the one sent here).') {
    super(409, [{ name: 'version', reason, code: 'Conflict' }]);
  }
}

export class IdempotencyInProgress extends AppError {
  constructor() {
    super(409, [
      { name: 'Idempotency-Key', reason: 'A request with this key is still in progress; wait a second or two and send it again with the same key.', code: 'Conflict' },
    ]);
  }
}

/**
 * 422: the Idempotency-Key was first used for another record under the same operation
 * (reversing journal A, then journal B with A's key). Replaying A's response would tell the
 * client that B's operation ran when it never did.
 */
export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(422, [
      { name: 'Idempotency-Key', reason: 'was already used for another record with this operation; use a new key for each operation.', code: 'IdempotencyKeyReused' },
    ]);
  }
}

/** 503: the database is unavailable or overloaded. Retrying after `Retry-After` is safe with the same Idempotency-Key. */
export class ServiceUnavailable extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      [{ name: 'generalErrors', reason: 'The service is temporarily unavailable; retry after the pause given in Retry-After, with the same Idempotency-Key where the endpoint takes one.', code: 'ServiceUnavailable' }],
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** 409 with a specific code: the record's state or relations refuse the operation (not a version problem). */
export class StateConflict extends AppError {
  constructor(code: string, reason: string, name = GENERAL) {
    super(409, [{ name, reason, code }]);
  }
}

/** Raised when an import job's claim or step moved: another worker holds it now; this one stops (imports/run-import.ts). */
export class ClaimLost extends StateConflict {
  constructor() {
    super('ImportMoved', 'Another worker took over this import.');
  }
}
