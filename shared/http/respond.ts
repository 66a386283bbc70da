import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AppError } from '../errors.ts';
import { FileBody } from '../exports/file-body.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** 200 (202 for work accepted to be done later) with the JSON body, a file (an export) as an attachment, or an empty body when the operation returns nothing (the closes). */
export function ok(body: unknown, headers: Record<string, string> = {}, statusCode: 200 | 202 = 200): APIGatewayProxyStructuredResultV2 {
  if (body === null || body === undefined) return { statusCode, headers, body: '' };
  if (body instanceof FileBody) {
    const disposition = { 'content-type': body.contentType, 'content-disposition': `attachment; filename="${body.fileName}"` };
    return { statusCode: 200, headers: { ...disposition, ...headers }, body: body.bytes.toString('base64'), isBase64Encoded: true };
  }
  return { statusCode, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

/** The spec's error body `{status, errors}`, plus the request id so a report can be traced in the logs. */
export function errorResponse(error: AppError, requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: error.status,
    headers: { ...JSON_TYPE, ...error.headers },
    body: JSON.stringify({ status: error.status, errors: error.items, requestId }),
  };
}
