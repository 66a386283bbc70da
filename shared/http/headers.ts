/** Response headers more than one module names. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const REQUEST_ID_HEADER = 'x-request-id';
