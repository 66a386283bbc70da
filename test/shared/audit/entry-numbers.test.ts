import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryNumbersOf, journalNumberText } from '../../../shared/audit/entry-numbers.ts';
import { numberRun } from '../../../shared/audit/journal-number-rules.ts';

describe('entry numbers (pure)', () => {
  it('gives each journal not yet numbered the next number at its first book change, in order', () => {
    // Arrange: a posting, its void, a reversal's journal, one numbered before, and a journal posted again after an Adjust.
    const changes = [
      { journalId: 'a', sequence: 10 },
      { journalId: 'a', sequence: 11 },
      { journalId: 'r', sequence: 12 },
      { journalId: 'old', sequence: 13 },
      { journalId: 'b', sequence: 14 },
      { journalId: 'a', sequence: 15 },
    ];

    // Act
    const given = entryNumbersOf(changes, new Set(['old']), 7);

    // Assert
    expect(given).toEqual({
      assigned: [
        { journalId: 'a', entryNumber: 8, sequence: 10 },
        { journalId: 'r', entryNumber: 9, sequence: 12 },
        { journalId: 'b', entryNumber: 10, sequence: 14 },
      ],
      entries: 10,
    });
  });

  it('numbers batch after batch 1..N with no gap and no repeat, whatever the order of changes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }), { maxLength: 8 }), (batches) => {
        const numbers = new Map<string, number>();
        let entries = 0;
        let sequence = 0;
        for (const batch of batches) {
          const given = entryNumbersOf(batch.map((j) => ({ journalId: `j${j}`, sequence: ++sequence })), new Set(numbers.keys()), entries);
          for (const a of given.assigned) numbers.set(a.journalId, a.entryNumber);
          entries = given.entries;
        }
        const distinct = new Set(batches.flat().map((j) => `j${j}`));
        expect([...numbers.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: distinct.size }, (_, i) => i + 1));
        expect(entries).toBe(distinct.size);
      }),
    );
  });

  it('tests a run for gaps and repeats, leaving numbers past the count to the next test', () => {
    expect(numberRun(0, [])).toEqual({ count: 0, found: 0, missing: 0, gaps: [], repeated: [] });
    expect(numberRun(6, [6, 1, 2, 4, 2, 9])).toEqual({ count: 6, found: 5, missing: 2, gaps: [{ from: 3, to: 3 }, { from: 5, to: 5 }], repeated: [2] });
    expect(numberRun(5, [1])).toEqual({ count: 5, found: 1, missing: 4, gaps: [{ from: 2, to: 5 }], repeated: [] });
  });

  it('names a journal by its entry number, or one never numbered by its serial number after S', () => {
    expect(journalNumberText({ entryNumber: 12, serialNumber: 40 })).toBe('12');
    expect(journalNumberText({ serialNumber: 40 })).toBe('S40');
  });
});
