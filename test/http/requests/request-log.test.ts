import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUSINESS_METRICS, METRICS_NAMESPACE } from '../../../shared/metrics.ts';
import { client, companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';
import { logLines, type LogLine } from '../../support/request-log.ts';

const gateway = useGateway();

/** The log line of the request that answered with this request id. */
function lineOf(response: { headers: Headers }): LogLine {
  const requestId = response.headers.get('x-request-id');
  const line = logLines().find((l) => l.requestId === requestId && l.message === 'request');
  if (!line) throw new Error(`no log line for request ${requestId}`);
  return line;
}

/** The metrics a line declares in embedded metric format, with their values. */
function emfMetrics(line: LogLine): Record<string, unknown> {
  const aws = line._aws as { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> } | undefined;
  if (!aws) return {};
  const [directive] = aws.CloudWatchMetrics;
  expect(directive!.Namespace).toBe(METRICS_NAMESPACE);
  for (const dimension of directive!.Dimensions.flat()) expect(line[dimension]).toBeDefined();
  return Object.fromEntries(directive!.Metrics.map((m) => [m.Name, line[m.Name]]));
}

describe('one structured log line per request', () => {
  it('names the route, company, principal kind and id, status, latency and DynamoDB calls (and how many in sequence); never a credential', async () => {
    const owner = await companyOwner(gateway.url);
    const key = (await owner.api.post(`${owner.base}/ApiKeys`, { name: 'log', permissions: ['accounts:read'] })).body.key as string;

    const asUser = await owner.api.get(`${owner.base}/Accounts`);
    const asKey = await client(gateway.url, `Bearer ${key}`).get(`${owner.base}/Accounts`);
    const refused = await client(gateway.url, `Bearer ${key}`).get(`${owner.base}/CostCenters`);
    const anonymous = await client(gateway.url).get(`${owner.base}/Accounts`);

    expect(lineOf(asUser)).toMatchObject({ level: 'info', route: 'accounts.list', companyId: owner.companyId, principal: { type: 'user', id: owner.user.id }, status: 200, ms: expect.any(Number), dynamoCalls: expect.any(Number), dynamoDepth: expect.any(Number) });
    // The accounts; the membership was kept from the owner's request before (auth/access-cache.ts).
    expect(lineOf(asUser).dynamoCalls).toBeGreaterThanOrEqual(1);
    expect(lineOf(asUser).dynamoDepth).toBeLessThanOrEqual(lineOf(asUser).dynamoCalls as number);
    expect(lineOf(asKey)).toMatchObject({ route: 'accounts.list', companyId: owner.companyId, principal: { type: 'apiKey', id: expect.any(String) }, status: 200 });
    expect(lineOf(refused)).toMatchObject({ route: 'costCenters.list', companyId: owner.companyId, status: 403 });
    expect(lineOf(anonymous)).toMatchObject({ route: 'accounts.list', principal: null, status: 401, dynamoCalls: 0 });
    const text = JSON.stringify([asUser, asKey, refused, anonymous].map(lineOf));
    expect(text).not.toContain(key);
    expect(text).not.toContain(owner.token);
  });

  it('carries journals posted, postings failed and idempotent replays as embedded metrics', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    const idempotencyKey = randomUUID();
    const body = { date: '2026-03-01T08:00:00Z', entries: [debit(chart.cash.id, '10.00'), credit(chart.sales.id, '10.00')] };

    const created = await owner.api.post(`${owner.base}/Journals`, body, { 'Idempotency-Key': idempotencyKey });
    const replayed = await owner.api.post(`${owner.base}/Journals`, body, { 'Idempotency-Key': idempotencyKey });
    const stale = await owner.api.post(`${owner.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-01', version: 9 });
    const posted = await owner.api.post(`${owner.base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-01', version: 1 });

    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(emfMetrics(lineOf(created))).toEqual({});
    expect(emfMetrics(lineOf(replayed))).toEqual({ [BUSINESS_METRICS.idempotentReplays]: 1 });
    expect(emfMetrics(lineOf(stale))).toEqual({ [BUSINESS_METRICS.postingsFailed]: 1 });
    expect(emfMetrics(lineOf(posted))).toEqual({ [BUSINESS_METRICS.journalsPosted]: 1 });
    expect(lineOf(posted).dynamoCalls).toBeGreaterThan(2);
  });
});
