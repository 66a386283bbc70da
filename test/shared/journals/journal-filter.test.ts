import { describe, expect, it } from 'vitest';
import { isEmptyFilter, journalMatches } from '../../../shared/journals/journal-filter.ts';
import type { JournalRecord } from '../../../shared/journals/records.ts';
import { subtreeIds } from '../../../shared/tree/rules.ts';

const journal = (entries: Array<[string, string | null, 1 | 2, string]>, reference?: string): JournalRecord => ({
  id: 'j',
  serialNumber: 1,
  date: '2026-01-05T00:00:00Z',
  calendarDate: '2026-01-05',
  reference,
  entries: entries.map(([accountId, costCenterId, side, amount]) => ({ accountId, costCenterId, side, amount })),
  status: 'draft',
  version: 1,
  createdAt: '',
  updatedAt: '',
});

describe('journalMatches', () => {
  const j = journal([['cash', 'hq', 1, '100.5'], ['sales', null, 2, '100.5']], ' INV-7 ');

  it('needs one line on the accounts, one carrying the cost centers, and one line carrying both when both are given', () => {
    expect(journalMatches({ accountIds: new Set(['sales']) }, j)).toBe(true);
    expect(journalMatches({ costCenterIds: new Set(['hq']) }, j)).toBe(true);
    expect(journalMatches({ accountIds: new Set(['cash']), costCenterIds: new Set(['hq']) }, j)).toBe(true);
    expect(journalMatches({ accountIds: new Set(['sales']), costCenterIds: new Set(['hq']) }, j)).toBe(false);
    expect(journalMatches({ costCenterIds: new Set(['br']) }, j)).toBe(false);
  });

  it('bounds the total of the debits inclusively, exactly, and compares the reference whole ignoring case and spaces', () => {
    expect(journalMatches({ amountFrom: 100_500n, amountTo: 100_500n }, j)).toBe(true);
    expect(journalMatches({ amountFrom: 100_501n }, j)).toBe(false);
    expect(journalMatches({ amountTo: 100_499n }, j)).toBe(false);
    expect(journalMatches({ reference: 'inv-7' }, j)).toBe(true);
    expect(journalMatches({ reference: 'inv' }, j)).toBe(false);
    expect(journalMatches({ reference: 'inv-7' }, journal([['cash', null, 1, '1']]))).toBe(false);
  });

  it('matches everything with no filter', () => {
    expect(isEmptyFilter({ accountIds: undefined, reference: undefined })).toBe(true);
    expect(isEmptyFilter({ amountFrom: 0n })).toBe(false);
    expect(journalMatches({}, j)).toBe(true);
  });
});

describe('subtreeIds', () => {
  it('is the node and every node below it, at any depth, and nothing beside it', () => {
    const nodes = [
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'd', parentId: 'c' },
      { id: 'e', parentId: null },
      { id: 'f', parentId: 'e' },
    ];
    expect([...subtreeIds(nodes, 'b')].sort()).toEqual(['b', 'c', 'd']);
    expect([...subtreeIds(nodes, 'e')].sort()).toEqual(['e', 'f']);
    expect([...subtreeIds(nodes, 'd')]).toEqual(['d']);
  });
});
