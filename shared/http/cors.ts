/**
 * Cross-origin access for browser clients. Credentials travel in the Authorization header, never
 * in cookies, so any origin may call; the stack configures API Gateway with these values and the
 * local gateway answers the same way.
 */
export const CORS = {
  allowOrigins: ['*'],
  allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
  exposeHeaders: ['idempotent-replayed', 'x-request-id', 'content-disposition'],
  maxAgeSeconds: 3600,
} as const;

export function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': CORS.allowOrigins.join(','),
    'access-control-expose-headers': CORS.exposeHeaders.join(','),
  };
}

export function preflightHeaders(): Record<string, string> {
  return {
    ...corsHeaders(),
    'access-control-allow-methods': CORS.allowMethods.join(','),
    'access-control-allow-headers': CORS.allowHeaders.join(','),
    'access-control-max-age': String(CORS.maxAgeSeconds),
  };
}
