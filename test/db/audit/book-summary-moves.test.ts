import { describe, expect, it } from 'vitest';
import { bookChange } from '../../../shared/audit/book-changes.ts';
import { emptySpan, maxSoFar, movesOf, type Span } from '../../../shared/audit/book-summaries.ts';
import { latestSoFar, movesFromJson, movesToJson } from '../../../shared/db/stores/book-summary-moves.ts';
import type { Line } from '../../../shared/journals/rules.ts';

const TAX: NonNullable<Line['tax']> = { taxCodeId: 't', code: 'S20', kind: 'standard', direction: 'supplies', percent: '25', taxAmount: '2.500', baseBoxes: ['6'], taxBoxes: ['1'] };

/** Two changes of one event, a journal's posting on three accounts: a cost center, a foreign line and a taxed line among them. */
const changes = [0, 1].map((n) =>
  bookChange({ occurredAt: '2026-04-01T00:00:10.000Z', sequence: 1, type: 'JournalPosted' }, n === 0 ? 1 : -1, {
    id: `j${n}`,
    serialNumber: 1 + n,
    date: '2026-02-01T00:00:00Z',
    postingDate: '2026-02-01',
    financialYearId: 'y',
    periodId: 'p',
    entries: [
      { accountId: 'cash', costCenterId: 'hq', side: 1, amount: `${12 + n}.125`, currency: 'USD', foreign: { amount: '3.5', exchangeRate: '3.75' } },
      { accountId: 'sales', costCenterId: null, side: 2, amount: '10.000', tax: TAX },
      { accountId: 'vat', costCenterId: null, side: 2, amount: `${2 + n}.125`, taxOf: 1 },
    ],
  }, false),
);

describe('a summary item as stored', () => {
  it('keeps moves that come back as they were, as the domain keys them', () => {
    const moves = movesOf(changes);
    expect(moves.size).toBe(1);
    expect(movesFromJson(movesToJson(moves))).toEqual(moves);
  });

  it('reads blocks sealed before the return figures were kept (no fourth list) with none', () => {
    const older = JSON.stringify([['2026-02-01', [['cash', null, '1000', '0']], []]]);
    expect(movesFromJson(older).get('2026-02-01')).toEqual({ totals: new Map([['cash|', { accountId: 'cash', costCenterId: null, debit: 1000n, credit: 0n }]]), currencies: new Map(), taxes: new Map() });
  });

  it('stores the latest instant so far as the domain reckons it', () => {
    const at = (minute: number) => `2026-04-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
    const spans: Span[] = [emptySpan(1, null), emptySpan(4, at(3)), { ...emptySpan(4, at(3)), maxOccurredAt: at(5) }, { ...emptySpan(4, at(7)), maxOccurredAt: at(5) }, { ...emptySpan(1, null), maxOccurredAt: at(2) }];
    for (const span of spans) expect(latestSoFar(span)).toBe(maxSoFar(span));
  });
});
