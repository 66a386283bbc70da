import { describe, expect, it } from 'vitest';
import { balanceDeltas, currencyDeltas } from '../../../shared/journals/posting-figures.ts';
import type { Line } from '../../../shared/journals/rules.ts';

const line = (accountId: string, side: 1 | 2, amount: string, costCenterId: string | null = null): Line => ({ accountId, side, amount, costCenterId });

describe('posting figures', () => {
  it('aggregates deltas per account and per account/cost-center pair, negated for a void', () => {
    const lines = [line('cash', 1, '10', 'hq'), line('cash', 1, '5'), line('sales', 2, '15', 'hq')];
    expect(balanceDeltas(lines, 1)).toEqual([
      { accountId: 'cash', costCenterId: null, debit: '15', credit: '0' },
      { accountId: 'cash', costCenterId: 'hq', debit: '10', credit: '0' },
      { accountId: 'sales', costCenterId: null, debit: '0', credit: '15' },
      { accountId: 'sales', costCenterId: 'hq', debit: '0', credit: '15' },
    ]);
    expect(balanceDeltas(lines, -1)[0]).toEqual({ accountId: 'cash', costCenterId: null, debit: '-15', credit: '0' });
  });

  it('aggregates foreign amounts per account and currency, in that currency, base lines left out', () => {
    const foreign = (accountId: string, side: 1 | 2, amount: string, currency: string, foreignAmount: string): Line => ({ ...line(accountId, side, amount, 'hq'), currency, foreign: { amount: foreignAmount, exchangeRate: '3.75' } });
    const lines = [foreign('bank', 1, '375', 'USD', '100'), foreign('bank', 2, '75', 'USD', '20'), foreign('bank', 1, '122.56', 'KWD', '10.005'), { ...line('sales', 2, '422.56'), currency: 'SAR' }];
    expect(currencyDeltas(lines, 1)).toEqual([
      { accountId: 'bank', currency: 'USD', debit: '100', credit: '20', baseDebit: '375', baseCredit: '75' },
      { accountId: 'bank', currency: 'KWD', debit: '10.005', credit: '0', baseDebit: '122.56', baseCredit: '0' },
    ]);
    expect(currencyDeltas(lines, -1)[0]).toEqual({ accountId: 'bank', currency: 'USD', debit: '-100', credit: '-20', baseDebit: '-375', baseCredit: '-75' });
  });

  it('adds a revaluation line to the base of its currency, nothing in the currency itself', () => {
    const lines: Line[] = [{ ...line('bank', 1, '50'), currency: 'SAR', revaluationOf: 'USD' }, { ...line('fx', 2, '50'), currency: 'SAR' }];
    expect(currencyDeltas(lines, 1)).toEqual([{ accountId: 'bank', currency: 'USD', debit: '0', credit: '0', baseDebit: '50', baseCredit: '0' }]);
  });
});
