import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WarmCache } from '../../shared/warm-cache.ts';

describe('WarmCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('serves a value for its lifetime, then loads it again', async () => {
    // Arrange
    const cache = new WarmCache<number>(() => 1_000);
    let loads = 0;
    const load = async () => ++loads;

    // Act
    const first = await cache.get('a', load);
    vi.setSystemTime(999);
    const kept = await cache.get('a', load);
    vi.setSystemTime(1_000);
    const reloaded = await cache.get('a', load);

    // Assert
    expect([first, kept, reloaded]).toEqual([1, 1, 2]);
  });

  it('applies a shorter lifetime to values already kept, and keeps nothing at 0', async () => {
    let lifetime = 10_000;
    const cache = new WarmCache<string>(() => lifetime);
    cache.keep('a', 'x');
    vi.setSystemTime(500);

    lifetime = 400;
    expect(cache.peek('a')).toBeUndefined();
    lifetime = 0;
    cache.keep('b', 'y');
    expect(cache.peek('b')).toBeUndefined();
  });

  it('keeps only what is worth keeping, forgets on request, and drops the oldest beyond its size', async () => {
    const cache = new WarmCache<string | null>(() => 1_000, 2);

    await cache.get('refused', async () => null, (v) => v !== null);
    cache.keep('a', 'A');
    cache.keep('b', 'B');
    cache.keep('c', 'C');
    cache.forgetWhere((key) => key === 'c');

    expect(cache.peek('refused')).toBeUndefined();
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'B', undefined]);
  });

  it('knows a value past its lifetime for knownForMs, never serves it, and drops it on a refusal', async () => {
    const cache = new WarmCache<string | null>(() => 1_000, 10, () => 60_000);
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');

    vi.setSystemTime(30_000);
    const pastLifetime = [cache.peek('a'), cache.lastKnown('a')];
    await cache.get('b', async () => null, (v) => v !== null);
    vi.setSystemTime(60_000);

    expect(pastLifetime).toEqual([undefined, 'A']);
    expect(cache.lastKnown('b')).toBeUndefined();
    expect(cache.lastKnown('a')).toBeUndefined();
  });
});
