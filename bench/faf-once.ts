/**
 * One FTA audit file in a fresh process, as a Lambda would write it: argv companyId, dateFrom,
 * dateTo; the environment points at the bench's DynamoDB Local. The use case streams the file
 * into a sink that only counts, with no cap (the bench measures past the API's limits), while
 * the process's resident memory (process.memoryUsage().rss) is sampled every 20 ms. Prints one
 * JSON line: milliseconds, bytes, the file's totals, the sampled peak and the kernel's peak
 * resident memory.
 */
const [companyId, dateFrom, dateTo] = process.argv.slice(2) as [string, string, string];
const { writeFtaAuditFile } = await import('../shared/reports/fta-audit-file.ts');
const { ftaAuditFileReads } = await import('../shared/db/stores/fta-audit-file-ports.ts');
const { ByteSink } = await import('../shared/exports/byte-sink.ts');

const rssBefore = process.memoryUsage().rss;
let peakSampled = rssBefore;
const sampler = setInterval(() => {
  peakSampled = Math.max(peakSampled, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const sink = new ByteSink(Number.POSITIVE_INFINITY, false);
const totals = await writeFtaAuditFile(ftaAuditFileReads, companyId, { dateFrom, dateTo }, sink, { lines: Number.POSITIVE_INFINITY, bytes: Number.POSITIVE_INFINITY }, { counterparties: true });
const ms = performance.now() - started;
clearInterval(sampler);
peakSampled = Math.max(peakSampled, process.memoryUsage().rss);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
// The kernel's peak resident set of this process (kilobytes on Linux), beside the sampled one.
console.log(JSON.stringify({ ms: Math.round(ms), bytes: sink.bytes, totals, rssBeforeMb: mb(rssBefore), peakRssMb: mb(peakSampled), maxRssMb: mb(process.resourceUsage().maxRSS * 1024) }));
process.exit(0);
