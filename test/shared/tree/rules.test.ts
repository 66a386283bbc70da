import { describe, expect, it } from 'vitest';
import { createsCycle, fitsUnder, heightOf, isUuidReference, joinPath, MAX_DEPTH, pathSegments } from '../../../shared/tree/rules.ts';

describe('hierarchy rules', () => {
  it('treats only a parseable UUID as an id; anything else is a path', () => {
    expect(isUuidReference('3f1c1c9e-6f7b-4b8e-9d7e-2b6a8c1d0e4f')).toBe(true);
    expect(isUuidReference('1.1.01')).toBe(false);
    expect(isUuidReference('3f1c1c9e-6f7b-4b8e-9d7e')).toBe(false);
  });

  it('splits a path into codes and refuses empty segments', () => {
    expect(pathSegments('1.10.101')).toEqual(['1', '10', '101']);
    expect(pathSegments('cash')).toEqual(['cash']);
    expect(pathSegments('1..2')).toBeNull();
    expect(pathSegments('.1')).toBeNull();
    expect(pathSegments('1.')).toBeNull();
  });

  it('joins the codes from the root down', () => {
    expect(joinPath([{ code: '1' }, { code: '11' }, { code: '1101' }])).toBe('1.11.1101');
  });

  it('detects a move under the node itself or a descendant', () => {
    const chain = [{ id: 'root' }, { id: 'a' }, { id: 'b' }];
    expect(createsCycle('a', chain)).toBe(true);
    expect(createsCycle('b', chain)).toBe(true);
    expect(createsCycle('c', chain)).toBe(false);
    expect(createsCycle('a', [])).toBe(false);
  });
});

describe('level counts', () => {
  it('reads a subtree height from its level counts', () => {
    expect(heightOf([])).toBe(0);
    expect(heightOf([3])).toBe(1);
    expect(heightOf([2, 5, 1])).toBe(3);
    expect(heightOf([2, 0, 0])).toBe(1);
  });

  it('fits a subtree under a parent only while its deepest node stays within the limit', () => {
    const chainOf = (length: number) => Array.from({ length }, (_, i) => ({ id: `n${i}` }));
    expect(fitsUnder(chainOf(0), MAX_DEPTH - 1)).toBe(true);
    expect(fitsUnder(chainOf(0), MAX_DEPTH)).toBe(false);
    expect(fitsUnder(chainOf(20), 11)).toBe(true);
    expect(fitsUnder(chainOf(20), 12)).toBe(false);
    expect(fitsUnder(chainOf(MAX_DEPTH - 1), 0)).toBe(true);
    expect(fitsUnder(chainOf(MAX_DEPTH), 0)).toBe(false);
  });
});
