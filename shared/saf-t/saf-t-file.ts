import { TOTAL_GROUP, type AccountSums } from '../balances/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import { Forbidden, StateConflict, ValidationError } from '../errors.ts';
import { numberPending } from '../events/numbering-rules.ts';
import type { FileChoice } from '../exports/answer.ts';
import { ByteSink } from '../exports/byte-sink.ts';
import { FileBody } from '../exports/file-body.ts';
import { MEDIA_TYPES } from '../exports/formats.ts';
import { RowLimits } from '../exports/row-limits.ts';
import { spoolFor } from '../exports/spool-for.ts';
import type { Spool } from '../exports/spool.ts';
import { fragments, leaf, XmlStream } from '../exports/xml.ts';
import { leavesUnder, rootsOf, type ChartAccount } from '../reports/account-tree.ts';
import { balancesAround, net } from '../reports/figures.ts';
import { reportContext, type ReportContext } from '../reports/report-context.ts';
import { nodePaths } from '../reports/report-nodes.ts';
import { checkReportRange } from '../reports/report-range.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { StandardCodes } from '../accounts/standard-codes.ts';
import { writeLedgerEntries, type LedgerTally } from './general-ledger-entries.ts';
import { headerXml } from './header.ts';
import { accountXml, costCenterXml, partyXml, taxTableXml } from './master-files.ts';
import { safTNaming, type SafTNaming } from './naming.ts';
import { bilingual, linesAgree, monetary, periodYearProblem, SAF_T_NAMESPACE, safTPrecisionProblem, UNKNOWN_COUNTRY, type PartyRole } from './rules.ts';
import type { SafTInput } from './schemas.ts';
import type { SafTReads } from './store.ts';

/** Counterparties read at once for the master files. */
const PARTIES_AT_ONCE = 100;

/** What the file may show beyond what reports:read and journals:read show: names need the permission that reads them (an export shows no more than the same principal's JSON). */
interface SafTShown {
  counterparties: boolean;
  costCenters: boolean;
  taxCodes: boolean;
}

/**
 * The SAF-T Financial file of a range of posting dates (docs/decisions.md, "The SAF-T Financial
 * export"): the header, the master files (every leaf account with its opening and closing
 * balances, the customers and suppliers the range's lines name, the tax codes they use, the cost
 * centers) and every journal posted in the range with its lines, in the Norwegian v1.30 schema's
 * layout. Streamed and bounded in memory: the journals are written first into a spool (memory for
 * an API answer, local disk for an export job) as the ledger is read, so the header can give
 * their totals, then copied in after the master files. The lines' movements must agree with the
 * balances the master files give (read before them), else the books changed under the read and
 * the file is read again, as a report is while a wide posting runs (steady-books.ts). It holds
 * every journal, so the caller needs journals:read as well as the route's reports:read.
 * Errors: Forbidden, StateConflict (AmountsTooPrecise), ValidationError (InvalidRange,
 * RangeTooLong, NoFinancialYear; a range touching a year starting before 1970 or after 2100,
 * which a transaction's period year cannot hold), BooksInMotion, ExportTooLarge.
 */
export async function safTFile(books: SafTReads, companyId: string, query: SafTInput, choice: FileChoice<'xml'>): Promise<FileBody> {
  if (!choice.permissions.includes('journals:read')) throw new Forbidden('The SAF-T file holds every journal of the range: it also needs the permission journals:read.');
  const shown: SafTShown = { counterparties: choice.permissions.includes('counterparties:read'), costCenters: choice.permissions.includes('cost-centers:read'), taxCodes: choice.permissions.includes('tax-codes:read') };
  const range = { from: query.dateFrom, to: query.dateTo };
  // Every journal posted before the request has its entry number, its TransactionID.
  await numberPending(books, companyId);
  let spool: Spool | undefined;
  try {
    const read = await whileBooksSteady(
      books,
      companyId,
      async () => {
        await spool?.dispose();
        spool = await spoolFor(choice.limits.bytes);
        return readBooks(books, companyId, range, spool, new RowLimits(spool, choice.limits, range.from), shown);
      },
      { consistent: (r) => r.steady },
    );
    const fileName = `saf-t_${range.from}_${range.to}.xml`;
    const contentType = `${MEDIA_TYPES.xml}; charset=utf-8`;
    const sink = choice.output ? choice.output.open(fileName, contentType, choice.limits.bytes) : new ByteSink(choice.limits.bytes);
    await writeDocument(books, companyId, read, range, spool!, sink, shown);
    if (sink.overflowed) throw read.limits.tooLarge();
    await choice.output?.close(sink, read.tally.lines);
    return new FileBody(sink.contents(), contentType, fileName);
  } finally {
    await spool?.dispose();
  }
}

/** The books as read for the file: the journals in the spool, and what the rest of the file is made of. */
interface BooksRead {
  ctx: ReportContext<SafTReads>;
  settings: SettingsRecord;
  companyName: string;
  leaves: ChartAccount[];
  opening: AccountSums;
  closing: AccountSums;
  costCenters: Array<NodeRecord<CostCenterAttributes>>;
  /** Each account's codes in charts outside the books (accounts/standard-codes.ts), by id. */
  outside: Map<string, StandardCodes>;
  naming: SafTNaming;
  tally: LedgerTally;
  limits: RowLimits;
  steady: boolean;
}

async function readBooks(books: SafTReads, companyId: string, range: { from: string; to: string }, spool: Spool, limits: RowLimits, shown: SafTShown): Promise<BooksRead> {
  // The context reads the settings too (NotFound without them); the header needs the registration it leaves out.
  // The chart's records as the context reads them, for the codes it keeps of them (the report chart leaves them out).
  const outside = new Map<string, StandardCodes>();
  const keeping = { ...books, accounts: async (id: string) => (await books.accounts(id)).map((r) => (outside.set(r.id, r.attributes), r)) };
  const [ctx, settings, companyName, costCenters] = await Promise.all([reportContext(keeping, companyId), books.settings(companyId), books.companyName(companyId), books.costCenters(companyId)]);
  const problem = safTPrecisionProblem(ctx.precision);
  if (problem) throw new StateConflict('AmountsTooPrecise', problem, 'decimalPrecision');
  checkReportRange(range.from, range.to, ctx.years);
  const outsideYears = periodYearProblem(ctx.years, range);
  if (outsideYears) throw ValidationError.field('dateFrom', `with dateTo, ${outsideYears}`);
  const [before, through] = await balancesAround(companyId, ctx, range, { kind: 'total' });
  const opening = before.get(TOTAL_GROUP) ?? new Map();
  const closing = through.get(TOTAL_GROUP) ?? new Map();
  // Leaves along the tree, parents' codes in order: the master file lists them as the trial balance does.
  const leaves = rootsOf(ctx.chart).flatMap(leavesUnder);
  const naming = safTNaming(ctx.chart, shown.costCenters ? nodePaths(costCenters) : undefined, ctx.years);
  const tally = await writeLedgerEntries(books, companyId, leaves.map((a) => a.id), range, new XmlStream(spool), limits, naming, ctx.currency);
  const steady = tally.steady && linesAgree(leaves.map((a) => a.id), opening, closing, tally.byAccount);
  return { ctx, settings: settings!, companyName: companyName ?? '', leaves, opening, closing, costCenters, outside, naming, tally, limits, steady };
}

/** The document: header, master files, the general ledger entries' totals, and the journals copied in from the spool. */
async function writeDocument(books: SafTReads, companyId: string, read: BooksRead, range: { from: string; to: string }, spool: Spool, sink: ByteSink, shown: SafTShown): Promise<void> {
  const { ctx, settings, tally, naming } = read;
  const country = settings.taxJurisdiction ?? UNKNOWN_COUNTRY;
  const xml = new XmlStream(sink);
  xml.declare();
  xml.start('AuditFile', { xmlns: SAF_T_NAMESPACE });
  await xml.write(headerXml({ companyName: read.companyName, taxRegistrationNumber: settings.taxRegistrationNumber, country, currency: ctx.currency, range, createdOn: new Date().toISOString().slice(0, 10) }));

  xml.start('MasterFiles');
  if (read.leaves.length > 0) {
    xml.start('GeneralLedgerAccounts');
    for (const leaf of read.leaves) await xml.write(accountXml(leaf, read.outside.get(leaf.id) ?? {}, naming.account(leaf.id), rootCode(ctx, leaf), net(read.opening.get(leaf.id)), net(read.closing.get(leaf.id))));
    xml.end();
  }
  for (const role of ['customer', 'supplier'] as const) await writeParties(books, companyId, xml, role, [...tally.parties.get(role)!].sort(), shown);
  if (shown.taxCodes && tally.taxCodeIds.size > 0) {
    const codes = (await books.taxCodes(companyId, [...tally.taxCodeIds])).sort((a, b) => (a.code < b.code ? -1 : 1));
    if (codes.length > 0) await xml.write(taxTableXml(codes, country));
  }
  if (shown.costCenters && read.costCenters.length > 0) {
    xml.start('AnalysisTypeTable');
    const entries = read.costCenters.map((c) => ({ id: naming.costCenter(c.id), record: c })).sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const { id, record } of entries) await xml.write(costCenterXml(id, record.attributes.name, record.attributes.status === 'active'));
    xml.end();
  }
  xml.end();

  xml.start('GeneralLedgerEntries');
  await xml.write(leaf('NumberOfEntries', tally.entries));
  await xml.write(leaf('TotalDebit', monetary(tally.debit)));
  await xml.write(leaf('TotalCredit', monetary(tally.credit)));
  if (tally.entries > 0) {
    // One SAF-T journal (a book of entries) holds every transaction: the service keeps one general journal.
    xml.start('Journal');
    await xml.write(fragments([leaf('JournalID', 'GL'), leaf('Description', GENERAL_JOURNAL), leaf('Type', 'GL')]));
    await spool.copyInto(sink);
    xml.end();
  }
  xml.end();
  xml.end();
}

/** The customers or suppliers the lines name, by id, read a batch at a time where the caller may read counterparties. */
async function writeParties(books: SafTReads, companyId: string, xml: XmlStream, role: PartyRole, ids: readonly string[], shown: SafTShown): Promise<void> {
  if (ids.length === 0) return;
  xml.start(role === 'customer' ? 'Customers' : 'Suppliers');
  for (let at = 0; at < ids.length; at += PARTIES_AT_ONCE) {
    const batch = ids.slice(at, at + PARTIES_AT_ONCE);
    const found = shown.counterparties ? new Map((await books.counterparties(companyId, [...batch])).map((p) => [p.counterpartyId, p])) : new Map();
    for (const id of batch) await xml.write(partyXml(role, id, found.get(id)));
  }
  xml.end();
}

/** The code of the root an account sits under: its grouping code. */
function rootCode(ctx: ReportContext<SafTReads>, account: ChartAccount): string {
  let at = account;
  for (let parent = at.parentId ? ctx.chart.get(at.parentId) : undefined; parent; parent = parent.parentId ? ctx.chart.get(parent.parentId) : undefined) at = parent;
  return at.code;
}

/** The one SAF-T journal's description: the service keeps one general journal. */
const GENERAL_JOURNAL = bilingual({ english: 'General journal', arabic: 'دفتر اليومية العامة' });
