import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookChange, type BookChange } from '../../../shared/audit/book-changes.ts';
import { emptySpan, extend, maxSoFar, mergeMoves, movesFromJson, movesOf, movesToJson, sealBlocks, type Moves, type Span } from '../../../shared/audit/book-summaries.ts';
import type { Line } from '../../../shared/journals/rules.ts';

const ACCOUNTS = ['cash', 'bank', 'sales', 'rent'];
const DATES = ['2026-01-10', '2026-01-31', '2026-02-01', '2026-03-20'];

/** Events as numbered: each with one or two changes (a revaluation makes two), some events with none. */
const events = fc.array(
  fc.record({
    changes: fc.integer({ min: 0, max: 2 }),
    lines: fc.integer({ min: 1, max: 5 }),
    effect: fc.constantFrom(1 as const, -1 as const),
    date: fc.constantFrom(...DATES),
    account: fc.nat(ACCOUNTS.length - 1),
    center: fc.option(fc.constantFrom('hq', 'branch'), { nil: null }),
    foreign: fc.boolean(),
    closing: fc.boolean(),
    skew: fc.integer({ min: -3, max: 3 }),
  }),
  { maxLength: 40 },
);

type EventSpec = { changes: number; lines: number; effect: 1 | -1; date: string; account: number; center: string | null; foreign: boolean; closing: boolean; skew: number };

function changesOf(spec: readonly EventSpec[]): BookChange[] {
  const out: BookChange[] = [];
  spec.forEach((e, i) => {
    const sequence = i + 1;
    // Instants mostly in number order, some a little out of it (a change stamped before another but numbered after).
    const occurredAt = new Date(Date.UTC(2026, 3, 1, 0, 0, 10 + i + e.skew)).toISOString();
    for (let n = 0; n < e.changes; n++) {
      const lines: Line[] = Array.from({ length: e.lines }, (_, k) => ({
        accountId: ACCOUNTS[(e.account + k) % ACCOUNTS.length]!,
        costCenterId: e.center,
        side: k % 2 === 0 ? 1 : 2,
        amount: `${(k + 1) * 3 + n}.125`,
        ...(e.foreign && k === 0 ? { currency: 'USD', foreign: { amount: `${k + 1}.5`, exchangeRate: '3.75' } } : {}),
      }));
      out.push(bookChange({ occurredAt, sequence, type: 'JournalPosted' }, e.effect, { id: `j${sequence}-${n}`, serialNumber: sequence, date: `${e.date}T00:00:00Z`, postingDate: e.date, financialYearId: 'y', periodId: 'p', entries: lines }, e.closing));
    }
  });
  return out;
}

/** Moves with every zero figure left out, as plain data: two gatherings of the same changes compare equal. */
const plain = (moves: Moves) =>
  Object.fromEntries(
    [...moves]
      .map(([date, day]): [string, string[]] => [
        date,
        [...day.totals.values(), ...day.currencies.values()]
          .filter((m) => Object.values(m).some((v) => typeof v === 'bigint' && v !== 0n))
          .map((m) => JSON.stringify(m, (_, v) => (typeof v === 'bigint' ? String(v) : v)))
          .sort(),
      ])
      .filter(([, list]) => list.length > 0),
  );

describe('sealBlocks', () => {
  it('cuts numbered changes into blocks that tile the numbers, never split an event, hold at least the block lines, and together with the open stretch move the balances as the changes did (property)', () => {
    fc.assert(
      fc.property(events, fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 }), (spec, blockLines, cuts) => {
        const all = changesOf(spec);
        // Numbered in batches of events, as numbering rounds do.
        let open = { span: emptySpan(1, null) as Span, changes: [] as BookChange[] };
        const blocks: ReturnType<typeof sealBlocks>['sealed'] = [];
        let event = 1;
        let cut = 0;
        while (event <= spec.length) {
          const last = Math.min(spec.length, event + cuts[cut++ % cuts.length]! - 1);
          const incoming = all.filter((c) => c.sequence >= event && c.sequence <= last);
          const result = sealBlocks(open, incoming, last, blockLines);
          blocks.push(...result.sealed);
          const sealedThrough = result.sealed.at(-1)?.span.toSequence ?? 0;
          open = { span: result.open, changes: [...open.changes, ...incoming].filter((c) => c.sequence > sealedThrough) };
          event = last + 1;
        }

        // Blocks follow one another from event 1, and the open stretch after them.
        const spans = [...blocks.map((b) => b.span), open.span];
        spans.forEach((s, i) => expect(s.fromSequence).toBe(i === 0 ? 1 : spans[i - 1]!.toSequence + 1));
        for (const block of blocks) {
          const own = all.filter((c) => c.sequence >= block.span.fromSequence && c.sequence <= block.span.toSequence);
          expect(block.span.lines).toBe(own.reduce((n, c) => n + c.lines.length, 0));
          expect(block.span.lines).toBeGreaterThanOrEqual(blockLines);
          expect(plain(block.moves)).toEqual(plain(movesOf(own)));
          expect(block.span.minOccurredAt).toBe(own.map((c) => c.occurredAt).sort()[0]);
          expect(maxSoFar(block.span)).toBe(all.filter((c) => c.sequence <= block.span.toSequence).map((c) => c.occurredAt).sort().at(-1));
          expect(block.closingChanges).toHaveLength(own.filter((c) => c.closing).length);
        }
        const together: Moves = new Map();
        for (const block of blocks) mergeMoves(together, block.moves);
        mergeMoves(together, movesOf(open.changes));
        expect(plain(together)).toEqual(plain(movesOf(all)));
        expect(open.span.lines).toBe(open.changes.reduce((n, c) => n + c.lines.length, 0));
        expect(open.span.lines).toBeLessThan(blockLines + 5 * 2);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the open stretch growing below the block size', () => {
    const [one, two] = changesOf([
      { changes: 1, lines: 2, effect: 1, date: DATES[0]!, account: 0, center: null, foreign: false, closing: false, skew: 0 },
      { changes: 1, lines: 2, effect: 1, date: DATES[1]!, account: 1, center: null, foreign: false, closing: false, skew: 0 },
    ]);
    const span = extend(extend(emptySpan(1, null), one!), two!);
    const result = sealBlocks({ span: emptySpan(1, null), changes: [] }, [one!, two!], 2, 5);
    expect(result.sealed).toEqual([]);
    expect(result.open).toEqual({ ...span, toSequence: 2 });
  });
});

describe('moves as JSON', () => {
  it('come back as they were', () => {
    const moves = movesOf(changesOf([{ changes: 2, lines: 4, effect: -1, date: DATES[2]!, account: 1, center: 'hq', foreign: true, closing: false, skew: 0 }]));
    expect(plain(movesFromJson(movesToJson(moves)))).toEqual(plain(moves));
    expect(movesFromJson(movesToJson(moves))).toEqual(moves);
  });
});
