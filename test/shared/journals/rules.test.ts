import { describe, expect, it } from 'vitest';
import { StateConflict, ValidationError } from '../../../shared/errors.ts';
import { balanceDeltas, checkBalanced, currencyDeltas, checkTransition, fxRoundingLine, swapSides, totals, type JournalStatus, type Line } from '../../../shared/journals/rules.ts';

const line = (accountId: string, side: 1 | 2, amount: string, costCenterId: string | null = null): Line => ({ accountId, side, amount, costCenterId });

describe('journal rules', () => {
  it('balances exactly in decimal, never in binary floating point', () => {
    const lines = [line('a', 1, '0.1'), line('b', 1, '0.2'), line('c', 2, '0.3')];
    expect(totals(lines)).toEqual({ debit: '0.3', credit: '0.3' });
    expect(() => checkBalanced(lines)).not.toThrow();
    // Amounts carry at most 3 decimals (the finest currency precision); one mil apart is unbalanced.
    expect(() => checkBalanced([line('a', 1, '0.1'), line('c', 2, '0.101')])).toThrow(ValidationError);
    expect(() => checkBalanced([line('a', 1, '5')])).toThrow(/at least two lines/);
  });

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

  it('swaps sides for a reversal', () => {
    expect(swapSides([line('a', 1, '1'), line('b', 2, '1')]).map((l) => l.side)).toEqual([2, 1]);
  });

  it('allows each action only from its states', () => {
    const journal = (status: JournalStatus, reversalOf?: string) => ({ status, reversalOf });
    for (const [status, action] of [['draft', 'Post'], ['draft', 'Update'], ['draft', 'Void'], ['posted', 'Void'], ['posted', 'Reverse'], ['posted', 'Adjust']] as const) {
      expect(() => checkTransition(journal(status), action), `${status} ${action}`).not.toThrow();
    }
    for (const [status, action] of [['posted', 'Post'], ['posted', 'Update'], ['draft', 'Reverse'], ['draft', 'Adjust'], ['voided', 'Void'], ['reversed', 'Void'], ['reversed', 'Reverse']] as const) {
      expect(() => checkTransition(journal(status), action), `${status} ${action}`).toThrow(StateConflict);
    }
    for (const action of ['Void', 'Adjust', 'Reverse'] as const) {
      expect(() => checkTransition(journal('posted', 'original-id'), action), `reversal ${action}`).toThrow(/reversing journal/);
    }
  });
});

describe('fxRoundingLine', () => {
  const usd = (side: 1 | 2, amount: string): Line => ({ accountId: 'a', costCenterId: null, side, amount, currency: 'USD', foreign: { amount: '1', exchangeRate: '3.75' } });
  const sar = (side: 1 | 2, amount: string): Line => ({ accountId: 'b', costCenterId: null, side, amount, currency: 'SAR' });

  it('balances a difference of at most one minor unit per foreign line on the rounding account', () => {
    expect(fxRoundingLine([usd(1, '124.99'), usd(1, '124.99'), usd(2, '249.99')], 2, 'fx', 'SAR')).toEqual({ accountId: 'fx', costCenterId: null, side: 1, amount: '0.01', currency: 'SAR', fxRounding: true });
    expect(fxRoundingLine([usd(1, '250.01'), usd(2, '249.99')], 2, 'fx', 'SAR')).toMatchObject({ side: 2, amount: '0.02' });
    expect(fxRoundingLine([usd(1, '1.001'), sar(2, '1')], 3, 'fx', 'SAR')).toMatchObject({ side: 2, amount: '0.001' });
  });

  it('adds nothing when balanced, without foreign lines, or beyond rounding', () => {
    expect(fxRoundingLine([usd(1, '10'), sar(2, '10')], 2, 'fx', 'SAR')).toBeUndefined();
    expect(fxRoundingLine([sar(1, '10.01'), sar(2, '10')], 2, 'fx', 'SAR')).toBeUndefined();
    expect(fxRoundingLine([usd(1, '10.02'), sar(2, '10')], 2, 'fx', 'SAR')).toBeUndefined();
    // A rounding line added before is recomputed, not counted.
    expect(fxRoundingLine([usd(1, '10.01'), sar(2, '10'), { ...sar(2, '0.01'), fxRounding: true }], 2, 'fx', 'SAR')).toMatchObject({ side: 2, amount: '0.01' });
  });
});
