import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedTypeNames, moduleImports, moduleImportsOfText } from './support/module-imports.ts';
import { cycles } from './support/strongly-connected.ts';

const ROOT = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** Every module a file names: static imports (also side-effect ones), re-exports and import('…'). */
const importsOf = (file: string) => moduleImports(file).map((i) => i.specifier);
const rel = (file: string) => relative(ROOT, file);
const DB = resolve(ROOT, 'shared', 'db') + sep;
const inDb = (file: string) => file.startsWith(DB);

describe('layering', () => {
  it('keeps pure rules free of AWS, middy, Lambda types and storage', () => {
    const pure = files(resolve(ROOT, 'shared')).filter((f) => /(rules|closing-rules|search-text|dates|amount|currencies|iso-4217|permissions|ip-allowlist)\.ts$/.test(f));
    expect(pure.length).toBeGreaterThanOrEqual(9);
    for (const file of pure) {
      const forbidden = importsOf(file).filter((i) => /^@aws-sdk\/|^@middy\/|^aws-lambda$|\/db\//.test(i));
      expect(forbidden, rel(file)).toEqual([]);
    }
  });

  it('lets only shared/db talk to DynamoDB', () => {
    const outside = [...files(resolve(ROOT, 'shared')), ...files(resolve(ROOT, 'functions'))].filter((f) => !f.includes(`${join('shared', 'db')}`));
    for (const file of outside) {
      const dynamo = importsOf(file).filter((i) => /^@aws-sdk\/(client-dynamodb|lib-dynamodb|util-dynamodb)$/.test(i));
      expect(dynamo, rel(file)).toEqual([]);
    }
  });

  it('keeps DynamoDB vocabulary (index names, key prefixes, expressions, the keys module) inside shared/db', () => {
    const vocabulary = /'gsi\d'|\b[A-Z_]{3,}#|Expression\b|attribute_(not_)?exists|attribute_type|contains\(|[#:][a-zA-Z]+ = :|BETWEEN :|db\/table\/keys\.ts/;
    const keys = join(DB, 'table', 'keys.ts');
    const outside = [...files(resolve(ROOT, 'shared')), ...files(resolve(ROOT, 'functions'))].filter((f) => !f.includes(`${join('shared', 'db')}`));
    for (const file of outside) {
      const lines = readFileSync(file, 'utf8').split('\n').filter((line) => vocabulary.test(line));
      expect(lines, rel(file)).toEqual([]);
      // The line check above sees `db/table/keys.ts` only on the line that names it; the parser also sees it at the end of an import spread over lines.
      expect(moduleImports(file).filter((i) => i.resolved === keys).map((i) => i.specifier), rel(file)).toEqual([]);
    }
  });

  it('keeps handlers thin: one endpoint call, under 40 lines', () => {
    for (const file of files(resolve(ROOT, 'functions')).filter((f) => !f.includes('ops') && !f.endsWith('not-found.ts'))) {
      const text = readFileSync(file, 'utf8');
      expect(text.split('\n').length, rel(file)).toBeLessThan(40);
      expect(text.match(/[eE]ndpoint[<(]/g)?.length, rel(file)).toBe(1);
    }
  });

  it('types handlers from their row: no route names as strings, no casts, no non-null assertions', () => {
    for (const file of files(resolve(ROOT, 'functions')).filter((f) => !f.includes('ops') && !f.endsWith('not-found.ts'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, rel(file)).toMatch(/(endpoint|publicEndpoint|readEndpoint|writeEndpoint)\(\w+Routes\.\w+,/);
      expect(text.match(/\bas [A-Z{]|!\.|!\)|!,|endpoint</g) ?? [], rel(file)).toEqual([]);
    }
  });

  it('imports zod only through shared/schemas/zod.ts (zod/mini, English messages), which keeps the bundles small', () => {
    for (const file of [...files(resolve(ROOT, 'shared')), ...files(resolve(ROOT, 'functions')), ...files(resolve(ROOT, 'infra'))]) {
      if (file.endsWith(join('schemas', 'zod.ts'))) continue;
      // `import { type A } from 'zod'` still loads zod (verbatimModuleSyntax keeps it as `import {} from 'zod'`), so only erased imports pass.
      const runtime = moduleImports(file).filter((i) => /^zod/.test(i.specifier) && !i.erased).map((i) => i.specifier);
      expect(runtime, rel(file)).toEqual([]);
    }
  });
});

describe('import reader', () => {
  it('reads imports spread over lines, type-only ones, re-exports and import() calls', () => {
    const text = [
      "import {",
      "  DynamoDBClient,",
      "  type DynamoDBClientConfig,",
      "} from '@aws-sdk/client-dynamodb';",
      "import type { Row } from './db/rows.ts';",
      "import { type A, type B as C } from 'zod/mini';",
      "import Big, * as all from 'big.js';",
      "import './side-effect.ts';",
      "export { x as y } from '../other.ts';",
      "export type * from './types.ts';",
      "import legacy = require('legacy');",
      "export async function load(): Promise<import('./typed.ts').Shape.Part> { return import('exceljs'); }",
    ].join('\n');

    const found = moduleImportsOfText(join(ROOT, 'shared', 'sample.ts'), text);

    expect(found).toEqual([
      { specifier: '@aws-sdk/client-dynamodb', resolved: null, typeOnly: false, erased: false, reExport: false, dynamic: false, names: ['DynamoDBClient', 'DynamoDBClientConfig'] },
      { specifier: './db/rows.ts', resolved: join(ROOT, 'shared', 'db', 'rows.ts'), typeOnly: true, erased: true, reExport: false, dynamic: false, names: ['Row'] },
      { specifier: 'zod/mini', resolved: null, typeOnly: true, erased: false, reExport: false, dynamic: false, names: ['A', 'B'] },
      { specifier: 'big.js', resolved: null, typeOnly: false, erased: false, reExport: false, dynamic: false, names: ['default', '*'] },
      { specifier: './side-effect.ts', resolved: join(ROOT, 'shared', 'side-effect.ts'), typeOnly: false, erased: false, reExport: false, dynamic: false, names: [] },
      { specifier: '../other.ts', resolved: join(ROOT, 'other.ts'), typeOnly: false, erased: false, reExport: true, dynamic: false, names: ['x'] },
      { specifier: './types.ts', resolved: join(ROOT, 'shared', 'types.ts'), typeOnly: true, erased: true, reExport: true, dynamic: false, names: ['*'] },
      { specifier: 'legacy', resolved: null, typeOnly: false, erased: false, reExport: false, dynamic: false, names: ['*'] },
      { specifier: './typed.ts', resolved: join(ROOT, 'shared', 'typed.ts'), typeOnly: true, erased: true, reExport: false, dynamic: true, names: ['Shape'] },
      { specifier: 'exceljs', resolved: null, typeOnly: false, erased: false, reExport: false, dynamic: true, names: ['*'] },
    ]);
  });
});

/**
 * The layers, bottom to top. Base modules every layer may use; the domain areas (shared/<area>),
 * the centre; shared/db, the adapter that stores the domain's records (it may import their types,
 * and takes its rules as parameters); the HTTP edge (shared/http, shared/routes*); and the
 * deployable code (functions, infra). An import of a higher layer's module runs back up.
 * Logging and metrics are base modules: requests, workers and the sequencer all use them; so are the min-heap, a plain data structure, and in-chunks.
 */
const LAYERS = { base: 0, domain: 1, adapter: 2, edge: 3, deployable: 4 } as const;
const BASE = /^shared\/((errors|config|export-config|warm-cache|secrets|error-codes|logger|metrics|min-heap|in-chunks)\.ts|(money|text|schemas)\/)/;

function layerOf(file: string): number {
  const path = rel(file).split(sep).join('/');
  if (BASE.test(path)) return LAYERS.base;
  if (path.startsWith('shared/db/')) return LAYERS.adapter;
  if (/^shared\/(http\/|routes(\.ts|\/))/.test(path)) return LAYERS.edge;
  if (path.startsWith('shared/')) return LAYERS.domain;
  return LAYERS.deployable;
}

// Counts a planned renovation aims to reduce. Each bound is today's measure: it may only go down,
// so whoever lowers a count lowers its bound with it, and none may rise again.
describe('coupling ratchets', () => {
  const shared = files(resolve(ROOT, 'shared'));
  const source = [...shared, ...files(resolve(ROOT, 'functions')), ...files(resolve(ROOT, 'infra'))];

  it('shrinks the domain files that import shared/db (none today)', () => {
    const adapters = [DB, resolve(ROOT, 'shared', 'http') + sep, resolve(ROOT, 'shared', 'routes')];
    const domain = shared.filter((f) => !adapters.some((a) => f.startsWith(a)));
    const coupled = domain.filter((f) => moduleImports(f).some((i) => i.resolved !== null && inDb(i.resolved)));
    expect(domain.length).toBeGreaterThan(100);
    expect(coupled.length, coupled.map(rel).join('\n')).toBeLessThanOrEqual(0);
  });

  it('keeps the domain files Post and create reach at 8 and 10 at most (7 before approvals, 8 before taxed lines)', () => {
    // The domain modules a use case loads at run time, following imports within the domain (the
    // books' adapter, the HTTP edge and base modules not counted): what a reader holds in mind.
    const reached = (start: string) => {
      const seen = new Set<string>();
      for (const todo = [resolve(ROOT, start)]; todo.length > 0; ) {
        const file = todo.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const i of moduleImports(file)) if (i.resolved !== null && !i.typeOnly && layerOf(i.resolved) === LAYERS.domain) todo.push(i.resolved);
      }
      return [...seen].map(rel);
    };
    const post = reached('shared/journals/post-journal.ts');
    const create = reached('shared/journals/write-journal.ts');
    expect(post).toContain(join('shared', 'journals', 'rules.ts'));
    // The approval hold (journals/approval-facts.ts, loaded only for a company with approval rules) and the policy's rules.
    expect(post.length, post.join('\n')).toBeLessThanOrEqual(8);
    // The taxed-lines step and the tax code rules it reads (line-tax.ts, tax-codes/rules.ts, return-layouts.ts).
    expect(create.length, create.join('\n')).toBeLessThanOrEqual(10);
  });

  it('keeps shared files out of import cycles (none today)', () => {
    const known = new Set(shared);
    const edges = (file: string) => moduleImports(file).flatMap((i) => (i.resolved !== null && known.has(i.resolved) ? [i.resolved] : []));
    const circles = cycles(shared, edges);
    expect(circles.map((c) => `{ ${c.map(rel).join(', ')} }`)).toEqual([]);
  });

  it('shrinks the record types that shared/db exports to the rest of the code (none today)', () => {
    const typesOf = new Map(shared.filter(inDb).map((f) => [f, new Set(exportedTypeNames(f))]));
    const used = new Set<string>();
    for (const file of source.filter((f) => !inDb(f))) {
      for (const { resolved, names } of moduleImports(file)) {
        const types = resolved === null ? undefined : typesOf.get(resolved);
        for (const name of names.filter((n) => types?.has(n))) used.add(`${rel(resolved ?? '')}: ${name}`);
      }
    }
    expect(typesOf.size).toBeGreaterThan(40);
    expect(used.size, [...used].join('\n')).toBeLessThanOrEqual(0);
  });

  it('shrinks the domain values shared/db imports, where a type would do or the caller could hand the rule in (none today)', () => {
    const values = shared
      .filter(inDb)
      .flatMap((file) => moduleImports(file).flatMap((i) => (i.resolved !== null && !i.typeOnly && layerOf(i.resolved) === LAYERS.domain ? [`${rel(file)} -> ${rel(i.resolved)} { ${i.names.join(', ')} }`] : [])));
    expect(values.length, values.join('\n')).toBeLessThanOrEqual(0);
  });

  it('shrinks the imports running back up a layer (domain to shared/db: none today; any other: none today)', () => {
    const upward = source.flatMap((file) =>
      moduleImports(file).flatMap((i) => (i.resolved !== null && i.resolved.startsWith(ROOT + sep) && layerOf(i.resolved) > layerOf(file) ? [{ from: layerOf(file), to: layerOf(i.resolved), line: `${rel(file)} -> ${rel(i.resolved)}${i.typeOnly ? ' (types)' : ''}` }] : [])),
    );
    const intoDb = upward.filter((u) => u.from === LAYERS.domain && u.to === LAYERS.adapter).map((u) => u.line);
    const others = upward.filter((u) => !(u.from === LAYERS.domain && u.to === LAYERS.adapter)).map((u) => u.line);
    expect(intoDb.length, intoDb.join('\n')).toBeLessThanOrEqual(0);
    expect(others.length, others.join('\n')).toBeLessThanOrEqual(0);
  });
});

describe('the layers', () => {
  it('places base modules, domain areas, shared/db, the HTTP edge and deployables in order', () => {
    const at = (path: string) => layerOf(join(ROOT, path));
    expect([at('shared/errors.ts'), at('shared/schemas/common.ts'), at('shared/logger.ts')]).toEqual([0, 0, 0]);
    expect([at('shared/journals/records.ts'), at('shared/tree/rules.ts')]).toEqual([1, 1]);
    expect(at('shared/db/stores/year-store.ts')).toBe(2);
    expect([at('shared/http/endpoint.ts'), at('shared/routes.ts'), at('shared/routes/accounts.ts')]).toEqual([3, 3, 3]);
    expect([at('functions/accounts/create.ts'), at('infra/tables.ts')]).toEqual([4, 4]);
  });
});

describe('test layout', () => {
  it('keeps storage out of the HTTP tests: no file of test/http, nor a test/support module it loads, imports shared/db or test/db', () => {
    const testDb = resolve(ROOT, 'test', 'db') + sep;
    const support = resolve(ROOT, 'test', 'support') + sep;
    const visited = new Set<string>();
    const reaching: string[] = [];
    // test/support modules are followed (a helper must not carry storage in); the service's own modules are not.
    const visit = (file: string) => {
      for (const { resolved } of moduleImports(file)) {
        if (resolved === null) continue;
        if (inDb(resolved) || resolved.startsWith(testDb)) reaching.push(`${rel(file)} imports ${rel(resolved)}`);
        else if (resolved.startsWith(support) && !visited.has(resolved)) {
          visited.add(resolved);
          visit(resolved);
        }
      }
    };
    const http = files(resolve(ROOT, 'test', 'http'));
    for (const file of http) visit(file);

    expect(http.length).toBeGreaterThan(50);
    expect(reaching).toEqual([]);
  });
});
