import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS } from '../../infra/bundling/options.ts';
import LRUCache from '../../infra/bundling/lru-cache.ts';

describe('the LRU cache the bundles use in place of mnemonist', () => {
  it('evicts the least recently used entry beyond capacity; get refreshes, peek does not', () => {
    const cache = new LRUCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
    expect(cache.peek('a')).toBe(1);
    cache.set('d', 4);
    expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([false, true, true]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('serves the DynamoDB client’s endpoint cache, bundled as the functions are', async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'lru-')), 'endpoint-cache.mjs');
    const result = await build({
      ...ESBUILD_OPTIONS,
      mainFields: [...ESBUILD_OPTIONS.mainFields],
      stdin: { contents: "export { EndpointCache } from '@aws-sdk/endpoint-cache';", resolveDir: resolve(import.meta.dirname, '../..') },
      outfile,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.endsWith('infra/bundling/lru-cache.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('mnemonist'))).toEqual([]);

    const { EndpointCache } = (await import(outfile)) as typeof import('@aws-sdk/endpoint-cache');
    const cache = new EndpointCache(1);
    cache.set('k', [{ Address: 'a.example', CachePeriodInMinutes: 1 }]);
    expect(cache.getEndpoint('k')).toBe('a.example');
    cache.set('j', [{ Address: 'b.example', CachePeriodInMinutes: 1 }]);
    expect(cache.has('k')).toBe(false);
    cache.delete('j');
    expect(cache.get('j')).toBeUndefined();
  });
});
