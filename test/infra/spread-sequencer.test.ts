import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY, spreadOut } from '../support/spread-sequencer.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe("the suite's order", () => {
  it('names heavy files that exist (a renamed one would run as a short one, beside the others)', () => {
    expect(HEAVY.filter((path) => !existsSync(resolve(ROOT, path)))).toEqual([]);
  });

  it('keeps the order, the first heavy file first and each next one after `spacing` others, the rest at the end', () => {
    const sorted = ['H1', 'a', 'b', 'H2', 'c', 'd', 'e', 'H3', 'H4', 'f'];
    expect(spreadOut(sorted, (name) => name.startsWith('H'), 2)).toEqual(['H1', 'a', 'b', 'H2', 'c', 'd', 'H3', 'e', 'f', 'H4']);
    expect(spreadOut(['a', 'b'], (name) => name.startsWith('H'), 2)).toEqual(['a', 'b']);
  });
});
