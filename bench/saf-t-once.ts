/**
 * One SAF-T Financial file in a fresh process, as an export job's function writes it: argv
 * companyId, dateFrom, dateTo, the file's path; the environment points at the bench's DynamoDB
 * Local. The file is written within the job's limits, in parts of 8 MiB appended to the file on
 * disk as a job's are sent to storage (so memory holds two parts however long the file). Prints
 * one JSON line: milliseconds, bytes, the journal lines written and the process's peak resident
 * memory.
 */
import { appendFile, writeFile } from 'node:fs/promises';

const [companyId, dateFrom, dateTo, path] = process.argv.slice(2) as [string, string, string, string];
const { safTFile } = await import('../shared/saf-t/saf-t-file.ts');
const { safTReads } = await import('../shared/db/stores/saf-t-ports.ts');
const { jobExportLimits } = await import('../shared/exports/limits.ts');
const { PartSink } = await import('../shared/exports/part-sink.ts');
const { PERMISSIONS } = await import('../shared/auth/permissions.ts');

const PART_BYTES = 8 * 1024 * 1024;
await writeFile(path, '');
let sink: InstanceType<typeof PartSink> | undefined;
let lines = 0;
const output = {
  open(_fileName: string, _contentType: string, cap: number) {
    sink = new PartSink(cap, PART_BYTES, {
      sendPart: (_n: number, body: Buffer) => appendFile(path, body),
      complete: (_parts: number, rest: Buffer) => appendFile(path, rest),
      abort: async () => undefined,
    });
    return sink;
  },
  async close(_sink: unknown, rows: number) {
    lines = rows;
    await sink!.complete();
  },
};

const started = performance.now();
await safTFile(safTReads, companyId, { dateFrom, dateTo } as never, { format: 'xml', language: 'en', hijri: false, limits: jobExportLimits(), permissions: [...PERMISSIONS], output });
const ms = performance.now() - started;
console.log(JSON.stringify({ ms: Math.round(ms), bytes: sink!.bytes, lines, peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 2 ** 20) }));
process.exit(0);
