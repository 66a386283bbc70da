import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { clientSchema, SCHEMA_FILE } from '../../examples/generate-client.ts';
import { walkthrough } from '../../examples/walkthrough.ts';
import { signedInUser, useGateway } from '../support/api.ts';
import { getFile } from '../support/files.ts';
import { safTSchemaErrors } from '../support/saf-t-schema.ts';

const gateway = useGateway();

describe('the typed client and the walkthrough', () => {
  it('has the client types the OpenAPI document generates today (npm run client)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await clientSchema());
  });

  it('takes a new user from an empty account to posted books and reports', async () => {
    const { token } = await signedInUser(gateway.url);
    const lines: string[] = [];
    const statementsFile = join(mkdtempSync(join(tmpdir(), 'walkthrough-')), 'statements-2026.xlsx');
    const { companyId, trial, statement, sheet } = await walkthrough(gateway.url(), token, (line) => lines.push(line), statementsFile);

    expect(trial.totals.closing).toEqual({ debit: '1900.25', credit: '1900.25' });
    expect(statement.totals.netProfit).toEqual(['1099.75', '-400.25', '1500.00', '0.00']);
    expect(sheet.totals.assets).toEqual(sheet.totals.liabilitiesAndEquity);
    expect(lines.some((l) => /^journal #3 reversed by [0-9a-f-]{36}$/.test(l))).toBe(true);
    if (process.env.SHOW_WALKTHROUGH) console.log(lines.join('\n'));
    expect(lines.some((l) => l.startsWith('period ') && l.endsWith(' closed'))).toBe(true);
    expect(lines).toContain('  200 USD at 3.75 = 750 SAR');
    expect(lines).toContain('revaluation at 2026-03-31: 200.00 USD at 3.8, 750.00 -> 760.00 SAR (difference 10.00)');
    expect(lines.some((l) => /^  journal #\d+ revaluing 2026-03-31: reversed by [0-9a-f-]{36}$/.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('  ledger of 1103'))).toEqual([
      '  ledger of 1103 on 2026-03-05: 200.00 USD, balance 750.00 SAR = 200.00 USD',
      '  ledger of 1103 on 2026-03-31: 10.00 SAR, balance 760.00 SAR = 200.00 USD',
      '  ledger of 1103 on 2026-04-01: 10.00 SAR, balance 750.00 SAR = 200.00 USD',
    ]);

    // It ends with the year's statements in one workbook, each sheet's figures its report's.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(statementsFile);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Income statement', 'Balance sheet', 'Trial balance']);
    const lastRow = (name: string) => workbook.getWorksheet(name)!.getRow(workbook.getWorksheet(name)!.rowCount).values as unknown[];
    // The revaluation's gain in the first quarter, taken back by its reversal in the second.
    expect(lastRow('Income statement').slice(2)).toEqual(['Net profit', 1109.75, -10, 0, 0, 1099.75]);
    const total = lastRow('Trial balance');
    expect(total[2]).toBe('Total');
    expect(total.at(-2)).toBe(total.at(-1));
    expect(workbook.getWorksheet('Balance sheet')!.getRow(1).values).toEqual([undefined, 'Code', 'Account', 'As of 2026-03-31', 'As of 2026-06-30', 'As of 2026-09-30', 'As of 2026-12-31']);

    // The books it made, as their year's SAF-T Financial file: valid against the v1.30 schema.
    const safT = await getFile(gateway.url(), token, `/api/v1/Companies/${companyId}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-12-31`);
    expect(safT.status, safT.bytes.toString()).toBe(200);
    expect(safT.bytes.toString()).toContain('<Transaction>');
    expect(safTSchemaErrors(safT.bytes)).toBeNull();
  }, 120_000);
});
