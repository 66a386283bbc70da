import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../shared/auth/permissions.ts';
import { safTReads } from '../../../shared/db/stores/saf-t-ports.ts';
import { apiExportLimits } from '../../../shared/exports/limits.ts';
import { safTFile } from '../../../shared/saf-t/saf-t-file.ts';
import type { SafTReads } from '../../../shared/saf-t/store.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * The SAF-T file is written from two reads, the balances (its master files) and the ledger (its
 * journals), which a posting committed between them would part. Its check sees it and reads the
 * books again: the file answered is that of the books after the posting, whole. The posting is
 * made at that very point by the books' own reads, passed on unchanged otherwise.
 */
const gateway = useGateway();

const parser = new XMLParser({ isArray: (name) => ['Account', 'Transaction', 'Line'].includes(name), parseTagValue: false });
const choice = (companyId: string) => ({ format: 'xml' as const, language: 'en' as const, hijri: false, limits: apiExportLimits(companyId), permissions: [...PERMISSIONS] });
const query = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

async function post(api: Client, base: string, entries: unknown[], description: string) {
  const created = await api.post(`${base}/Journals`, { date: '2026-03-10', description, entries });
  const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-10', version: created.body.version });
  expect(posted.status, posted.text).toBe(200);
  return posted.body;
}

/** The journals of a file, by description, and each account's closing less opening balance against its lines. */
function readFile(bytes: Buffer) {
  const file = parser.parse(bytes.toString('utf8')).AuditFile;
  const transactions = (file.GeneralLedgerEntries.Journal?.Transaction ?? []) as Array<{ Description: string; Line: Array<Record<string, any>> }>;
  const cents = (t: string | undefined) => Math.round(Number(t ?? 0) * 100);
  const moved = new Map<string, number>();
  for (const line of transactions.flatMap((t) => t.Line)) moved.set(line.AccountID, (moved.get(line.AccountID) ?? 0) + cents(line.DebitAmount?.Amount) - cents(line.CreditAmount?.Amount));
  const balanced = (file.MasterFiles.GeneralLedgerAccounts.Account as Array<Record<string, string>>).every((a) => cents(a.ClosingDebitBalance) - cents(a.ClosingCreditBalance) - cents(a.OpeningDebitBalance) + cents(a.OpeningCreditBalance) === (moved.get(a.AccountID!) ?? 0));
  return { descriptions: transactions.map((t) => t.Description), balanced };
}

describe('the SAF-T file while the books move', () => {
  it('reads the books again when a journal is posted between its balances and its ledger, answering the books after it', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    await post(api, base, [debit(chart.cash.id, 100), credit(chart.sales.id, 100)], 'Before');
    let ledgerReads = 0;
    const books: SafTReads = {
      ...safTReads,
      mergedLines: async function* (...args) {
        ledgerReads += 1;
        // The balances are read; the ledger is not yet.
        if (ledgerReads === 1) await post(api, base, [debit(chart.cash.id, 7), credit(chart.sales.id, 7)], 'Meanwhile');
        yield* safTReads.mergedLines(...args);
      },
    };

    const file = readFile((await safTFile(books, companyId, query, choice(companyId))).bytes);

    expect(ledgerReads).toBe(2);
    expect(file.descriptions).toEqual(['Before', 'Meanwhile']);
    expect(file.balanced).toBe(true);
  });

  it('reads the books again when a journal found in the ledger is no longer posted when it is read whole', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    await post(api, base, [debit(chart.cash.id, 100), credit(chart.sales.id, 100)], 'Kept');
    const adjusted = await post(api, base, [debit(chart.rent.id, 40), credit(chart.cash.id, 40)], 'Taken back');
    let journalReads = 0;
    const books: SafTReads = {
      ...safTReads,
      journals: async (...args) => {
        journalReads += 1;
        // Its ledger lines were read; the journal goes back to draft before it is read whole.
        if (journalReads === 1) expect((await api.post(`${base}/Journals/${adjusted.id}/Adjust`, { version: adjusted.version })).status).toBe(200);
        return safTReads.journals(...args);
      },
    };

    const file = readFile((await safTFile(books, companyId, query, choice(companyId))).bytes);

    expect(journalReads).toBe(2);
    expect(file.descriptions).toEqual(['Kept']);
    expect(file.balanced).toBe(true);
  });
});
