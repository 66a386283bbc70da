/**
 * One export of a general ledger in a fresh process, as a Lambda would run it: argv companyId,
 * accountId, format (csv | xlsx), dateFrom, dateTo; the environment points at the bench's
 * DynamoDB Local. Reads the statement's lines as the renderer pulls them and writes the file into
 * a sink that only counts (no cap: the bench measures past the API's limits). Prints one JSON
 * line: milliseconds, bytes, lines, and the process's peak resident memory.
 */
const [companyId, accountId, format, dateFrom, dateTo] = process.argv.slice(2) as [string, string, 'csv' | 'xlsx', string, string];
const { wholeGeneralLedger } = await import('../shared/reports/general-ledger.ts');
const { costCenterPaths } = await import('../shared/reports/report-nodes.ts');
const { generalLedgerTable } = await import('../shared/exports/tables/general-ledger.ts');
const { writeFile } = await import('../shared/exports/render.ts');
const { ByteSink } = await import('../shared/exports/byte-sink.ts');

const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const [ledger, centers] = await Promise.all([wholeGeneralLedger(companyId, { accountId, dateFrom, dateTo, language: 'en' }), costCenterPaths(companyId)]);
let lines = 0;
const counted = {
  ...ledger,
  lines: (async function* () {
    for await (const line of ledger.lines) {
      lines += 1;
      yield line;
    }
  })(),
};
const sink = new ByteSink(Number.POSITIVE_INFINITY, false);
await writeFile(generalLedgerTable(counted, centers, { accounts: true, costCenters: true }, 'en'), format, sink, { lines: Number.POSITIVE_INFINITY, bytes: Number.POSITIVE_INFINITY }, dateFrom);
const ms = performance.now() - started;
// Peak resident set of this process (kilobytes on Linux).
const peakRss = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ format, ms: Math.round(ms), bytes: sink.bytes, lines, rssBeforeMb: Math.round(rssBefore / 2 ** 20), peakRssMb: Math.round(peakRss / 2 ** 20) }));
process.exit(0);
