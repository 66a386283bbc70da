import { describe, expect, it } from 'vitest';
import { MinHeap } from '../../shared/min-heap.ts';

describe('MinHeap', () => {
  it('gives values least first, whether they are pushed, popped or grown in place', () => {
    // A fixed pseudo-random sequence (a linear congruential generator), so a failure repeats.
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const heap = new MinHeap<{ at: number }>((a, b) => a.at < b.at);
    const values = Array.from({ length: 200 }, () => ({ at: Math.floor(next() * 1000) }));
    for (const value of values) heap.push(value);
    // The least value grows (its stream moved on) a few times before the heap is emptied.
    const seen: number[] = [];
    for (let i = 0; i < 50; i++) {
      const least = heap.peek()!;
      seen.push(least.at);
      least.at += Math.floor(next() * 300);
      heap.sinkFirst();
    }
    while (heap.size > 0) seen.push(heap.pop()!.at);

    expect(seen.slice(50)).toEqual([...seen.slice(50)].sort((a, b) => a - b));
    expect(seen.slice(0, 50)).toEqual([...seen.slice(0, 50)].sort((a, b) => a - b));
    expect(seen.slice(50)).toEqual(values.map((v) => v.at).sort((a, b) => a - b));
    expect(heap.pop()).toBeUndefined();
  });
});
