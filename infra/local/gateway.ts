import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler as notFound } from '../../functions/not-found.ts';
import { AppError, ValidationError } from '../../shared/errors.ts';
import { corsHeaders, preflightHeaders } from '../../shared/http/cors.ts';
import { REQUEST_ID_HEADER } from '../../shared/http/headers.ts';
import { errorResponse } from '../../shared/http/respond.ts';
import { ROUTES, routePaths, type Method, type Route } from '../../shared/routes.ts';
import { openApiText } from '../openapi.ts';
import { referenceAnswer, swaggerUiDir } from '../docs-page.ts';
import { lambdaContext } from './lambda-context.ts';
import { LambdaPool } from './lambda-pool.ts';
import { loadHandler } from './load-handler.ts';
import type { GatewayOptions } from './isolation.ts';

/**
 * The local stand-in for API Gateway (HTTP API, payload 2.0): matches a request against the
 * route table, builds the APIGatewayProxyEventV2 API Gateway would send (source IP included),
 * invokes the route's handler and writes its result back. Handlers run in this process (the
 * default: tests inject faults into this process's modules, and the benchmarks' limits
 * simulator sits in its client) or, with `isolation: 'environments'`, each invocation alone in
 * an execution environment of a LambdaPool, as Lambda runs them, so one request's CPU does not
 * hold up another's (LOCAL_ISOLATION=environments for npm start; bench/heavy-readers.ts).
 */

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
  template: string;
}

const compiled: CompiledRoute[] = ROUTES.flatMap((route) =>
  routePaths(route).map((template) => ({
    route,
    template,
    params: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}/?$`),
  })),
);

export function toEvent(req: IncomingMessage, body: Buffer, match?: { cr: CompiledRoute; values: string[] }): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers = headersOf(req);
  const query = queryOf(url.searchParams);
  const now = Date.now();
  const requestId = randomUUID();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const routeKey = match ? `${req.method} ${match.cr.template}` : '$default';
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(match ? { pathParameters: Object.fromEntries(match.cr.params.map((p, i) => [p, decodePathValue(p, match.values[i]!)])) } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: { method: req.method ?? 'GET', path: url.pathname, protocol: `HTTP/${req.httpVersion}`, sourceIp, userAgent: headers['user-agent'] ?? '' },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length > 0 ? { body: body.toString('utf8') } : {}),
    isBase64Encoded: false,
  };
}

/**
 * The query string as API Gateway hands it over: repeated names joined with commas, every
 * name an own field. Built in a Map, as writing `__proto__` into a plain object would set its
 * prototype (or do nothing) instead of adding the field, and `constructor` would read as present.
 */
function queryOf(params: URLSearchParams): Record<string, string> | undefined {
  const query = new Map<string, string>();
  for (const [name, value] of params) query.set(name, query.has(name) ? `${query.get(name)},${value}` : value);
  return query.size > 0 ? Object.fromEntries(query) : undefined;
}

/**
 * Header names lower-cased, values as UTF-8 text, every name an own field. Node's parser drops
 * a header named `__proto__` (it writes into a plain object); API Gateway passes it on, so it is
 * taken from the raw headers.
 */
function headersOf(req: IncomingMessage): Record<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name.toLowerCase(), utf8(Array.isArray(value) ? value.join(',') : value));
  }
  const parsed = new Set(headers.keys());
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = utf8(req.rawHeaders[i + 1]!);
    if (!parsed.has(name)) headers.set(name, headers.has(name) ? `${headers.get(name)},${value}` : value);
  }
  return Object.fromEntries(headers);
}

/** A path parameter's text; malformed percent-encoding is the client's error, named like any field. */
function decodePathValue(name: string, value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw ValidationError.field(name, 'is not valid percent-encoded UTF-8', 'InvalidEncoding');
  }
}

/** Node reads header bytes as Latin-1; API Gateway hands UTF-8 header values over as text. */
function utf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? value : decoded;
}

function match(method: string, path: string) {
  for (const cr of compiled) {
    const m = cr.pattern.exec(path);
    if (m && cr.route.methods.includes(method as Method)) return { cr, values: m.slice(1) };
  }
  return undefined;
}

const SWAGGER_UI = swaggerUiDir();

async function handle(req: IncomingMessage, res: ServerResponse, pool: LambdaPool | undefined): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const reference = req.method === 'GET' ? referenceAnswer(path, req.headers.accept, SWAGGER_UI, openApiText) : undefined;
  if (reference) return write(res, reference);
  if (req.method === 'OPTIONS') return write(res, { statusCode: 204, headers: preflightHeaders() });
  const found = match(req.method ?? 'GET', path);
  let event: APIGatewayProxyEventV2;
  try {
    event = toEvent(req, Buffer.concat(chunks), found);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return write(res, withRequestId(errorResponse(error, requestIdOf(res)), requestIdOf(res)));
  }
  const result = !found
    ? await notFound(event)
    : pool
      ? await pool.invoke(found.cr.route.handler, event)
      : await (await loadHandler(found.cr.route.handler))(event, lambdaContext(event.requestContext.requestId));
  write(res, result);
}

/** The id of a request the gateway answers itself (API Gateway would stamp its own). */
const gatewayRequestIds = new WeakMap<ServerResponse, string>();
function requestIdOf(res: ServerResponse): string {
  let id = gatewayRequestIds.get(res);
  if (!id) gatewayRequestIds.set(res, (id = randomUUID()));
  return id;
}

const withRequestId = (result: APIGatewayProxyStructuredResultV2, requestId: string): APIGatewayProxyStructuredResultV2 => ({
  ...result,
  headers: { ...result.headers, [REQUEST_ID_HEADER]: requestId },
});

/** Writes the handler's result, with the CORS headers API Gateway adds to every response. */
function write(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  res.statusCode = result.statusCode ?? 200;
  for (const [name, value] of Object.entries({ ...corsHeaders(), ...result.headers })) res.setHeader(name, String(value));
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

export interface RunningGateway {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export function startGateway(port: number, options: GatewayOptions = {}): Promise<RunningGateway> {
  const host = options.host ?? '127.0.0.1';
  const pool = options.isolation === 'environments' ? new LambdaPool(options.concurrency ?? 10) : undefined;
  const server = createServer((req, res) => {
    handle(req, res, pool).catch((error: unknown) => {
      const requestId = requestIdOf(res);
      console.error(JSON.stringify({ level: 'error', message: 'gateway failure', requestId, error: String(error) }));
      if (res.headersSent) return void res.end();
      const failure = new AppError(500, [{ name: 'generalErrors', reason: 'An unexpected error occurred. Quote the request id when reporting it.', code: 'InternalError' }]);
      write(res, withRequestId(errorResponse(failure, requestId), requestId));
    });
  });
  // Idle connections are kept past any client's own keep-alive (undici's is the server's 5 s
  // less 1 s), so a loaded machine never closes a socket a client is reusing (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as { port: number };
      resolvePromise({
        url: `http://${host}:${actual}`,
        server,
        close: async () => {
          await new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); });
          await pool?.close();
        },
      });
    });
  });
}

