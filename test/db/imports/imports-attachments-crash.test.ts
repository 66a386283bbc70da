import { afterEach, describe, expect, it } from 'vitest';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { importWork } from '../../../shared/db/stores/import-work.ts';
import { runImport } from '../../../shared/imports/run-import.ts';
import { useGateway } from '../../support/api.ts';
import { companyFile } from '../../support/company-files.ts';
import { csv } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';
import { dieAfterWrite } from '../support/faults.ts';
import { claimRunsOut } from '../support/import-claims.ts';

/**
 * A journals import naming files uploaded to the company, whose worker dies after any of its
 * writes, is resumed by the next worker: each file goes on its journal once (one record there,
 * one AttachmentAttached), the company's record marked attached to it, the file locked for the
 * journal's year, as an uninterrupted run leaves them.
 */
const gateway = useGateway();
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});


describe('an import attaching files whose worker dies', () => {
  it('is resumed by the next worker and attaches each file once, whichever write it died after', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    let deaths = 0;
    for (let n = 1, ended = false; !ended; n++) {
      const [first, second] = [await companyFile(api, base, `voucher ${n}a`), await companyFile(api, base, `voucher ${n}b`)];
      const data = csv(['reference', 'date', 'accountPath', 'side', 'amount', 'attachmentIds'], [
        [`F-${n}`, '2026-05-02', '1.1101', '1', '10.00', first.id],
        [`F-${n}`, '2026-05-02', '4.4101', '2', '10.00', second.id],
      ]);
      const importId = (await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data })).body.id as string;
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

      expect((await api.get(`${base}/Imports/${importId}`)).body, `death after write ${n}`).toMatchObject({ status: 'succeeded', counts: { written: 2 }, errorCount: 0 });
      const journal = ((await api.get(`${base}/Journals?pageSize=100`)).body.results as Array<{ id: string; reference: string }>).find((j) => j.reference === `F-${n}`)!;
      const attached = (await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results as Array<{ id: string; status: string; retainUntil: string }>;
      expect(attached.map((a) => a.id).sort(), `death after write ${n}`).toEqual([first.id, second.id].sort());
      expect(attached.every((a) => a.status === 'available' && a.retainUntil === '2033-01-01T00:00:00.000Z')).toBe(true);
      for (const file of [first, second]) {
        expect((await api.get(`${base}/Attachments/${file.id}`)).body.journalId).toBe(journal.id);
        const events = (await api.get(`${base}/Events?pageSize=100&type=AttachmentAttached`)).body.results as Array<{ recordId: string }>;
        expect(events.filter((e) => e.recordId === file.id), `death after write ${n}`).toHaveLength(1);
      }
    }
    expect(deaths).toBeGreaterThan(3);
  }, 180_000);
});
