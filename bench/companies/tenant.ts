import { randomUUID } from 'node:crypto';

/**
 * One company of the many-companies benchmark, as its owner's clients see it: a small chart
 * (cash and bank under an asset root, sales under a revenue root), the year 2026, and what its
 * clients posted, by account, to check the books against at the end.
 */
export interface Tenant {
  name: string;
  base: string;
  authorization: string;
  cash: string;
  bank: string;
  sales: string;
  /** Base cents posted, by account id (what the trial balance's movement must show). */
  posted: Map<string, bigint>;
}

export interface Answer {
  status: number;
  body: any;
  text: string;
}

export type Call = (tenant: Pick<Tenant, 'authorization'>, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

/** One request over HTTP; a failed connection answers status 0 with the error's text. */
export const httpCall =
  (api: string): Call =>
  async (tenant, method, path, body, headers = {}) => {
    try {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { authorization: tenant.authorization, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
    } catch (error) {
      return { status: 0, body: undefined, text: String(error) };
    }
  };

/** Creates the company, its chart and year as its owner, and posts one journal (so every company's write path is warm). */
export async function openTenant(call: Call, name: string, authorization: string): Promise<Tenant> {
  const owner = { authorization };
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await call(owner, method, path, body);
    if (r.status !== 200) throw new Error(`${name}: ${method} ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const company = await ok('POST', '/api/v1/Companies', { name, baseCurrency: 'SAR' });
  const base = `/api/v1/Companies/${company.id}`;
  const named = (text: string) => ({ english: text, arabic: text });
  const assets = await ok('POST', `${base}/Accounts`, { code: '1', name: named('Assets'), type: 'category', classification: 'asset' });
  const revenue = await ok('POST', `${base}/Accounts`, { code: '4', name: named('Revenue'), type: 'category', classification: 'revenue' });
  const leaf = async (code: string, parentId: string) => (await ok('POST', `${base}/Accounts`, { code, name: named(code), type: 'leaf', parentId })).id as string;
  const [cash, bank, sales] = await Promise.all([leaf('11', assets.id), leaf('12', assets.id), leaf('41', revenue.id)]);
  await ok('POST', `${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const tenant: Tenant = { name, base, authorization, cash, bank, sales, posted: new Map() };
  const first = await postJournal(call, tenant, 100n, () => 0);
  if (first.outcome !== 'posted') throw new Error(`${name}: first journal: ${first.outcome} ${first.detail}`);
  return tenant;
}

export type Outcome = 'posted' | 'busy' | 'refused';
export interface Posting {
  outcome: Outcome;
  /** For a refusal: the request and status, e.g. `post 400`. */
  detail?: string;
  /** 409 answers retried on the way. */
  conflicts: number;
}

/** A version or idempotency conflict is retried this many times before it counts as refused. */
const CONFLICT_RETRIES = 3;

/**
 * A two-line journal of `cents` (cash or bank against sales), created with a fresh
 * Idempotency-Key and posted with the version the create answered. A 409 is retried (the create
 * with the same key; the post with the journal's current version); 429 and 503 are `busy`,
 * anything else other than 200 is `refused`.
 */
export async function postJournal(call: Call, tenant: Tenant, cents: bigint, random: () => number): Promise<Posting> {
  const debit = random() < 0.5 ? tenant.cash : tenant.bank;
  const amount = Number(cents) / 100;
  const body = { date: '2026-06-15T10:00:00Z', entries: [{ accountId: debit, side: 1, amount }, { accountId: tenant.sales, side: 2, amount }] };
  const key = { 'idempotency-key': randomUUID() };
  let conflicts = 0;
  let created = await call(tenant, 'POST', `${tenant.base}/Journals`, body, key);
  while (created.status === 409 && conflicts < CONFLICT_RETRIES) {
    conflicts++;
    created = await call(tenant, 'POST', `${tenant.base}/Journals`, body, key);
  }
  if (created.status !== 200) return { ...failed('create', created.status), conflicts };
  const version = created.body.version;
  let post = await call(tenant, 'POST', `${tenant.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-06-15', version });
  while (post.status === 409 && conflicts < CONFLICT_RETRIES) {
    conflicts++;
    // A post whose answer was lost may have committed: then the journal reads posted.
    const current = await call(tenant, 'GET', `${tenant.base}/Journals/${created.body.id}`);
    if (current.body?.status === 'posted') post = current;
    else post = await call(tenant, 'POST', `${tenant.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-06-15', version: current.body?.version ?? version });
  }
  if (post.status !== 200) return { ...failed('post', post.status), conflicts };
  tenant.posted.set(debit, (tenant.posted.get(debit) ?? 0n) + cents);
  tenant.posted.set(tenant.sales, (tenant.posted.get(tenant.sales) ?? 0n) + cents);
  return { outcome: 'posted', conflicts };
}

const failed = (request: string, status: number): Omit<Posting, 'conflicts'> => ({ outcome: status === 429 || status === 503 ? 'busy' : 'refused', detail: `${request} ${status}` });
