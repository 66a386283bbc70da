import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/routes.ts';

/**
 * Where a document lists what the code defines, a test holds them together: every key prefix
 * the key builders write has a row in docs/data-model.md, and every idempotent operation of the
 * route table is named in docs/decisions.md.
 */
const ROOT = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

/** The fixed words of every string the key builders put into keys (`WEBHOOK#`, `DELIVERIES#DUE`, `#MEMBER`...), without what they interpolate. */
function keyWords(): Set<string> {
  const file = resolve(ROOT, 'shared/db/table/keys.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const pieces: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) pieces.push(node.text);
    if (ts.isTemplateExpression(node)) pieces.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Upper-case words of three or more letters, with the # and _ joining them ('C' and 'T' of the balance keys are parts of longer rows).
  return new Set(pieces.flatMap((piece) => piece.match(/[A-Z][A-Z_]{2,}(?:#[A-Z][A-Z_]*)*#?/g) ?? []));
}

describe('docs/data-model.md', () => {
  it('has a row for every key prefix of shared/db/table/keys.ts', () => {
    const document = read('docs/data-model.md');
    const words = keyWords();
    expect(words.size).toBeGreaterThan(30);
    expect([...words].filter((word) => !document.includes(word)).sort()).toEqual([]);
  });
});

describe('docs/decisions.md', () => {
  it('names every idempotent operation of the route table in its list of operation names', () => {
    const decisions = read('docs/decisions.md');
    const entry = /Operation names: ([^.]*)\./.exec(decisions)?.[1] ?? '';
    const listed = new Set([...entry.matchAll(/`(\w+)`/g)].map((m) => m[1]!));
    const operations = new Set(ROUTES.flatMap((route) => (route.idempotentOperation ? [route.idempotentOperation] : [])));
    expect([...operations].filter((operation) => !listed.has(operation)).sort()).toEqual([]);
    expect([...listed].filter((operation) => !operations.has(operation)).sort()).toEqual([]);
  });
});
