import { randomUUID } from 'node:crypto';
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';

/**
 * The database failing in the middle of a request: DynamoDB Local cannot refuse connections
 * or throttle on demand, so these faults are injected (test/infra/local-start.test.ts kills
 * the real emulator under `npm start`).
 */
const gateway = useGateway();
const account = (code: string) => ({ code, name: { arabic: `حساب ${code}`, english: `Account ${code}` }, type: 'leaf', classification: 'asset' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function injected() {
  const faults = faultInjector();
  restore = () => faults.mock.restore();
  return faults;
}

function expectUnavailable(response: ApiResponse) {
  expect(response.status, response.text).toBe(503);
  expect(response.headers.get('retry-after')).toBe('2');
  expect(response.body).toMatchObject({ status: 503, errors: [{ name: 'generalErrors', code: 'ServiceUnavailable' }] });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  expect(response.text).not.toMatch(/ECONNREFUSED|Exception|at .*\.ts/);
}

describe('database unavailable', () => {
  it('answers 503 when the write fails and even the idempotency key cannot be released, and wrote nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();
    const { mock } = injected();
    mock.on(TransactWriteCommand).rejects(refused());
    mock.on(DeleteCommand).rejects(refused());

    const failed = await api.post(`${base}/Accounts`, account('1'), { 'Idempotency-Key': key });
    restore!();
    const sameKey = await api.post(`${base}/Accounts`, account('1'), { 'Idempotency-Key': key });
    const newKey = await api.post(`${base}/Accounts`, account('1'), { 'Idempotency-Key': randomUUID() });

    expectUnavailable(failed);
    // The claim could not be freed, so its lease holds the key until it runs out (60 s).
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.errors[0]).toMatchObject({ name: 'Idempotency-Key', code: 'Conflict' });
    expect(newKey.status).toBe(200);
    expect((await api.get(`${base}/Accounts`)).body.results).toHaveLength(1);
  });

  it('answers 503 when authentication cannot read the membership, and when a list is throttled', async () => {
    const { api, base } = await companyOwner(gateway.url);
    injected().mock.on(GetCommand).callsFake(() => Promise.reject(refused()));
    const unreadable = await api.get(`${base}/Accounts`);
    restore!();
    injected().mock.on(QueryCommand).callsFake(() => Promise.reject(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} })));
    const throttled = await api.get(`${base}/Accounts`);

    expectUnavailable(unreadable);
    expectUnavailable(throttled);
  });

  it('answers 503 when transactions keep conflicting after their retries', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const { mock } = injected();
    mock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'conflict', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] }),
    );

    expectUnavailable(await api.post(`${base}/Accounts`, account('2')));
    restore!();
    expect((await api.get(`${base}/Accounts`)).body.results).toEqual([]);
  });
});
