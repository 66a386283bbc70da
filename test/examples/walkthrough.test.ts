import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientSchema, SCHEMA_FILE } from '../../examples/generate-client.ts';
import { walkthrough } from '../../examples/walkthrough.ts';
import { signedInUser, useGateway } from '../support/api.ts';

const gateway = useGateway();

describe('the typed client and the walkthrough', () => {
  it('has the client types the OpenAPI document generates today (npm run client)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await clientSchema());
  });

  it('takes a new user from an empty account to posted books and reports', async () => {
    const { token } = await signedInUser(gateway.url);
    const lines: string[] = [];
    const { trial, statement, sheet } = await walkthrough(gateway.url(), token, (line) => lines.push(line));

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
  });
});
