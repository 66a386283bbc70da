import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import .*? from '([^']+)';$/gm)].map((m) => m[1]!);
const rel = (file: string) => relative(ROOT, file);

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
    const vocabulary = /'gsi\d'|\b[A-Z_]{3,}#|Expression\b|attribute_(not_)?exists|attribute_type|contains\(|[#:][a-zA-Z]+ = :|BETWEEN :|db\/keys\.ts/;
    const outside = [...files(resolve(ROOT, 'shared')), ...files(resolve(ROOT, 'functions'))].filter((f) => !f.includes(`${join('shared', 'db')}`));
    for (const file of outside) {
      const lines = readFileSync(file, 'utf8').split('\n').filter((line) => vocabulary.test(line));
      expect(lines, rel(file)).toEqual([]);
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
      expect(text, rel(file)).toMatch(/(endpoint|publicEndpoint)\(\w+Routes\.\w+,/);
      expect(text.match(/\bas [A-Z{]|!\.|!\)|!,|endpoint</g) ?? [], rel(file)).toEqual([]);
    }
  });

  it('imports zod only through shared/schemas/zod.ts (zod/mini, English messages), which keeps the bundles small', () => {
    for (const file of [...files(resolve(ROOT, 'shared')), ...files(resolve(ROOT, 'functions')), ...files(resolve(ROOT, 'infra'))]) {
      if (file.endsWith(join('schemas', 'zod.ts'))) continue;
      const runtime = [...readFileSync(file, 'utf8').matchAll(/^import (?!type ).* from '(zod[^']*)';$/gm)].map((m) => m[1]);
      expect(runtime, rel(file)).toEqual([]);
    }
  });
});
