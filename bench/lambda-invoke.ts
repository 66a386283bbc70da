import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { lambdaContext } from '../infra/local/lambda-context.ts';
import type { RouteHandler } from '../shared/http/lambda-handler.ts';

/**
 * Calls a route's handler in this process as API Gateway (HTTP API, payload 2.0) would, without
 * the local gateway's HTTP hop: the benchmark times the handler's DynamoDB calls, not a socket.
 */
export interface Invocation {
  params: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export function apiEvent(handler: RouteHandler, authorization: string, { params, body, query, headers = {} }: Invocation): APIGatewayProxyEventV2 {
  const template = handler.route.path;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  const method = handler.route.methods[0]!;
  const requestId = randomUUID();
  const now = Date.now();
  const allHeaders = { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers };
  return {
    version: '2.0',
    routeKey: `${method} ${template}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: allHeaders,
    ...(query ? { queryStringParameters: query } : {}),
    pathParameters: params,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'bench',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId,
      routeKey: `${method} ${template}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    isBase64Encoded: false,
  };
}

/** Invokes the handler; its status and parsed body. */
export async function invoke(handler: RouteHandler, authorization: string, invocation: Invocation): Promise<{ status: number; body: any }> {
  const event = apiEvent(handler, authorization, invocation);
  const result: APIGatewayProxyStructuredResultV2 = await handler(event, lambdaContext(event.requestContext.requestId));
  return { status: result.statusCode ?? 200, body: typeof result.body === 'string' && result.body ? JSON.parse(result.body) : undefined };
}
