import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles, bundleFunction } from '../../infra/bundling/bundle-function.ts';

/**
 * Functions are bundled as the stack deploys them (infra/bundling/bundle-function.ts): the
 * handler and what it imports at start, and chunks that `import()` loads on the path that needs
 * them. The XLSX writer (exceljs, about 1 MB) is such a chunk, so a JSON request never loads it.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const outdir = () => mkdtempSync(join(tmpdir(), 'ledger-chunks-'));
const inputsOf = (metafile: ReturnType<typeof bundleFunction>, files: Iterable<string>) => [...files].flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));

describe('function bundles in chunks', () => {
  it('keeps exceljs and the file writers out of what an exporting handler loads at start', () => {
    const dir = outdir();
    const metafile = bundleFunction(resolve(ROOT, 'functions/reports/trial-balance.ts'), dir, { sourcemap: false });
    const files = bundleFiles(metafile);
    const atStart = Object.keys(metafile.outputs).filter((file) => !file.endsWith('.map') && !files.lazy.some((chunk) => chunk.file === file));

    // 282 KB today: the AWS SDK, zod and the report, within the 300 KB every handler aims at.
    expect(files.atStart).toBeLessThanOrEqual(300 * 1024);
    expect(inputsOf(metafile, atStart).filter((input) => input.includes('node_modules/exceljs/') || input.endsWith('shared/exports/xlsx.ts'))).toEqual([]);
    const writer = files.lazy.find((chunk) => inputsOf(metafile, [chunk.file]).some((input) => input.includes('node_modules/exceljs/')));
    expect(writer?.bytes).toBeGreaterThan(500 * 1024);
  });

  it('writes an XLSX file from its chunks, loaded on the export path only', async () => {
    // A stand-in handler: a one-row report answered as the format the request asks for.
    const entry = join(outdir(), 'entry.ts');
    writeFileSync(
      entry,
      `import { renderFile } from ${JSON.stringify(resolve(ROOT, 'shared/exports/render.ts'))};
       import { apiExportLimits } from ${JSON.stringify(resolve(ROOT, 'shared/exports/limits.ts'))};
       const table = { sheet: 'Sheet', fileName: 'report', rightToLeft: false, columns: [{ header: 'Amount', width: 10 }], rows: [{ cells: [{ amount: '12.50', decimals: 2 }] }] };
       export const handler = async (format: 'json' | 'xlsx') => (format === 'json' ? { total: '12.50' } : renderFile(table as never, { format, language: 'en', limits: apiExportLimits() }));`,
    );
    const dir = outdir();
    const files = bundleFiles(bundleFunction(entry, dir, { sourcemap: false }));
    expect(files.lazy.length).toBeGreaterThan(0);

    const { handler } = (await import(join(dir, 'index.mjs'))) as { handler: (format: string) => Promise<unknown> };
    expect(await handler('json')).toEqual({ total: '12.50' });
    const file = (await handler('xlsx')) as { bytes: Buffer; contentType: string; fileName: string };
    expect(file.fileName).toBe('report_en.xlsx');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
