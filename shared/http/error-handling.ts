import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isDatabaseUnavailable } from '../db/table/unavailable.ts';
import { AppError, ServiceUnavailable } from '../errors.ts';
import { apiRequestOf } from './api-request.ts';
import { errorResponse } from './respond.ts';

/** Long enough for DynamoDB to shed a throttle or for a restarted local emulator to listen again. */
const RETRY_AFTER_SECONDS = 2;

const INTERNAL = new AppError(500, [
  { name: 'generalErrors', reason: 'An unexpected error occurred. Quote the request id when reporting it.', code: 'InternalError' },
]);

/** An error for the log: name and message, and the stack when it is a defect to trace. */
const described = (error: unknown, withStack: boolean) =>
  error instanceof Error ? { name: error.name, message: error.message, ...(withStack ? { stack: error.stack } : {}) } : String(error);

/**
 * Turns every failure into the spec's error body. Registered first, so its onError runs
 * last, after the idempotency middleware has released its claim. An unavailable database is
 * a 503 with Retry-After; other unexpected errors are logged with their stack and answered
 * with a 500 that reveals nothing of the internals.
 */
export function errorHandling(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    name: 'errorHandling',
    onError: (request) => {
      const api = apiRequestOf(request.event);
      const error = request.error;
      if (error instanceof AppError) {
        request.response = errorResponse(error, api.requestId);
        return;
      }
      if (isDatabaseUnavailable(error)) {
        api.log.error('database unavailable', { error: described(error, false) });
        request.response = errorResponse(new ServiceUnavailable(RETRY_AFTER_SECONDS), api.requestId);
        return;
      }
      api.log.error('unexpected error', { error: described(error, true) });
      request.response = errorResponse(INTERNAL, api.requestId);
    },
  };
}
