import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstJournals, fiscalYearLabel, journalSource, netAmount, periodLabel, reversalIndicator, signedAmount } from '../../../shared/audit-data/rules.ts';
import type { JournalPlace, PlaceRun } from '../../../shared/audit-data/store.ts';
import { jsonNumber } from '../../../shared/money/json-number.ts';

const place = (day: number, serial: number): JournalPlace => {
  const postingDate = `2026-03-${String(day).padStart(2, '0')}`;
  const journalId = `j${serial}`;
  return { position: `${postingDate}#${String(serial).padStart(12, '0')}#${journalId}`, journalId, postingDate, serialNumber: serial };
};

/** The runs a set of ledgers gives when each is read `limit` entries at a time: per ledger, its first `limit` places and whether more follow. */
function runsOf(ledgers: JournalPlace[][], limit: number): PlaceRun[] {
  return ledgers.map((ledger) => {
    const sorted = [...ledger].sort((a, b) => (a.position < b.position ? -1 : 1));
    return { places: sorted.slice(0, limit), more: sorted.length > limit };
  });
}

describe('the auditors\' data rules', () => {
  it('finds the first journals of ledgers read in part: never one missed before a journal kept, never one twice', () => {
    // A journal's place is on every ledger it has lines on; each ledger read only `limit` deep.
    const journals = fc.uniqueArray(fc.record({ day: fc.integer({ min: 1, max: 28 }), serial: fc.integer({ min: 1, max: 500 }) }), { selector: (j) => j.serial, maxLength: 40 });
    fc.assert(
      fc.property(journals, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 8 }), fc.array(fc.array(fc.nat(), { maxLength: 3 }), { maxLength: 40 }), (list, ledgerCount, limit, spread) => {
        // Arrange
        const ledgers: JournalPlace[][] = Array.from({ length: ledgerCount }, () => []);
        list.forEach((j, i) => {
          const on = new Set([(spread[i] ?? [])[0] ?? 0, ...(spread[i] ?? [])].map((n) => n % ledgerCount));
          for (const l of on) ledgers[l]!.push(place(j.day, j.serial));
        });
        const all = [...new Map(ledgers.flat().map((p) => [p.position, p])).values()].sort((a, b) => (a.position < b.position ? -1 : 1));

        // Act
        const found = firstJournals(runsOf(ledgers, limit), limit);

        // Assert: a prefix of every journal in order, as long as the limit allows.
        expect(found).toEqual(all.slice(0, found.length));
        expect(found.length).toBe(Math.min(limit, all.length));
      }),
      { numRuns: 300 },
    );
  });

  it('signs amounts as the standard does (debit positive, credit negative) at the given precision', () => {
    expect(signedAmount('1250.5', 1, 2)).toBe('1250.50');
    expect(signedAmount('1250.5', 2, 2)).toBe('-1250.50');
    expect(signedAmount('0.125', 2, 3)).toBe('-0.125');
    expect(netAmount({ debit: '0.00', credit: '40.10' }, 2)).toBe('-40.10');
    expect(netAmount({ debit: '999999999999999.02', credit: '0.00' }, 2)).toBe('999999999999999.02');
  });

  it('labels years, periods, sources and reversals', () => {
    expect(fiscalYearLabel({ endDate: '2027-03-31' })).toBe('2027');
    expect([periodLabel({ number: 3 }), periodLabel({ number: 13 })]).toEqual(['P03', 'P13']);
    const user = { type: 'user', id: 'u' } as const;
    expect(journalSource({ createdBy: user })).toBe('Manual');
    expect(journalSource({ createdBy: { type: 'apiKey', id: 'k' } })).toBe('API');
    expect(journalSource({ createdBy: user, importId: 'i', openingOf: 'y' })).toBe('Opening balances');
    expect(journalSource({ createdBy: user, reversalOf: 'j', revaluationDate: '2026-03-31' })).toBe('Revaluation');
    expect(journalSource({ createdBy: user, reversalOf: 'j', closingOf: 'y' })).toBe('Reversal');
    expect(journalSource({ createdBy: user, closingOf: 'y' })).toBe('Year-end closing');
    expect([reversalIndicator({ status: 'posted', reversalOf: 'j' }), reversalIndicator({ status: 'reversed' }), reversalIndicator({ status: 'posted' })]).toEqual(['1', '2', '']);
  });

  it('writes an amount into JSON digit for digit, and refuses text that is not a plain decimal', () => {
    expect(JSON.stringify({ a: jsonNumber('999999999999999.02'), b: jsonNumber('-0.10') })).toBe('{"a":999999999999999.02,"b":-0.10}');
    for (const text of ['1e3', '.5', '+1', '01', '1.', 'NaN']) expect(() => jsonNumber(text), text).toThrow();
  });
});
