import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { importKeys } from '../../../shared/db/table/keys.ts';
import { importWork } from '../../../shared/db/stores/import-work.ts';
import { runImport } from '../../../shared/imports/run-import.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { dieAfterWrite, faultInjector } from '../support/faults.ts';
import { allResults } from '../../support/pages.ts';
import { csv } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';
import { claimRunsOut } from '../support/import-claims.ts';

/**
 * A worker that dies anywhere in an import (after any of its writes, its claim left held) is
 * followed by one that resumes the job once the claim runs out: the job ends as an uninterrupted
 * one would, every row written exactly once (one journal per reference, one serial number each,
 * each event once, the balances moved once), and nothing left under way.
 */
const gateway = useGateway();
let restore: (() => void) | undefined;

/** What the worker's process sees once it is gone. */
const died = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });

/**
 * The process dies as it sends the journal transaction numbered `dying` (from 1) and sends nothing
 * after; the first is held `holdFirstMs` before it commits.
 */
function dieAtJournalBatch(dying: number, holdFirstMs = 0) {
  const faults = faultInjector();
  restore = () => faults.mock.restore();
  let batches = 0;
  let dead = false;
  faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<{ Put?: { Item: { entity?: string } } }> }) => {
    if (dead) throw died();
    const batch = input.TransactItems.some((i) => i.Put?.Item.entity === 'Journal') ? ++batches : 0;
    if (batch >= dying) {
      dead = true;
      throw died();
    }
    if (batch === 1 && holdFirstMs > 0) await new Promise((resolve) => setTimeout(resolve, holdFirstMs));
    return faults.realSend(new TransactWriteCommand(input as never));
  });
}
afterEach(() => {
  restore?.();
  restore = undefined;
});


/** Two posted journals with references of their own, one in a cost center, amounts 10 + n. */
const history = (n: number) =>
  csv(['reference', 'date', 'accountPath', 'costCenterPath', 'side', 'amount'], [
    [`A-${n}`, '2026-05-02', '1.1101', '', '1', `${10 + n}.25`],
    [`A-${n}`, '2026-05-02', '4.4101', 'HQ', '2', `${10 + n}.25`],
    [`B-${n}`, '2026-06-03', '5.5101', 'BR', '1', '7'],
    [`B-${n}`, '2026-06-03', '1.1102', '', '2', '7'],
  ]);

const movement = async (api: Client, base: string) => {
  const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`);
  expect(r.status, r.text).toBe(200);
  return Number(r.body.totals.movement.debit);
};

describe('an import whose worker dies', () => {
  it('is resumed by the next worker and writes each journal, event and balance exactly once, whichever write it died after', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const send = async (n: number) => (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: history(n) })).body.id as string;

    let expected = await movement(api, base);
    let deaths = 0;
    // Death after the first write, the second, ... until a run makes fewer writes than that and ends.
    for (let n = 1, ended = false; !ended; n++) {
      const importId = await send(n);
      const crash = dieAfterWrite(n);
      restore = crash.restore;
      const outcome = await runImport(importWork, companyId, importId).catch((error: Error) => error);
      restore();
      restore = undefined;
      ended = outcome === 'finished';
      if (!ended) {
        expect(String(outcome), `death after write ${n}`).toContain('ECONNREFUSED');
        deaths++;
      }

      await claimRunsOut(companyId, importId);
      await runImports({ companyId });

      const job = (await api.get(`${base}/Imports/${importId}`)).body;
      expect(job, `death after write ${n}`).toMatchObject({ status: 'succeeded', counts: { rows: 4, valid: 4, written: 4, skippedDuplicates: 0 }, errorCount: 0 });
      expected += 10 + n + 0.25 + 7;
      expect(await movement(api, base), `death after write ${n}`).toBeCloseTo(expected, 2);
    }
    expect(deaths).toBeGreaterThan(8);

    const journals = (await api.get(`${base}/Journals?pageSize=100&orderBy=SerialNumber`)).body.results as Array<{ id: string; reference: string; serialNumber: number; status: string }>;
    expect(journals).toHaveLength(2 * (deaths + 1));
    expect(new Set(journals.map((j) => j.reference)).size).toBe(journals.length);
    expect(new Set(journals.map((j) => j.serialNumber)).size).toBe(journals.length);
    expect(journals.every((j) => j.status === 'posted')).toBe(true);
    const events = await allResults<{ type: string; recordId: string }>(api, `${base}/Events?type=JournalCreated,JournalPosted`);
    expect(events).toHaveLength(journals.length);
    for (const journal of journals) expect(events.filter((e) => e.recordId === journal.id).map((e) => e.type), journal.reference).toEqual(['JournalPosted']);
    // Nothing left under way: the periods lock.
    const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
    const may = year.periods[4];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${may.id}/Lock`, { version: may.version })).status).toBe(200);
  }, 120_000);

  it('writes each batch of journals once when it dies between the transactions of one step', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    // 100 journals: two batches, whose transactions one step sends at once.
    const file = csv(['reference', 'date', 'accountPath', 'side', 'amount'], Array.from({ length: 100 }, (_, j) => [[`W-${j}`, '2026-07-01', '1.1101', '1', '1.50'], [`W-${j}`, '2026-07-01', '4.4101', '2', '1.50']]).flat());
    const importId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;

    // The first batch's transaction commits; the process dies as it sends the second.
    // The first batch lands after the second has failed: the step must wait for it.
    dieAtJournalBatch(2, 300);
    await expect(runImport(importWork, companyId, importId)).rejects.toThrow('ECONNREFUSED');
    restore!();
    restore = undefined;
    const halfway = (await api.get(`${base}/Journals?pageSize=100`)).body.results.length;
    await claimRunsOut(companyId, importId);
    await runImports({ companyId });

    expect(halfway).toBe(50);
    expect((await api.get(`${base}/Imports/${importId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 200 } });
    const journals = await allResults<{ reference: string }>(api, `${base}/Journals`);
    expect(journals).toHaveLength(100);
    expect(new Set(journals.map((j) => j.reference)).size).toBe(100);
    expect((await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.totals.movement).toEqual({ debit: '150.00', credit: '150.00' });
  });

  it('writes each group of journals and its ledger once when it dies in a step that puts the next group\'s ledger items beside its transactions', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    // 450 journals: a group of 400 (eight batches) and one of 50, whose ledger items the first group's step puts.
    const file = csv(['reference', 'date', 'accountPath', 'side', 'amount'], Array.from({ length: 450 }, (_, j) => [[`G-${j}`, '2026-07-01', '1.1101', '1', '1.00'], [`G-${j}`, '2026-07-01', '4.4101', '2', '1.00']]).flat());
    const importId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;

    // Three batches of the first group commit; the process dies as it sends the fourth, the next group's ledger items landing meanwhile.
    dieAtJournalBatch(4);
    await expect(runImport(importWork, companyId, importId)).rejects.toThrow('ECONNREFUSED');
    restore!();
    restore = undefined;
    await claimRunsOut(companyId, importId);
    await runImports({ companyId });

    expect((await api.get(`${base}/Imports/${importId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 900 } });
    const references = new Set((await allResults<{ reference: string }>(api, `${base}/Journals`)).map((j) => j.reference));
    expect(references.size).toBe(450);
    expect((await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.totals.movement).toEqual({ debit: '450.00', credit: '450.00' });
    // The cash ledger: one entry per journal, none twice.
    const entries = await allResults<{ journalId: string }>(api, `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31`);
    expect(entries).toHaveLength(450);
    expect(new Set(entries.map((e) => e.journalId)).size).toBe(450);
  }, 180_000);

  it('resumes a journals import checked under the former layout of its steps in the steps it was numbered by', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const file = csv(['reference', 'date', 'accountPath', 'side', 'amount'], Array.from({ length: 450 }, (_, j) => [[`L-${j}`, '2026-07-01', '1.1101', '1', '1.00'], [`L-${j}`, '2026-07-01', '4.4101', '2', '1.00']]).flat());
    const importId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;

    // The worker dies as it records its first step; the job is then made as the former layout checked it (no layout on its progress).
    const faults = faultInjector();
    restore = () => faults.mock.restore();
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<{ Update?: { UpdateExpression?: string } }> }) => {
      if (input.TransactItems.some((i) => i.Update?.UpdateExpression?.includes('progress.#step = :next'))) throw died();
      return faults.realSend(new TransactWriteCommand(input as never));
    });
    await expect(runImport(importWork, companyId, importId)).rejects.toThrow('ECONNREFUSED');
    restore();
    restore = undefined;
    const key = importKeys.job(companyId, importId);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: 'REMOVE progress.#layout', ExpressionAttributeNames: { '#layout': 'layout' } }));
    await claimRunsOut(companyId, importId);
    await runImports({ companyId });

    expect((await api.get(`${base}/Imports/${importId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 900 } });
    // The former steps: usage items, still usable, start, balances, then per group its ledger items and its transactions, end.
    expect((await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!.progress).toMatchObject({ step: 9 });
    expect((await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.totals.movement).toEqual({ debit: '450.00', credit: '450.00' });
    const entries = await allResults<{ journalId: string }>(api, `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31`);
    expect(new Set(entries.map((e) => e.journalId)).size).toBe(450);
    expect(entries).toHaveLength(450);
  }, 180_000);

  it('writes each account once when an accounts import dies between two of them', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const data = csv(['code', 'parentPath', 'type', 'nameArabic', 'nameEnglish'], [
      ['1201', '1', 'leaf', 'أ', 'A'],
      ['1202', '1', 'leaf', 'ب', 'B'],
      ['1203', '1', 'leaf', 'ج', 'C'],
    ]);
    const importId = (await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', data })).body.id as string;

    const crash = dieAfterWrite(3);
    restore = crash.restore;
    await expect(runImport(importWork, companyId, importId)).rejects.toThrow('ECONNREFUSED');
    restore();
    restore = undefined;
    const halfway = (await api.get(`${base}/Imports/${importId}`)).body;
    await claimRunsOut(companyId, importId);
    await runImports({ companyId });

    expect(halfway).toMatchObject({ status: 'running', counts: { written: 2 } });
    expect((await api.get(`${base}/Imports/${importId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 3 } });
    const codes = ((await api.get(`${base}/Accounts?pageSize=100`)).body.results as Array<{ code: string }>).map((a) => a.code).filter((c) => c.startsWith('120'));
    expect(codes.sort()).toEqual(['1201', '1202', '1203']);
  });
});
