import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlinedOpenApiDocument } from '../../support/openapi-inlined.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import type { JsonSchema } from '../../support/schema-arbitrary.ts';

/**
 * Text the books cannot keep (shared/text/well-formed.ts) is refused at the edge: for every
 * string field of every route's body and query, read from the OpenAPI document the route table
 * generates, a value holding a lone surrogate, a noncharacter or a C0 control answers 400
 * InvalidText naming that field, before any schema or use case reads it.
 */
const gateway = useGateway();

/** One bad character of each kind, placed inside otherwise ordinary text. */
const NONCHARACTERS_AND_CONTROLS = ['\ufffe', '\uffff', '\ufdd0', '\u{1fffe}', '\u{10ffff}', '\u0000', '\u0001', '\u001b', '\u001f', '\u000b'];
const badText = (characters: string[]) =>
  fc.tuple(fc.string({ maxLength: 6, unit: 'grapheme-ascii' }), fc.constantFrom(...characters), fc.string({ maxLength: 6, unit: 'grapheme-ascii' })).map(([a, bad, b]) => `${a}${bad}${b}`);
/** A JSON body can carry a lone surrogate (an escape); a query string cannot: UTF-8 has no bytes for one. */
const BAD_BODY_TEXT = badText(['\ud800', '\udbff', '\udc00', '\udfff', ...NONCHARACTERS_AND_CONTROLS]);
const BAD_QUERY_TEXT = badText(NONCHARACTERS_AND_CONTROLS);

type Segment = string | number;

/** The paths of a schema's string fields (arrays as their first element), to a bounded depth. */
function stringPaths(schema: JsonSchema | undefined, path: Segment[] = [], depth = 0): Segment[][] {
  if (!schema || depth > 6) return [];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const found: Segment[][] = variants.flatMap((variant) => stringPaths(variant, path, depth + 1));
  if (types.includes('string') && path.length > 0) found.push(path);
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...stringPaths(property, [...path, name], depth + 1));
  if (schema.items) found.push(...stringPaths(schema.items, [...path, 0], depth + 1));
  const unique = new Map(found.map((p) => [JSON.stringify(p), p]));
  return [...unique.values()];
}

/** A body holding `value` at `path` and nothing else (the check runs before the schema asks for the rest). */
function bodyAt(path: Segment[], value: string): unknown {
  return path.reduceRight<unknown>((inner, segment) => (typeof segment === 'number' ? [inner] : { [segment]: inner }), value);
}

/** The name the service gives a path: `entries[0].description`. */
const fieldName = (path: Segment[]) => path.reduce<string>((name, s, i) => (typeof s === 'number' ? `${name}[${s}]` : i === 0 ? s : `${name}.${s}`), '');

interface Case {
  method: string;
  path: string;
  where: 'body' | 'query';
  field: Segment[];
}

function casesOf(document: ReturnType<typeof inlinedOpenApiDocument>): Case[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, any>).flatMap(([method, op]) => [
      ...stringPaths(op.requestBody?.content?.['application/json']?.schema).map((field) => ({ method: method.toUpperCase(), path, where: 'body' as const, field })),
      ...(op.parameters ?? [])
        .filter((p: { in: string; schema: JsonSchema }) => p.in === 'query' && stringPaths({ properties: { x: p.schema } }).length > 0)
        .map((p: { name: string }) => ({ method: method.toUpperCase(), path, where: 'query' as const, field: [p.name] })),
    ]),
  );
}

describe('text the books cannot keep', () => {
  it('is refused with 400 InvalidText naming the field, for every string field of every route', async () => {
    // Arrange: one company; every path parameter is it, or an id that need not exist (the check comes first).
    const owner = await companyOwner(gateway.url);
    const cases = casesOf(inlinedOpenApiDocument());
    const fill = (path: string) => path.replace('{companyId}', owner.companyId).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001');
    expect(cases.length).toBeGreaterThan(100);

    // Act and assert: each field once, with a generated bad text.
    const samples = { body: fc.sample(BAD_BODY_TEXT, { numRuns: cases.length, seed: 20261128 }), query: fc.sample(BAD_QUERY_TEXT, { numRuns: cases.length, seed: 20261128 }) };
    const misses: string[] = [];
    for (const [i, c] of cases.entries()) {
      const bad = samples[c.where][i]!;
      const url = fill(c.path) + (c.where === 'query' ? `?${new URLSearchParams({ [c.field[0] as string]: bad })}` : '');
      const response = await owner.api.request(c.method, url, c.where === 'body' ? { body: bodyAt(c.field, bad) } : {});
      const named = response.body?.errors?.find((e: { name: string; code: string }) => e.name === fieldName(c.field) && e.code === 'InvalidText');
      if (response.status !== 400 || !named) misses.push(`${c.method} ${c.path} ${c.where}.${fieldName(c.field)} ${JSON.stringify(bad)}: ${response.status} ${response.text.slice(0, 200)}`);
    }
    expect(misses).toEqual([]);
  });

  it('is refused in an object key, naming it with escapes, and in an Idempotency-Key', async () => {
    const owner = await companyOwner(gateway.url);

    const key = await owner.api.post(`${owner.base}/Accounts`, { code: 'A1', names: { en: 'A', ['x\ud800']: 'y' } });
    const header = await owner.api.post(`${owner.base}/CostCenters`, { code: 'C1', name: 'C' }, { 'Idempotency-Key': 'k\u00ef\u00bf\u00bf' });

    expect(key.status).toBe(400);
    expect(key.body.errors).toContainEqual(expect.objectContaining({ name: 'names.x\\ud800', code: 'InvalidText' }));
    expect(header.status).toBe(400);
    expect(header.body.errors).toEqual([expect.objectContaining({ name: 'Idempotency-Key', code: 'InvalidText' })]);
  });

  it('keeps tab, line feed and carriage return, and says on which line of a CSV file the bad text is', async () => {
    const books = await companyBooks(gateway.url);

    const kept = await books.api.post(`${books.base}/Journals`, { date: '2026-03-01T08:00:00Z', description: 'one\ttwo\r\nthree', entries: [debit(books.chart.cash.id, 1), credit(books.chart.sales.id, 1)] });
    const csv = await books.api.post(`${books.base}/Imports`, { kind: 'accounts', format: 'csv', data: 'code,name\nA1,Cash\nA2,Ba\uffffnk\n' });

    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.description).toBe('one\ttwo\r\nthree');
    expect(csv.status).toBe(400);
    expect(csv.body.errors).toEqual([expect.objectContaining({ name: 'data', code: 'InvalidText', reason: expect.stringContaining('on line 3') })]);
  });
});
