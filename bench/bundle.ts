import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleFiles, bundleFunction } from '../infra/bundling/bundle-function.ts';
import { ROUTES } from '../shared/routes.ts';
import { saveResults } from './results-file.ts';

/**
 * Cold start of the functions, bundled exactly as the stack bundles them (infra/bundling):
 * - the size of every handler's bundle, against a baseline bundle holding only the DynamoDB
 *   document client, built the same way;
 * - the median import time in fresh processes of three handlers, the baseline, and one
 *   handler with `--enable-source-maps` (the run-time source maps decision), measured
 *   interleaved so that machine noise falls on all of them alike.
 * Targets: every handler at most 300 KB; median import at most 1.2x the baseline.
 * A handler's size is what it loads at start, what every request loads: index.mjs and the
 * chunks it imports (infra/bundling/bundle-function.ts). The chunks only a dynamic import
 * reaches (an export's files, the XLSX writer, a report as known at a moment) are listed
 * apart, each loaded by the requests that take its path.
 * Prints a table and writes its figures to bench/results.json. BENCH_BUNDLE=sizes measures the
 * sizes only (no import times, which a loaded machine skews) and keeps the recorded times.
 */
const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SIZES_ONLY = process.env.BENCH_BUNDLE === 'sizes';
const SIZE_TARGET_KB = 300;
const IMPORT_TARGET_RATIO = 1.2;
const TIMED = ['journals.post', 'accounts.get', 'reports.trialBalance'];
// Inside the project, so the bundles resolve node: builtins and nothing else from node_modules.
const dir = join(ROOT, 'node_modules/.cache/ledger-bench');
mkdirSync(dir, { recursive: true });

// One decimal, so a bundle a few bytes over the target cannot round down to it.
const kilobytes = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** Bundles an entry as the stack does (no source maps: they are not loaded); its size is what it loads at start. */
function bundle(name: string, entry: string, sourcemap = false) {
  const outdir = join(dir, name);
  rmSync(outdir, { recursive: true, force: true });
  const files = bundleFiles(bundleFunction(entry, outdir, { sourcemap }));
  return { file: join(outdir, 'index.mjs'), kilobytes: kilobytes(files.atStart), lazy: files.lazy };
}

/** Milliseconds to import the bundle in one fresh process. */
function importOnce(file: string, nodeOptions: string[] = []): number {
  const probe = join(dir, 'probe.mjs');
  writeFileSync(probe, 'const t = performance.now(); await import(process.argv[2]); console.log(performance.now() - t);');
  return Number(execFileSync(process.execPath, [...nodeOptions, probe, file], { cwd: ROOT, env: { ...process.env, AWS_REGION: 'us-east-1' } }).toString());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const baselineEntry = join(dir, 'baseline-entry.ts');
writeFileSync(
  baselineEntry,
  `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\nexport const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));\n`,
);
const baseline = bundle('baseline', baselineEntry);

const handlers = [...new Map(ROUTES.map((r) => [r.handler, r])).values()];
const sizes: Array<{ route: string; kilobytes: number; lazyKilobytes?: number }> = [];
/** Each lazy chunk once (exporting handlers share the XLSX writer's), with the handlers that may load it. */
const lazyChunks = new Map<string, { kilobytes: number; holds: string[]; handlers: string[] }>();
const files = new Map<string, string>();
for (const route of handlers) {
  const built = bundle(route.name, resolve(ROOT, route.handler));
  const lazyBytes = built.lazy.reduce((sum, chunk) => sum + chunk.bytes, 0);
  sizes.push({ route: route.name, kilobytes: built.kilobytes, ...(lazyBytes > 0 ? { lazyKilobytes: kilobytes(lazyBytes) } : {}) });
  files.set(route.name, built.file);
  for (const chunk of built.lazy) {
    const key = `${chunk.largest[0]} (${kilobytes(chunk.bytes)} KB)`;
    const seen = lazyChunks.get(key) ?? { kilobytes: kilobytes(chunk.bytes), holds: chunk.largest, handlers: [] };
    seen.handlers.push(route.name);
    lazyChunks.set(key, seen);
  }
}
sizes.sort((a, b) => b.kilobytes - a.kilobytes);
const overSize = sizes.filter((s) => s.kilobytes > SIZE_TARGET_KB);
const sizeVerdict = `size target: ${overSize.length === 0 ? 'met' : `missed by ${overSize.length} handler(s), largest ${sizes[0]!.kilobytes} KB`}`;
const lazy = [...lazyChunks.values()].sort((a, b) => b.kilobytes - a.kilobytes);
console.log(`Bundles (${sizes.length} handlers; baseline ${baseline.kilobytes} KB; target <= ${SIZE_TARGET_KB} KB; lazyKilobytes: chunks loaded only on some paths):`);
console.table(sizes);
console.log('Lazy chunks, each with its largest inputs and the handlers whose bundles hold it:');
console.table(lazy.map((c) => ({ kilobytes: c.kilobytes, holds: c.holds.join(', '), handlers: c.handlers.length > 3 ? `${c.handlers.length} handlers` : c.handlers.join(', ') })));
const sizeFields = { sizesMeasuredAt: new Date().toISOString(), baselineKilobytes: baseline.kilobytes, sizes, lazyChunks: lazy };
if (SIZES_ONLY) {
  console.log(sizeVerdict);
  saveResults(sizeFields);
  process.exit(0);
}
const withMaps = bundle('journals.post-sourcemaps', resolve(ROOT, 'functions/journals/post.ts'), true);

const timed = [
  { name: 'baseline (document client only)', file: baseline.file, options: [] as string[] },
  ...TIMED.map((name) => ({ name, file: files.get(name)!, options: [] as string[] })),
  { name: 'journals.post --enable-source-maps', file: withMaps.file, options: ['--enable-source-maps'] },
];
const samples = new Map(timed.map((t) => [t.name, [] as number[]]));
for (let run = 0; run < RUNS; run++) for (const t of timed) samples.get(t.name)!.push(importOnce(t.file, t.options));
const baseMs = median(samples.get(timed[0]!.name)!);
const imports = timed.map((t) => {
  const ms = median(samples.get(t.name)!);
  return { bundle: t.name, medianImportMs: Number(ms.toFixed(1)), vsBaseline: Number((ms / baseMs).toFixed(2)) };
});

const overTime = imports.slice(1, 1 + TIMED.length).filter((i) => i.vsBaseline > IMPORT_TARGET_RATIO);
console.log(`Import time, median of ${RUNS} fresh processes each, interleaved (target <= x${IMPORT_TARGET_RATIO} the baseline):`);
console.table(imports);
console.log(sizeVerdict);
console.log(`import target: ${overTime.length === 0 ? 'met' : `missed by ${overTime.map((o) => `${o.bundle} x${o.vsBaseline}`).join(', ')}`}`);
saveResults({ ...sizeFields, measuredAt: new Date().toISOString(), runs: RUNS, imports, targets: { sizeKilobytes: SIZE_TARGET_KB, importRatio: IMPORT_TARGET_RATIO } });
