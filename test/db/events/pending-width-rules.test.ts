import { describe, expect, it } from 'vitest';
import { mayNarrow, readsWide, spreadsEvent, wideForFormerWriters } from '../../../shared/db/events/pending-width.ts';
import { PIN_MARGIN_MS, PIN_MS } from '../../../shared/db/capacity/pin-rules.ts';

describe('pending width rules', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');

  it('spreads a write’s event only under a year pin that covers it', () => {
    expect(spreadsEvent(undefined, now)).toBe(false);
    expect(spreadsEvent(now + PIN_MARGIN_MS, now)).toBe(false);
    expect(spreadsEvent(now + PIN_MARGIN_MS + 1, now)).toBe(true);
  });

  it('reads every shard unless the width is narrowed, or when there is no width item', () => {
    expect(readsWide(0)).toBe(false);
    expect(readsWide(undefined)).toBe(true);
    expect(readsWide(now - 86_400_000)).toBe(true);
  });

  it('narrows only once the last write that could spread has long committed', () => {
    expect(mayNarrow(undefined, now)).toBe(false);
    expect(mayNarrow(0, now)).toBe(false);
    expect(mayNarrow(now, now)).toBe(false);
    expect(mayNarrow(now - PIN_MARGIN_MS, now)).toBe(false);
    expect(mayNarrow(now - PIN_MARGIN_MS - 1, now)).toBe(true);
    // A writer spreads only while the pin has more than the margin left; the reader waits the margin past the end: no overlap.
    const lastSpread = now - PIN_MARGIN_MS - 1;
    expect(spreadsEvent(now, lastSpread) && mayNarrow(now, lastSpread)).toBe(false);
  });

  it('reads a company from before the width item wide for a pin’s length', () => {
    expect(wideForFormerWriters(now)).toBe(now + PIN_MS);
  });
});
