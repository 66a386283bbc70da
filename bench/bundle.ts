import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { ESBUILD_OPTIONS } from '../infra/bundling/options.ts';
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
 * Prints a table and writes its figures to bench/results.json.
 */
const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SIZE_TARGET_KB = 300;
const IMPORT_TARGET_RATIO = 1.2;
const TIMED = ['journals.post', 'accounts.get', 'reports.trialBalance'];
// Inside the project, so the bundles resolve node: builtins and nothing else from node_modules.
const dir = join(ROOT, 'node_modules/.cache/ledger-bench');
mkdirSync(dir, { recursive: true });

async function bundle(name: string, entry: string, sourcemap = false): Promise<{ file: string; kilobytes: number }> {
  const file = join(dir, name, 'index.mjs');
  await build({ ...ESBUILD_OPTIONS, mainFields: [...ESBUILD_OPTIONS.mainFields], entryPoints: [entry], outfile: file, sourcemap, logLevel: 'silent' });
  // One decimal, so a bundle a few bytes over the target cannot round down to it.
  return { file, kilobytes: Number((statSync(file).size / 1024).toFixed(1)) };
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
const baseline = await bundle('baseline', baselineEntry);

const handlers = [...new Map(ROUTES.map((r) => [r.handler, r])).values()];
const sizes: Array<{ route: string; kilobytes: number }> = [];
const files = new Map<string, string>();
for (const route of handlers) {
  const built = await bundle(route.name, resolve(ROOT, route.handler));
  sizes.push({ route: route.name, kilobytes: built.kilobytes });
  files.set(route.name, built.file);
}
const withMaps = await bundle('journals.post-sourcemaps', resolve(ROOT, 'functions/journals/post.ts'), true);

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

sizes.sort((a, b) => b.kilobytes - a.kilobytes);
const overSize = sizes.filter((s) => s.kilobytes > SIZE_TARGET_KB);
const overTime = imports.slice(1, 1 + TIMED.length).filter((i) => i.vsBaseline > IMPORT_TARGET_RATIO);
console.log(`Bundles (${sizes.length} handlers; baseline ${baseline.kilobytes} KB; target <= ${SIZE_TARGET_KB} KB):`);
console.table(sizes);
console.log(`Import time, median of ${RUNS} fresh processes each, interleaved (target <= x${IMPORT_TARGET_RATIO} the baseline):`);
console.table(imports);
console.log(`size target: ${overSize.length === 0 ? 'met' : `missed by ${overSize.length} handler(s), largest ${sizes[0]!.kilobytes} KB`}`);
console.log(`import target: ${overTime.length === 0 ? 'met' : `missed by ${overTime.map((o) => `${o.bundle} x${o.vsBaseline}`).join(', ')}`}`);
saveResults({ measuredAt: new Date().toISOString(), runs: RUNS, baselineKilobytes: baseline.kilobytes, sizes, imports, targets: { sizeKilobytes: SIZE_TARGET_KB, importRatio: IMPORT_TARGET_RATIO } });
