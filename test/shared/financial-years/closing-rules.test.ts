import { toMils } from '../../../shared/money/mils.ts';
import { describe, expect, it } from 'vitest';
import { closingLines } from '../../../shared/financial-years/closing-rules.ts';
import { checkBalanced } from '../../../shared/journals/rules.ts';

describe('closing entry', () => {
  it('zeroes revenue and expense accounts and books the profit to retained earnings', () => {
    const lines = closingLines(
      [
        { accountId: 'sales', net: toMils('-1000.10') },
        { accountId: 'rent', net: toMils('300.05') },
        { accountId: 'idle', net: 0n },
      ],
      'retained',
      2,
    );

    expect(lines).toEqual([
      { accountId: 'rent', costCenterId: null, side: 2, amount: '300.05' },
      { accountId: 'sales', costCenterId: null, side: 1, amount: '1000.10' },
      { accountId: 'retained', costCenterId: null, side: 2, amount: '700.05' },
    ]);
    expect(() => checkBalanced(lines)).not.toThrow();
  });

  it('debits retained earnings with a loss, and needs no retained line when profit is exactly zero', () => {
    const loss = closingLines([{ accountId: 'sales', net: toMils('-10') }, { accountId: 'rent', net: toMils('25.5') }], 'retained', 3);
    expect(loss.at(-1)).toEqual({ accountId: 'retained', costCenterId: null, side: 1, amount: '15.500' });

    const even = closingLines([{ accountId: 'sales', net: toMils('-10') }, { accountId: 'rent', net: toMils('10') }], 'retained', 2);
    expect(even.map((l) => l.accountId)).toEqual(['rent', 'sales']);
    expect(closingLines([], 'retained', 2)).toEqual([]);
  });

  it('closes each cost center’s part of an account in that cost center', () => {
    const lines = closingLines(
      [
        { accountId: 'sales', costCenterId: 'hq', net: toMils('-70') },
        { accountId: 'sales', costCenterId: null, net: toMils('-30') },
        { accountId: 'rent', costCenterId: 'branch', net: toMils('40') },
      ],
      'retained',
      2,
    );
    expect(lines).toEqual([
      { accountId: 'rent', costCenterId: 'branch', side: 2, amount: '40.00' },
      { accountId: 'sales', costCenterId: null, side: 1, amount: '30.00' },
      { accountId: 'sales', costCenterId: 'hq', side: 1, amount: '70.00' },
      { accountId: 'retained', costCenterId: null, side: 2, amount: '60.00' },
    ]);
    expect(() => checkBalanced(lines)).not.toThrow();
  });
});
