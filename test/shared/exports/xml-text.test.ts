import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../shared/exports/byte-sink.ts';
import { writeFile } from '../../../shared/exports/render.ts';
import type { ReportTable } from '../../../shared/exports/table.ts';
import { xmlText } from '../../../shared/exports/xml-text.ts';
import { checkXlsxParts, csvRows, sheetValues, xlsxSheet } from '../../support/files.ts';

/** Text XML 1.0 cannot hold, in the books by a path that did not refuse it: the files still open. */
const NOT_XML = ['\uFFFF', '\uFFFE', '\u0000', '\u0001', '\u001F', '\uD800', '\uDFFF'];
const HELD = ['\t', '\n', '\r', ' ', 'حساب', '\uD7FF', '\uE000', '\uFFFD', '\u{1F600}', '\u{10FFFF}'];
const NO_LIMITS = { lines: Number.POSITIVE_INFINITY, bytes: Number.POSITIVE_INFINITY };

const tableOf = (texts: string[]): ReportTable => ({
  sheet: `Sheet ${texts[0] ?? ''}`.slice(0, 31),
  fileName: 'test',
  rightToLeft: false,
  columns: [{ header: `Text ${texts[0] ?? ''}`, width: 10 }, { header: 'Amount', width: 10 }],
  rows: texts.map((text) => ({ cells: [text, { amount: '1.00', decimals: 2 }], date: '2026-01-01' })),
});

async function file(table: ReportTable, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const sink = new ByteSink(Number.POSITIVE_INFINITY);
  await writeFile(table, format, sink, NO_LIMITS);
  return sink.contents();
}

describe('xmlText', () => {
  it('replaces each character XML 1.0 cannot hold, lone surrogates included, by U+FFFD and keeps every other', () => {
    for (const c of NOT_XML) expect(xmlText(`a${c}b`), JSON.stringify(c)).toBe('a\uFFFDb');
    for (const c of HELD) expect(xmlText(`a${c}b`), JSON.stringify(c)).toBe(`a${c}b`);
    expect(xmlText('\uDBFF\uDFFF\uDFFF\uD800')).toBe('\u{10FFFF}\uFFFD\uFFFD');
  });
});

describe('files of text XML cannot hold', () => {
  it('an XLSX of such text in the sheet name, a header and cells has every part well-formed, each such character read back as U+FFFD', async () => {
    const texts = NOT_XML.map((c) => `x${c}y`);

    const bytes = await file(tableOf(texts), 'xlsx');

    await expect(checkXlsxParts(bytes)).resolves.toEqual(expect.arrayContaining(['xl/worksheets/sheet1.xml', 'xl/workbook.xml', '[Content_Types].xml']));
    const sheet = await xlsxSheet(bytes);
    expect(sheet.name).toBe('Sheet x\uFFFDy');
    expect(sheetValues(sheet).map((r) => r[0])).toEqual(['Text x\uFFFDy', ...NOT_XML.map(() => 'x\uFFFDy')]);
  });

  it('a CSV of lone surrogates is UTF-8 throughout, each read back as U+FFFD; U+FFFF and U+FFFE are kept (UTF-8 holds them)', async () => {
    const bytes = await file(tableOf(['a\uD800b', 'c\uDFFFd', 'e\uFFFFf']), 'csv');

    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).not.toThrow();
    expect(csvRows(bytes).slice(1).map((r) => r[0])).toEqual(['a\uFFFDb', 'c\uFFFDd', 'e\uFFFFf']);
  });

  it('an XLSX of any text is well-formed (a bounded property run)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: fc.oneof(fc.constantFrom(...NOT_XML, ...HELD), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (texts) => {
        await checkXlsxParts(await file(tableOf(texts), 'xlsx'));
      }),
      { numRuns: 8 },
    );
  });
});
