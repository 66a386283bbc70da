import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `cdk synth --quiet` printed a "Bundling asset" line and esbuild's sizes for every function.
 * A small app built as infra/app.ts builds the stack (a function as the stack makes it, bundled
 * quietly) must print one summary line, whatever esbuild and the CDK would say per function.
 */
const ROOT = resolve(import.meta.dirname, '../..');

describe('synth output', () => {
  it('bundles functions with one summary line on stderr, not lines per function', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'ledger-synth-'));
    const script = `
      import { App, Stack } from 'aws-cdk-lib';
      import { serviceFunction } from './infra/service-function.ts';
      import { bundleQuietly } from './infra/bundling/quiet-bundling.ts';
      const app = new App({ outdir: ${JSON.stringify(outdir)} });
      bundleQuietly(() => {
        const stack = new Stack(app, 'Quiet');
        serviceFunction(stack, 'F', { paramsAndSecrets: undefined, entry: 'functions/not-found.ts' });
      });
      app.synth();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    rmSync(outdir, { recursive: true, force: true });

    // This machine's npm configuration makes npx warn about itself; that is not the stack's output.
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
    expect(run.status, run.stderr).toBe(0);
    expect(lines).toEqual(['bundling: 1 asset bundled with esbuild']);
    expect(run.stdout.trim()).toBe('');
  }, 120_000);
});
