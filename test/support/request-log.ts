import { existsSync, readFileSync } from 'node:fs';

/** Where the suite's request log lines go (LOG_FILE in every worker's environment). */
export const suiteLogFile = () => process.env.LOG_FILE ?? '';

export interface LogLine {
  level: string;
  requestId: string;
  message: string;
  [field: string]: unknown;
}

/** Every line logged so far in this run. */
export function logLines(file = suiteLogFile()): LogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine);
}

/** The `request` line of the request that answered `response` (found by its x-request-id); throws when there is none. */
export function requestLine(response: { headers: Headers }): LogLine {
  const requestId = response.headers.get('x-request-id');
  const line = logLines().find((l) => l.requestId === requestId && l.message === 'request');
  if (!line) throw new Error(`no log line for request ${requestId}`);
  return line;
}

/**
 * Shapes of credentials: access tokens (JWTs), API keys, refresh tokens, and any long run of
 * base64url characters (authorization codes, PKCE verifiers, signing keys are 43 or more).
 */
export const CREDENTIAL_SHAPES: Record<string, RegExp> = {
  'access token': /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/,
  'API key': /sk-svc_[\w-]{8,}/,
  'refresh token': /rt_[\w-]{20,}/,
  'code, verifier or key': /[\w-]{40,}/,
};

/** The lines (raw text) that hold something shaped like a credential, with what it looks like. */
export function credentialLeaks(file = suiteLogFile()): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => Object.entries(CREDENTIAL_SHAPES).filter(([, shape]) => shape.test(line)).map(([what]) => `${what}: ${line.slice(0, 300)}`));
}
