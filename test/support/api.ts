import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startGateway, type RunningGateway } from '../../infra/local/gateway.ts';
import { userToken } from '../../infra/local/user-token.ts';

/** HTTP access to an in-process local gateway started for the test file. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** What was sent: the method, the path with its query, and the JSON body if any. */
  sent: { method: string; path: string; body: unknown };
}

export interface Client {
  request<T = any>(method: string, path: string, options?: { body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

export function useGateway(): { url: () => string } {
  let gateway: RunningGateway | undefined;
  beforeAll(async () => {
    gateway = await startGateway(0);
  });
  afterAll(async () => {
    await gateway?.close();
  });
  return { url: () => gateway!.url };
}

export function client(baseUrl: () => string, authorization?: string): Client {
  const request = async (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (authorization) headers.authorization = authorization;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as any, text, sent: { method, path, body: options.body } };
  };
  return {
    request,
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, body, headers) => request('DELETE', path, { body, headers }),
  };
}

/** A new user (unique email) and a client authenticated as that user, signed in as `npm run token` signs one in. */
export async function signedInUser(baseUrl: () => string, lifetimeSeconds?: number) {
  const { user, token } = await userToken(`user-${randomUUID()}@example.com`, lifetimeSeconds);
  return { user, token, api: client(baseUrl, `Bearer ${token}`) };
}

/** A signed-in owner of a fresh company (so test files never share data). */
export async function companyOwner(baseUrl: () => string, settings: { baseCurrency?: string; decimalPrecision?: 2 | 3 } = {}) {
  const owner = await signedInUser(baseUrl);
  const created = await owner.api.post('/api/v1/Companies', { name: 'Test Co', baseCurrency: settings.baseCurrency ?? 'SAR', ...settings });
  if (created.status !== 200) throw new Error(`company create failed: ${created.text}`);
  const companyId = created.body.id as string;
  return { ...owner, companyId, base: `/api/v1/Companies/${companyId}` };
}
