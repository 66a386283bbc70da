import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { guardKeys } from '../../../shared/db/table/keys.ts';
import { getItem } from '../../../shared/db/table/table-ops.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { yearTakesDraftsCheckOp } from '../../../shared/db/capacity/year-draft-guard.ts';
import { POSTING_GUARDS } from '../../../shared/db/capacity/posting-guards.ts';
import { mustGetYear, withYearGuard } from '../../../shared/db/stores/year-store.ts';
import { StateConflict, VersionConflict } from '../../../shared/errors.ts';
import { draftDateChecks } from '../../../shared/db/ledger/posting-periods.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks } from '../../support/ledger.ts';

const gateway = useGateway();

/** A year with every period closed, ready for its Close. */
async function closableYear() {
  const books = await companyBooks(gateway.url);
  const year = (await books.api.get(`${books.base}/FinancialYears`)).body.results[0];
  for (const p of year.periods) expect((await books.api.post(`${books.base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version })).status).toBe(200);
  return { ...books, yearId: year.id as string };
}

/** Every one of the year's guards, as a draft's transaction would check it. */
const everyGuardCheck = (companyId: string, yearId: string) =>
  Promise.allSettled(Array.from({ length: POSTING_GUARDS }, (_, shard) => transactWrite([yearTakesDraftsCheckOp(companyId, yearId, shard)])));

/**
 * A new draft checks one of its year's guards (posting-guards.ts) instead of the year item; the
 * Close holds them while it counts drafts and puts them closed with the year, so a create that read the year as
 * open just before cannot commit a draft into it.
 */
describe('year draft guards', () => {
  it('refuses the draft of a create that read the year open, once the Close committed', async () => {
    const { api, base, companyId, yearId } = await closableYear();
    const { checks } = await draftDateChecks(companyId, '2026-05-01');
    expect(checks).toHaveLength(1);
    const closed = await api.put(`${base}/FinancialYears/${yearId}/Close`, { version: (await api.get(`${base}/FinancialYears/${yearId}`)).body.version });
    expect(closed.status).toBe(200);
    await expect(transactWrite(checks)).rejects.toBeInstanceOf(VersionConflict);
    // Whichever guard a draft picks, and for good (not only while the Close's hold lasts).
    const results = await everyGuardCheck(companyId, yearId);
    expect(results.filter((r) => r.status === 'fulfilled')).toEqual([]);
    const guards = await Promise.all(Array.from({ length: POSTING_GUARDS }, (_, shard) => getItem(guardKeys.postingGuard(companyId, yearId, shard), { consistent: true })));
    expect(guards.filter((g) => g?.status !== 'closed' || g.guardUntil !== undefined)).toEqual([]);
  });

  it('refuses drafts while a Close holds the year, and takes them again once it let go', async () => {
    const { companyId, yearId } = await closableYear();
    const year = await mustGetYear(companyId, yearId);
    let whileHeld: PromiseSettledResult<void>[] = [];
    const refusal = new StateConflict('UnpostedJournals', 'refused on purpose');
    await expect(
      withYearGuard(
        companyId,
        year,
        async () => {
          whileHeld = await everyGuardCheck(companyId, yearId);
          return refusal;
        },
        async () => undefined,
      ),
    ).rejects.toBe(refusal);
    expect(whileHeld.filter((r) => r.status === 'fulfilled')).toEqual([]);
    const afterwards = await everyGuardCheck(companyId, yearId);
    expect(afterwards.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('leaves a later holder\'s hold on the guards when a refused holder lets go', async () => {
    // Arrange: while the first holder checks, another takes the year's guards (as a holder that held
    // the year item once the first let it go, before the first let go of the guards).
    const { companyId, yearId } = await closableYear();
    const year = await mustGetYear(companyId, yearId);
    const refusal = new StateConflict('UnpostedJournals', 'refused on purpose');
    const later = { guard: 'later-holder', guardUntil: Date.now() + 30_000 };
    const guardKeysOfYear = Array.from({ length: POSTING_GUARDS }, (_, shard) => guardKeys.postingGuard(companyId, yearId, shard));

    // Act
    await expect(
      withYearGuard(companyId, year, async () => {
        await Promise.all(guardKeysOfYear.map((key) => db().send(new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: 'SET guard = :g, guardUntil = :u', ExpressionAttributeValues: { ':g': later.guard, ':u': later.guardUntil } }))));
        return refusal;
      }, async () => undefined),
    ).rejects.toBe(refusal);

    // Assert: the later hold stands on every guard, so drafts stay refused.
    const guards = await Promise.all(guardKeysOfYear.map((key) => getItem(key, { consistent: true })));
    expect(guards.filter((g) => g?.guard !== later.guard || g.guardUntil !== later.guardUntil)).toEqual([]);
    expect((await everyGuardCheck(companyId, yearId)).filter((r) => r.status === 'fulfilled')).toEqual([]);
  });
});
