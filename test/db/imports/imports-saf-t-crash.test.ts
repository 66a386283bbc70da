import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { importWork } from '../../../shared/db/stores/import-work.ts';
import { runImport } from '../../../shared/imports/run-import.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { year2026 } from '../../support/ledger.ts';
import { dieAfterWrite } from '../support/faults.ts';
import { claimRunsOut } from '../support/import-claims.ts';

/**
 * A whole SAF-T file's job (`kind: "safT"`) whose worker dies between two of its parts (after
 * the chart, after the cost centers, after the counterparties) is finished by the next worker:
 * every record of every part written once, and the books those of an uninterrupted job.
 */
const gateway = useGateway();
const FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('a whole SAF-T file whose worker dies between parts', () => {
  it('is finished by the next worker, each record written once', async () => {
    // The check's record is write 1; the 7 accounts are writes 2 to 8 (death after the chart), the 2 cost centers 9 and 10, the counterparties 11 (death before the journals).
    for (const death of [8, 11]) {
      const { api, base, companyId } = await companyOwner(gateway.url);
      const year = await year2026(api, base);
      const importId = (await api.post(`${base}/Imports`, { kind: 'safT', format: 'saf-t', financialYearId: year.id, post: true, data: FIXTURE })).body.id as string;
      const crash = dieAfterWrite(death);
      restore = crash.restore;
      const outcome = await runImport(importWork, companyId, importId).catch((error: Error) => error);
      restore();
      restore = undefined;
      expect(String(outcome), `death after write ${death}`).toContain('ECONNREFUSED');

      await claimRunsOut(companyId, importId);
      await runImports({ companyId });

      const job = (await api.get(`${base}/Imports/${importId}`)).body;
      expect(job, `death after write ${death}: ${JSON.stringify(job.errors)}`).toMatchObject({ status: 'succeeded', counts: { rows: 22, written: 22, skippedDuplicates: 0 }, errorCount: 0 });
      const accounts = (await api.get(`${base}/Accounts?pageSize=100`)).body.results as unknown[];
      const parties = (await api.get(`${base}/Counterparties?pageSize=100`)).body.results as unknown[];
      const journals = (await api.get(`${base}/Journals?pageSize=100`)).body.results as Array<{ serialNumber: number }>;
      expect([accounts.length, parties.length, journals.length], `death after write ${death}`).toEqual([7, 2, 5]);
      expect(new Set(journals.map((j) => j.serialNumber)).size).toBe(5);
      const rows = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-02-28`)).body.rows as Array<{ path: string; type: string; closing: { debit: string; credit: string } }>;
      const cents = (t: string) => Math.round(Number(t) * 100);
      const closings = Object.fromEntries(rows.filter((r) => r.type === 'leaf' && cents(r.closing.debit) !== cents(r.closing.credit)).map((r) => [r.path, cents(r.closing.debit) - cents(r.closing.credit)]));
      expect(closings, `death after write ${death}`).toEqual({ '1920': 575000, '2050': -500000, '2700': -15000, '3000': -100000, '6300': 40000 });
    }
  });
});
