import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { exportBooks, ok } from '../../support/export-books.ts';

/** A report asked as known at a moment says which moment, in UTC to the millisecond; one of the books of now says null. */
const gateway = useGateway();

/** The same instant written with a +03:00 offset. */
const inRiyadh = (at: Date) => `${new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 23)}+03:00`;

describe('knownAt in a report', () => {
  it('is echoed by every report asked as known at a moment, and null otherwise', async () => {
    const { api, base, chart } = await exportBooks(gateway.url);
    const moment = new Date();
    const asked = inRiyadh(moment);
    const reports = [
      `${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`,
      `${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31`,
      `${base}/Reports/BalanceSheet?date=2026-12-31`,
      `${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-12-31`,
      `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31`,
    ];

    for (const path of reports) {
      const known = await ok(api, `${path}&knownAt=${encodeURIComponent(asked)}`);
      const now = await ok(api, path);
      expect(known.knownAt, path).toBe(moment.toISOString());
      expect(now.knownAt, path).toBeNull();
      // Nothing changed since the moment: the figures are the same.
      expect({ ...known, knownAt: null }, path).toEqual(now);
    }
  });
});
