import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '../errors.ts';
import { apiRequestOf } from './api-request.ts';
import { errorResponse } from './respond.ts';

const INTERNAL = new AppError(500, [
  { name: 'generalErrors', reason: 'An unexpected error occurred. Quote the request id when reporting it.', code: 'InternalError' },
]);

/**
 * Turns every failure into the spec's error body. Registered first, so its onError runs
 * last, after the idempotency middleware has released its claim. Unexpected errors are
 * logged with their stack and answered with a 500 that reveals nothing of the internals.
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
      api.log.error('unexpected error', {
        error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      });
      request.response = errorResponse(INTERNAL, api.requestId);
    },
  };
}
