import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Whether a failure means the database could not serve the request for now (unreachable,
 * timing out, throttling, or transactions still conflicting after their retries), as opposed
 * to a defect. Such failures are answered 503 with Retry-After, never 500.
 */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
]);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'UND_ERR_SOCKET']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  if (error instanceof TransactionCanceledException) {
    return (error.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError');
  }
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // fetch-style and aggregate errors carry the network error as their cause.
  const nested = [(error as { cause?: unknown }).cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  return nested.some((inner) => inner !== error && isDatabaseUnavailable(inner));
}
