import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countingDatabaseCalls } from '../../../shared/db/table/call-count.ts';
import { drawSerial, drawSerials, giveBackSerial } from '../../../shared/db/ledger/journal-serials.ts';
import { blockEndingAt, blockUsable, MAX_SERIAL_BLOCK, nextBlockSize, SERIAL_BLOCK_LIFETIME_MS } from '../../../shared/db/capacity/serial-blocks.ts';

/** Serial numbers drawn in blocks per instance: unique, and a busy company does not write its counter on every create. */
describe('serial numbers in blocks', () => {
  it('hands out one number per draw, unique, in few counter writes under a burst', async () => {
    const companyId = randomUUID();
    const { result: serials, calls } = await countingDatabaseCalls(() => Promise.all(Array.from({ length: 200 }, () => drawSerial(companyId))));
    expect(new Set(serials).size).toBe(200);
    expect(Math.min(...serials)).toBe(1);
    // 200 draws at once share a handful of counter increments (blocks of up to 64), not one each.
    expect(calls).toBeLessThanOrEqual(Math.ceil(200 / MAX_SERIAL_BLOCK) + 2);
  });

  it('numbers a quiet company consecutively, and an import block never overlaps an instance block', async () => {
    const companyId = randomUUID();
    const first = [await drawSerial(companyId), await drawSerial(companyId), await drawSerial(companyId)];
    expect(first).toEqual([1, 2, 3]);
    const imported = await drawSerials(companyId, 10);
    const after = await drawSerial(companyId);
    const taken = [...first, ...Array.from({ length: 10 }, (_, i) => imported + i), after];
    expect(new Set(taken).size).toBe(taken.length);
  });

  it('takes back the last number handed out, to hand it out again, and no other', async () => {
    const companyId = randomUUID();
    const [a, b] = [await drawSerial(companyId), await drawSerial(companyId)];
    giveBackSerial(companyId, a); // not the last handed out: stays a gap
    giveBackSerial(companyId, b);
    const [c, d] = [await drawSerial(companyId), await drawSerial(companyId)];
    expect(c).toBe(b);
    expect(d).toBe(b + 1);
  });

  it('sizes blocks by how fast the last one went, and drops old ones', () => {
    const now = 10_000;
    expect(nextBlockSize(undefined, now)).toBe(1);
    const usedUp = (size: number, drawnAt: number) => ({ ...blockEndingAt(size, size, drawnAt), next: size + 1 });
    expect(nextBlockSize(usedUp(4, now - 100), now)).toBe(8);
    expect(nextBlockSize(usedUp(4, now - 5_000), now)).toBe(2);
    expect(nextBlockSize(usedUp(MAX_SERIAL_BLOCK, now - 1), now)).toBe(MAX_SERIAL_BLOCK);
    expect(nextBlockSize(undefined, now, 20)).toBe(20);
    expect(blockUsable(blockEndingAt(8, 8, now - 10), now)).toBe(true);
    expect(blockUsable(blockEndingAt(8, 8, now - SERIAL_BLOCK_LIFETIME_MS), now)).toBe(false);
    expect(blockUsable(usedUp(8, now - 10), now)).toBe(false);
  });
});
