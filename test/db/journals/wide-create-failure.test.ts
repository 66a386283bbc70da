import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { credit, debit, wideChart } from '../../support/ledger.ts';
import { faultInjector } from '../support/faults.ts';

/**
 * A wide draft records what it names in chunks before the draft itself (shared/journals/write-journal.ts):
 * a create that dies half-way leaves usage items that protect their accounts only within their
 * lease (test/http/journals/wide-journals.test.ts: wide journals through the API).
 */
const gateway = useGateway();
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** 999 debit lines over the leaves, each in a cost center, and one bank credit of their total (cents). */
function wideLines(leaves: Array<{ id: string }>, centers: Array<{ id: string }>, bankId: string) {
  const lines = Array.from({ length: 999 }, (_, i) => debit(leaves[i % leaves.length]!.id, ((i % 97) + 1).toFixed(2), centers[i % centers.length]!.id));
  const total = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
  return { lines: [...lines, credit(bankId, (total / 100).toFixed(2))], total: (total / 100).toFixed(2) };
}

describe('journals of 1,000 lines, created half-way', () => {
  it('leaves no draft and no lasting usage when a wide create fails half-way', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const books = await wideChart(api, base, { leaves: 60, centers: 5 });
    const { lines } = wideLines(books.leaves, books.centers, books.bank.id);

    // The first chunk of usage items commits, then the process dies.
    const faults = faultInjector();
    restore = () => faults.mock.restore();
    let writes = 0;
    faults.mock.on(TransactWriteCommand).callsFake(async (input: unknown) => {
      const result = await faults.realSend(new TransactWriteCommand(input as never));
      if (++writes === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
      return result;
    });
    const failed = await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries: lines });
    expect(failed.status).toBe(503);
    restore();
    restore = undefined;
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);

    // Within its lease the usage item still protects the account; an old one without its journal does not.
    const leaf = books.leaves[0];
    expect((await api.delete(`${base}/Accounts/${leaf.id}`, { version: leaf.version })).body.errors[0].code).toBe('InUse');
    const other = books.leaves[59];
    await db().send(
      new PutCommand({ TableName: config.tableName, Item: { ...keys.nodeUsage('ACCOUNT', companyId, other.id, randomUUID()), entity: 'Usage', createdAt: Date.now() - 3_600_000 } }),
    );
    const deleted = await api.delete(`${base}/Accounts/${other.id}`, { version: other.version });
    expect(deleted.status, deleted.text).toBe(200);
  });
});
