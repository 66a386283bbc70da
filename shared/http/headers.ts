/** Headers more than one module names (request headers in lower case, as the event holds them). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const REQUEST_ID_HEADER = 'x-request-id';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
