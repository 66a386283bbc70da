import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { csvRows, getFile } from '../../support/files.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/**
 * Exports past their limits answer 413 naming a narrower range that fits. The limits are
 * lowered for this file (EXPORT_MAX_LINES, EXPORT_MAX_BYTES; read on each request), so a few
 * journals pass them.
 */
const gateway = useGateway();

/** Eight journals, one a day from 2026-05-01 to 2026-05-08, each debiting cash and crediting sales. */
async function eightDays() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  await year2026(owner.api, owner.base);
  for (let day = 1; day <= 8; day++) await postedJournal(owner.api, owner.base, `2026-05-0${day}`, [debit(chart.cash.id, `${day}00.25`), credit(chart.sales.id, `${day}00.25`)]);
  return { ...owner, chart };
}

describe('export limits', () => {
  it('a general ledger past the line cap is 413 naming dateTo, and the range it names fits', async () => {
    process.env.EXPORT_MAX_LINES = '5';
    try {
      const { api, base, token, chart, companyId } = await eightDays();
      const path = (to: string, format: string) => `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-05-01&dateTo=${to}&format=${format}`;

      const tooMany = await api.get(path('2026-05-31', 'csv'));
      const tooManyXlsx = await api.get(path('2026-05-31', 'xlsx'));
      const narrower = await getFile(gateway.url(), token, path('2026-05-05', 'csv'));

      expect(tooMany.status).toBe(413);
      expect(tooMany.body.errors).toEqual([{ name: 'dateTo', code: 'ExportTooLarge', reason: expect.stringMatching(/at most 5 lines .*dateTo 2026-05-05 or earlier; or have the whole range written as a file to download: /) }]);
      // The way to the whole range: an export job (POST .../Exports).
      expect(tooMany.body.errors[0].reason).toMatch(new RegExp(`POST /api/v1/Companies/${companyId}/Exports \\(permission exports:read\\), up to 500,000 lines$`));
      expect(tooManyXlsx.status).toBe(413);
      expect(narrower.status).toBe(200);
      expect(csvRows(narrower.bytes)).toHaveLength(1 + 1 + 5 + 1);
    } finally {
      delete process.env.EXPORT_MAX_LINES;
    }
  });

  it('a journal list past the byte cap is 413 naming dateTo before the line that did not fit, and that range fits', async () => {
    process.env.EXPORT_MAX_BYTES = '900';
    try {
      const { api, base, token } = await eightDays();

      const tooLarge = await api.get(`${base}/Journals?format=csv`);
      const suggested = /dateTo (\d{4}-\d{2}-\d{2}) or earlier/.exec(tooLarge.body.errors?.[0]?.reason ?? '')?.[1];
      const narrower = await getFile(gateway.url(), token, `${base}/Journals?format=csv&dateTo=${suggested}`);

      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.errors[0]).toMatchObject({ name: 'dateTo', code: 'ExportTooLarge' });
      expect(narrower.status).toBe(200);
      expect(narrower.bytes.length).toBeLessThanOrEqual(900);
      expect(csvRows(narrower.bytes).length).toBeGreaterThan(1);
    } finally {
      delete process.env.EXPORT_MAX_BYTES;
    }
  });

  it('refuses a cursor with an export, naming page', async () => {
    const { api, base, chart } = await eightDays();
    const ledgerPath = `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-05-01&dateTo=2026-05-31`;
    const ledgerCursor = (await api.get(`${ledgerPath}&pageSize=2`)).body.nextPage;
    const journalsCursor = (await api.get(`${base}/Journals?pageSize=2`)).body.nextPage;

    const ledger = await api.get(`${ledgerPath}&format=csv&page=${encodeURIComponent(ledgerCursor)}`);
    const journals = await api.get(`${base}/Journals?format=xlsx&page=${encodeURIComponent(journalsCursor)}`);

    expect(ledger.status).toBe(400);
    expect(ledger.body.errors.map((e: { name: string }) => e.name)).toEqual(['page']);
    expect(journals.status).toBe(400);
    expect(journals.body.errors.map((e: { name: string }) => e.name)).toEqual(['page']);
  });
});
