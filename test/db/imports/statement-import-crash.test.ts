import { afterEach, describe, expect, it } from 'vitest';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { importWork } from '../../../shared/db/stores/import-work.ts';
import { runImport } from '../../../shared/imports/run-import.ts';
import { useGateway } from '../../support/api.ts';
import { dieAfterWrite } from '../support/faults.ts';
import { companyBooks } from '../../support/ledger.ts';
import { claimRunsOut } from '../support/import-claims.ts';

/**
 * A worker that dies anywhere in a statement import (after any of its writes) is followed by one
 * that resumes it: both statements end on the bank account's chain in order, each line once.
 */
const gateway = useGateway();
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const IBAN = 'SA0380000000608010167519';
/** Two MT940 statements in one file: October and November, the second continuing the first. */
const FILE = [
  ':20:OCT', `:25:${IBAN}`, ':28C:1/1', ':60F:C261001SAR100,00',
  ':61:2610051005C50,00NTRFNONREF//R1', ':86:in',
  ':61:2610061006D20,00NTRFNONREF//R2', ':86:out',
  ':62F:C261031SAR130,00', '-',
  ':20:NOV', `:25:${IBAN}`, ':28C:2/1', ':60F:C261101SAR130,00',
  ':61:2611051105C5,00NTRFNONREF//R3', ':86:in',
  ':62F:C261130SAR135,00', '-',
].join('\r\n');

describe('a statement import whose worker dies', () => {
  it('is resumed and writes both statements on the chain, each line once, whichever write it died after', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    let deaths = 0;
    for (let n = 1, ended = false; !ended; n++) {
      const account = (await api.post(`${base}/Accounts`, { code: `19${String(n).padStart(2, '0')}`, name: { english: `Bank ${n}`, arabic: `بنك ${n}` }, type: 'leaf', parentId: chart.assets.id })).body;
      expect((await api.post(`${base}/BankAccounts`, { accountId: account.id, iban: IBAN, bankName: 'SNB' })).status).toBe(200);
      const importId = (await api.post(`${base}/Imports`, { kind: 'bankStatements', format: 'mt940', bankAccountId: account.id, data: FILE })).body.id as string;
      const crash = dieAfterWrite(n);
      restore = crash.restore;
      const outcome = await runImport(importWork, companyId, importId).catch((error: Error) => error);
      restore();
      restore = undefined;
      ended = outcome === 'finished';
      if (!ended) deaths++;
      // Time passes for the dead worker's claim, then the next worker resumes.
      await claimRunsOut(companyId, importId);
      await runImports({ companyId });

      const job = (await api.get(`${base}/Imports/${importId}`)).body;
      expect(job, `death after write ${n}: ${JSON.stringify(job.errors)}`).toMatchObject({ status: 'succeeded', counts: { rows: 3, valid: 3, written: 3 }, errorCount: 0 });
      const lines = (await api.get(`${base}/BankAccounts/${account.id}/StatementLines?orderAsc=true`)).body.results;
      expect(lines.map((l: { bankReference: string; statementId: string }) => `${l.bankReference}@${l.statementId}`), `death after write ${n}`).toEqual(['OPENING OCT/1/1@OCT/1/1', 'R1@OCT/1/1', 'R2@OCT/1/1', 'R3@NOV/2/1']);
      const reconciliation = (await api.get(`${base}/BankAccounts/${account.id}/Reconciliation?date=2026-12-31`)).body;
      expect(reconciliation.statementBalance, `death after write ${n}`).toBe('135.00');
    }
    expect(deaths).toBeGreaterThan(3);
  }, 120_000);
});
