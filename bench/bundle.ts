import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundle size and cold import time of one handler (journal Post) in three bundlings: the AWS
 * SDK left to the Lambda runtime, the SDK bundled, and the SDK bundled without its default
 * credential chain (a Lambda's credentials come from its environment; the runtime has the
 * chain anyway). Externals load from node_modules here, standing in for the runtime's copy.
 * Run `npm run bench`; it prints the variants side by side and their ratios.
 */
const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = resolve(ROOT, 'functions/journals/post.ts');
const RUNS = 15;
// Inside the project, so an external package resolves from node_modules as it would from the runtime.
const dir = join(ROOT, 'node_modules/.cache/ledger-bench');
mkdirSync(dir, { recursive: true });

async function bundle(name: string, external: string[]): Promise<string> {
  const outfile = join(dir, name, 'index.mjs');
  await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    external,
    outfile,
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}

/** Median milliseconds to import the bundle in a fresh process. */
function importMs(file: string): number {
  const probe = join(dir, `probe-${Math.random()}.mjs`);
  writeFileSync(probe, `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`);
  const times = Array.from({ length: RUNS }, () => Number(execFileSync(process.execPath, [probe], { cwd: ROOT }).toString()));
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const variants = [
  { name: 'sdk-from-runtime', external: ['@aws-sdk/*'] },
  { name: 'sdk-bundled', external: [] as string[] },
  { name: 'sdk-bundled-no-credential-chain', external: ['@aws-sdk/credential-provider-node'] },
];
const rows = [];
for (const v of variants) {
  const file = await bundle(v.name, v.external);
  rows.push({ variant: v.name, kilobytes: Math.round(statSync(file).size / 1024), importMs: Number(importMs(file).toFixed(1)) });
}
console.table(rows);
const base = rows[0]!;
for (const row of rows.slice(1)) {
  console.log(`${row.variant} vs ${base.variant}: size x${(row.kilobytes / base.kilobytes).toFixed(2)}, import time x${(row.importMs / base.importMs).toFixed(2)} (median of ${RUNS} fresh processes)`);
}
