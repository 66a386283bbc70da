import { describe, expect, it } from 'vitest';
import { StateConflict, ValidationError } from '../../../shared/errors.ts';
import { checkBalanced, checkNotClosingJournal, checkTransition, fxRoundingLine, swapSides, totals, type JournalStatus, type Line } from '../../../shared/journals/rules.ts';

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

describe('a closing journal', () => {
  it('refuses editing a closing journal only', () => {
    expect(() => checkNotClosingJournal({ closingOf: 'year-1' })).toThrow(expect.objectContaining({ status: 409, items: [expect.objectContaining({ code: 'ClosingJournalReadOnly' })] }));
    expect(() => checkNotClosingJournal({})).not.toThrow();
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
