import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { getJob, newJobOps, putPayload } from '../../../shared/db/stores/import-store.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { importQueue } from '../../../shared/db/stores/import-ports.ts';
import { queuedJob } from '../../../shared/imports/create-import.ts';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { MAX_FAULTS } from '../../../shared/imports/run-import.ts';
import { signedInUser, useGateway } from '../../support/api.ts';
import { allErrors } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';
import { journalCount, mayLocks, sale, salesFile, trialMovement } from '../../support/sales-imports.ts';
import { faultInjector } from '../support/faults.ts';
import { claimRunsOut } from '../support/import-claims.ts';

/** A record whose canonical text cannot be made (none the API lets in does that): its journal's writes cannot be built. */
const UNBUILDABLE = 'cannot be canonicalized';
vi.mock('../../../shared/audit/chain.ts', async (original) => {
  const chain = await original<typeof import('../../../shared/audit/chain.ts')>();
  return {
    ...chain,
    canonicalJson: (value: unknown) => {
      const text = chain.canonicalJson(value);
      if (text.includes(UNBUILDABLE)) throw new Error('Not a JSON value');
      return text;
    },
  };
});

/**
 * A job whose creator's access goes while it writes stops between steps, and a job that cannot be
 * written (a record whose writes cannot be built, a write failing again and again) ends with its
 * reason instead of holding its company: the company's other imports, reports and period locks
 * go on (test/http/imports/imports-stop.test.ts: access gone before the worker runs the job).
 */
const gateway = useGateway();
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const role = (name: string) => ROLES.find((r) => r.name === name)!.id;


describe("an import whose creator's access is gone while the worker runs it", () => {
  /** The owner's books and an accountant member. */
  async function withMember() {
    const books = await companyBooks(gateway.url);
    const member = await signedInUser(gateway.url);
    const added = await books.api.post(`${books.base}/Members`, { email: member.user.email, roleId: role('accountant') });
    expect(added.status, added.text).toBe(200);
    return { ...books, member };
  }

  /** Runs the company's imports, calling `then` once, right after the transaction that writes the journal `reference`. */
  async function runImportsWith(companyId: string, reference: string, then: () => Promise<void>) {
    const faults = faultInjector();
    restore = () => faults.mock.restore();
    let done = false;
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<{ Put?: { Item: { reference?: string } } }> }) => {
      const result = await faults.realSend(new TransactWriteCommand(input as never));
      if (!done && input.TransactItems.some((i) => i.Put?.Item.reference === reference)) {
        done = true;
        await then();
      }
      return result;
    });
    await runImports({ companyId });
    restore();
    restore = undefined;
  }

  it('stops between steps when the access goes while the job writes, and leaves the books whole and the company free', async () => {
    const { api, base, companyId, member } = await withMember();
    // 60 journals of 1.00: two batches, their transactions sent at once in one step.
    const file = salesFile(...Array.from({ length: 60 }, (_, j) => sale(`MID-${j}`, '1.00')));
    const importId = (await member.api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;
    // The member is removed while the first batch's transaction is under way.
    let removed = false;
    await runImportsWith(companyId, 'MID-0', async () => {
      removed = true;
      const gone = await api.delete(`${base}/Members/${member.user.id}`, { version: 1 });
      expect(gone.status, gone.text).toBe(200);
    });

    const job = (await api.get(`${base}/Imports/${importId}`)).body;
    expect(removed).toBe(true);
    expect(job.status).toBe('partiallySucceeded');
    expect(job.errors.map((e: { code: string }) => e.code)).toEqual(['CreatorAccessRevoked']);
    // What was written is whole (the step's batches), and the figures are those of its journals.
    const written = await journalCount(api, base);
    expect(job.counts.written).toBe(written * 2);
    expect(written).toBeGreaterThan(0);
    expect(await trialMovement(api, base)).toEqual({ debit: `${written}.00`, credit: `${written}.00` });
    await mayLocks(api, base);
  });

  it('refuses a Void of a journal its import is still writing, so the job stopping cannot put its amount back, and voids it once the job has ended', async () => {
    const { api, base, companyId, member } = await withMember();
    const file = salesFile(...Array.from({ length: 60 }, (_, j) => sale(`VOID-${j}`, '1.00')));
    const importId = (await member.api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;
    // Once the first batch is written its journal is voided (refused), then the member is removed: the job stops.
    let refused: { status: number; code: string } | undefined;
    await runImportsWith(companyId, 'VOID-0', async () => {
      const first = (await api.get(`${base}/Journals?reference=VOID-0`)).body.results[0];
      const voided = await api.post(`${base}/Journals/${first.id}/Void`, { version: first.version });
      refused = { status: voided.status, code: voided.body.errors?.[0]?.code };
      expect((await api.delete(`${base}/Members/${member.user.id}`, { version: 1 })).status).toBe(200);
    });

    expect(refused).toEqual({ status: 409, code: 'PostingInProgress' });
    expect((await api.get(`${base}/Imports/${importId}`)).body.status).toBe('partiallySucceeded');
    const written = await journalCount(api, base);
    expect(await trialMovement(api, base)).toEqual({ debit: `${written}.00`, credit: `${written}.00` });
    // The job has ended: the Void goes through and takes the journal off the balances.
    const first = (await api.get(`${base}/Journals?reference=VOID-0`)).body.results[0];
    const voided = await api.post(`${base}/Journals/${first.id}/Void`, { version: first.version });
    expect(voided.status, voided.text).toBe(200);
    expect(await trialMovement(api, base)).toEqual({ debit: `${written - 1}.00`, credit: `${written - 1}.00` });
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });
});

describe('an import the worker cannot write', () => {
  /** A job put straight into the store, as a request would, holding what the request itself might not let in. */
  async function queuedAsIs(companyId: string, createdBy: { type: 'user'; id: string }, data: unknown[]) {
    const { job, pieces, now } = queuedJob(importQueue, { kind: 'journals', format: 'json', mode: 'perItem', dryRun: false, post: true, data }, createdBy, data.length);
    await putPayload(companyId, job.id, pieces, now);
    await transactWrite(newJobOps(companyId, job));
    return job.id;
  }

  it('sets aside at once a journal whose writes cannot be built, writes the others, and frees the company', async () => {
    const { api, base, companyId, user } = await companyBooks(gateway.url);
    const line = (reference: string, side: number, description: string) => ({ reference, date: '2026-05-02', description, accountPath: side === 1 ? '1.1101' : '4.4101', side, amount: '10.00' });
    const poisonId = await queuedAsIs(companyId, { type: 'user', id: user.id }, [line('GOOD-1', 1, 'fine'), line('GOOD-1', 2, 'fine'), line('LONE', 1, UNBUILDABLE), line('LONE', 2, UNBUILDABLE)]);
    const nextId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: salesFile(sale('AFTER-1', '5.00')) })).body.id as string;

    const run = await runImports({ companyId });

    expect(run).toEqual({ finished: 2, failed: 0 });
    const poison = (await api.get(`${base}/Imports/${poisonId}`)).body;
    expect(poison).toMatchObject({ status: 'partiallySucceeded', counts: { written: 2 }, errorCount: 1 });
    expect((await allErrors(api, base, poisonId)).map(({ row }) => row)).toEqual([3]);
    expect((await api.get(`${base}/Imports/${nextId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    expect(await trialMovement(api, base)).toEqual({ debit: '15.00', credit: '15.00' });
    await mayLocks(api, base);
  });

  it(`stops a job whose write fails ${MAX_FAULTS} times in a row, undoes what it held, and lets the company's next import and reports go on`, async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    // 60 journals of 1.00 (two batches of one step); the second batch's transaction always fails.
    const file = salesFile(...Array.from({ length: 60 }, (_, j) => sale(`P-${j}`, '1.00')));
    const poisonId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: file })).body.id as string;
    const nextId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: salesFile(sale('NEXT-1', '5.00')) })).body.id as string;
    const faults = faultInjector();
    restore = () => faults.mock.restore();
    faults.mock.on(TransactWriteCommand).callsFake(async (input: { TransactItems: Array<{ Put?: { Item: { reference?: string } } }> }) => {
      if (input.TransactItems.some((i) => i.Put?.Item.reference === 'P-55')) throw new Error('the record cannot be stored');
      return faults.realSend(new TransactWriteCommand(input as never));
    });

    const runs: Array<{ finished: number; failed: number }> = [];
    for (let n = 0; n < MAX_FAULTS; n++) {
      runs.push(await runImports({ companyId }));
      // Meanwhile the company is held: the import counts as a posting under way.
      if (n === 0) expect((await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body.errors?.[0]?.code).toBe('PostingInProgress');
      // The job waits before its next run; time passes.
      expect((await getJob(companyId, poisonId))!.faults?.count).toBe(n + 1);
      await claimRunsOut(companyId, poisonId);
    }
    runs.push(await runImports({ companyId }));
    restore();
    restore = undefined;

    expect(runs).toEqual([...Array.from({ length: MAX_FAULTS }, () => ({ finished: 0, failed: 1 })), { finished: 2, failed: 0 }]);
    const poison = (await api.get(`${base}/Imports/${poisonId}`)).body;
    expect(poison).toMatchObject({ status: 'partiallySucceeded', counts: { written: 100 } });
    expect(poison.errors).toEqual([{ row: 0, field: 'data', reason: expect.stringContaining('the record cannot be stored'), code: 'ImportFailedRepeatedly' }]);
    expect((await api.get(`${base}/Imports/${nextId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    // The first batch was written; the figures are its journals' and the next import's, nothing of the batch that failed.
    const written = await journalCount(api, base);
    expect(written).toBe(51);
    expect(await trialMovement(api, base)).toEqual({ debit: '55.00', credit: '55.00' });
    const ledger = await api.get(`${base}/Reports/GeneralLedger?accountId=1.1101&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=100`);
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.results).toHaveLength(51);
    expect(ledger.body.closingBalance).toBe('55.00');
    await mayLocks(api, base);
  });
});
