import { describe, expect, it } from 'vitest';
import { createsCycle, isUuidReference, joinPath, pathSegments } from '../../../shared/tree/rules.ts';

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
