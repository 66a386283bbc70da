/**
 * One export in a fresh process, as a Lambda would run it: argv kind (ledger | journals),
 * companyId, accountId (the ledger's; ignored for journals), format (csv | xlsx), dateFrom,
 * dateTo; the environment points at the bench's DynamoDB Local. Reads the lines as the renderer
 * pulls them and writes the file into a sink that only counts (no cap: the bench measures past
 * the API's limits). Prints one JSON line: milliseconds, bytes, lines, DynamoDB calls and items
 * read, and the process's peak resident memory.
 */
const [kind, companyId, accountId, format, dateFrom, dateTo] = process.argv.slice(2) as ['ledger' | 'journals', string, string, 'csv' | 'xlsx', string, string];
const { wholeGeneralLedger } = await import('../shared/reports/general-ledger.ts');
const { generalLedgerReads } = await import('../shared/db/stores/report-ports.ts');
const { journalExporting } = await import('../shared/db/stores/journal-export-ports.ts');
const { costCenterPaths } = await import('../shared/reports/report-nodes.ts');
const { generalLedgerTable } = await import('../shared/exports/tables/general-ledger.ts');
const { journalsExportTable } = await import('../shared/journals/export-journals.ts');
const { writeFile } = await import('../shared/exports/render.ts');
const { ByteSink } = await import('../shared/exports/byte-sink.ts');
const { db } = await import('../shared/db/table/client.ts');
const { countingDatabaseCalls } = await import('../shared/db/table/call-count.ts');
type ReportTable = import('../shared/exports/table.ts').ReportTable;

let itemsRead = 0;
// Items answered by every read (queries, gets, batch gets), for where the time goes.
db().middlewareStack.add(
  (next) => async (args) => {
    const answer = await next(args);
    const output = answer.output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
    itemsRead += (output.Items?.length ?? 0) + (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0);
    return answer;
  },
  { step: 'initialize', name: 'countItemsRead' },
);

const rssBefore = process.memoryUsage().rss;
const started = performance.now();
let lines = 0;
/** The table with its dated rows (the lines) counted as the renderer pulls them. */
const counted = (table: ReportTable): ReportTable => ({
  ...table,
  rows: (async function* () {
    for await (const row of table.rows) {
      if (row.date !== undefined) lines += 1;
      yield row;
    }
  })(),
});
async function table(): Promise<ReportTable> {
  const shown = { accounts: true, costCenters: true };
  if (kind === 'journals') return journalsExportTable(journalExporting, companyId, { dateFrom, dateTo, keyword: undefined, language: 'en' } as never, { language: 'en', permissions: ['accounts:read', 'cost-centers:read'] });
  const [ledger, centers] = await Promise.all([wholeGeneralLedger(generalLedgerReads, companyId, { accountId, dateFrom, dateTo, language: 'en', hijri: false }), costCenterPaths(generalLedgerReads, companyId)]);
  return generalLedgerTable(ledger, centers, shown, 'en');
}
const sink = new ByteSink(Number.POSITIVE_INFINITY, false);
const { calls } = await countingDatabaseCalls(async () => writeFile(counted(await table()), format, sink, { lines: Number.POSITIVE_INFINITY, bytes: Number.POSITIVE_INFINITY }, dateFrom));
const ms = performance.now() - started;
// Peak resident set of this process (kilobytes on Linux).
const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ kind, format, ms: Math.round(ms), bytes: sink.bytes, lines, calls, itemsRead, rssBeforeMb: Math.round(rssBefore / 2 ** 20), peakRssMb: Math.round(peakRss / 2 ** 20) }));
process.exit(0);
