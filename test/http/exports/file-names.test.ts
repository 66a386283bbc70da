import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { exportBooks } from '../../support/export-books.ts';
import { getFile } from '../../support/files.ts';

/** The Arabic and the English file of one export are told apart by name, so both can be saved side by side. */
const gateway = useGateway();

describe('export file names', () => {
  it('end with the language, for reports, the general ledger and the journal list alike', async () => {
    const { base, token, chart } = await exportBooks(gateway.url);
    const exports = {
      'trial-balance_2026-01-01_2026-12-31': `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&format=xlsx`,
      'general-ledger_1101_2026-01-01_2026-12-31': `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31&format=csv`,
      'journals_2026-01-01_2026-03-31': `${base}/Journals?dateFrom=2026-01-01&dateTo=2026-03-31&format=csv`,
    };

    for (const [name, path] of Object.entries(exports)) {
      const extension = path.endsWith('xlsx') ? 'xlsx' : 'csv';
      const [english, arabic, unsaid] = await Promise.all([getFile(gateway.url(), token, `${path}&language=en`), getFile(gateway.url(), token, `${path}&language=ar`), getFile(gateway.url(), token, path)]);
      expect([english.status, arabic.status, unsaid.status], path).toEqual([200, 200, 200]);
      expect(english.headers.get('content-disposition')).toBe(`attachment; filename="${name}_en.${extension}"`);
      expect(arabic.headers.get('content-disposition')).toBe(`attachment; filename="${name}_ar.${extension}"`);
      // English unless asked otherwise, and named so.
      expect(unsaid.headers.get('content-disposition')).toBe(english.headers.get('content-disposition'));
      expect(arabic.bytes.equals(english.bytes), path).toBe(false);
    }
  });
});
