import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../shared/error-codes.ts';
import { ROUTES, type Route } from '../shared/routes.ts';
import { inlinedOpenApiDocument } from './support/openapi-inlined.ts';
import { errorTable } from '../infra/error-table.ts';

/**
 * Each use case documents the errors it raises ("Errors: ..." in its comment); the OpenAPI
 * document must show every one of them, with an example body, on the route that calls it. The
 * use case of a route is the function its handler's endpoint callback calls.
 */
const ROOT = resolve(import.meta.dirname, '..');

/** Error classes named in comments, and the code (or, for a class of many codes, the status) each stands for. */
const CLASSES: Record<string, { code?: ErrorCode; status?: number }> = {
  ValidationError: { code: '400 ValidationError', status: 400 },
  StateConflict: { status: 409 },
  NotFound: { code: '404 NotFound' },
  VersionConflict: { code: '409 Conflict' },
  Forbidden: { code: '403 Forbidden' },
  Unauthorized: { code: '401 Unauthorized' },
  BooksInMotion: { code: '409 PostingInProgress' },
};

const sources = new Map<string, ts.SourceFile>();
function source(file: string): ts.SourceFile {
  if (!sources.has(file)) sources.set(file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return sources.get(file)!;
}

/** Imported name -> the file it comes from. */
function importsOf(file: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const statement of source(file).statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) found.set(element.name.text, resolve(dirname(file), ((statement as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text));
  }
  return found;
}

/** The comment above the exported function (or const) `name` in `file`, and the file it is in. */
function commentOf(file: string, name: string): string | undefined {
  const sf = source(file);
  for (const statement of sf.statements) {
    const declared = ts.isFunctionDeclaration(statement) ? statement.name?.text : ts.isVariableStatement(statement) ? (statement.declarationList.declarations[0]!.name as ts.Identifier).text : undefined;
    if (declared !== name) continue;
    const comment = (ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? []).map((r) => sf.text.slice(r.pos, r.end)).join('\n');
    if (comment) return comment;
  }
  return undefined;
}

/** The use cases a route's handler calls: the function its endpoint callback's body calls, and the file that defines it. */
function useCasesOf(route: Route): Array<{ name: string; file: string }> {
  const file = resolve(ROOT, route.handler);
  const imports = importsOf(file);
  const found: Array<{ name: string; file: string }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(endpoint|publicEndpoint|readEndpoint|writeEndpoint)$/.test(node.expression.text)) {
      const callback = node.arguments[1];
      if (callback && ts.isArrowFunction(callback)) {
        let body: ts.Node = callback.body;
        while (ts.isParenthesizedExpression(body)) body = body.expression;
        if (ts.isCallExpression(body) && ts.isIdentifier(body.expression)) {
          found.push({ name: body.expression.text, file: imports.get(body.expression.text)! });
          // An exportable route's callback answers through the exports (answer, answerWhole): the use cases are the functions its arrow arguments call.
          for (const argument of body.arguments) {
            if (!ts.isArrowFunction(argument)) continue;
            let inner: ts.Node = argument.body;
            while (ts.isParenthesizedExpression(inner) || ts.isAwaitExpression(inner)) inner = inner.expression;
            if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && imports.has(inner.expression.text)) found.push({ name: inner.expression.text, file: imports.get(inner.expression.text)! });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source(file));
  return found;
}

/** The codes an "Errors:" comment names, following "those of f and g" into the functions named. */
function documentedCodes(useCase: { name: string; file: string }, seen = new Set<string>()): { codes: Set<ErrorCode>; problems: string[] } {
  const codes = new Set<ErrorCode>();
  const problems: string[] = [];
  const key = `${useCase.file}#${useCase.name}`;
  if (seen.has(key)) return { codes, problems };
  seen.add(key);
  const comment = commentOf(useCase.file, useCase.name)?.replace(/\n\s*\*\s?/g, ' ');
  const sentence = comment?.match(/Errors:(.*?)(?:\.\s|\.?\s*\*\/)/s)?.[1];
  if (sentence === undefined) return { codes, problems: [`${useCase.name} (${useCase.file}) has no "Errors:" comment`] };
  let status: number | undefined;
  for (const [word] of sentence.matchAll(/\b[A-Z][A-Za-z]+\b/g)) {
    const known = CLASSES[word];
    if (known) {
      if (known.code) codes.add(known.code);
      status = known.status;
      continue;
    }
    const candidates = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => c.endsWith(` ${word}`));
    const code = candidates.find((c) => status !== undefined && c.startsWith(`${status} `)) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (code) codes.add(code);
    else problems.push(`${useCase.name} names ${word}, which is ${candidates.length > 1 ? 'ambiguous (name its class before it)' : 'no error class or code of shared/error-codes.ts'}`);
  }
  for (const [, list] of sentence.matchAll(/those of ((?:`?[a-z]\w*`?(?:, | and )?)+)/g)) {
    for (const name of list!.match(/\w+/g)!.filter((w) => w !== 'and')) {
      const file = importsOf(useCase.file).get(name) ?? useCase.file;
      const inner = documentedCodes({ name, file }, seen);
      inner.codes.forEach((c) => codes.add(c));
      problems.push(...inner.problems);
    }
  }
  return { codes, problems };
}

type Operation = { operationId: string; responses: Record<string, { content?: { 'application/json'?: { examples?: Record<string, { value: { status: number; errors: Array<{ code: string }> } }> } } }> };
const document = inlinedOpenApiDocument();
const operationsOf = (route: Route) => route.methods.map((m) => (document.paths[route.path] as Record<string, Operation>)[m.toLowerCase()]!);

/** The `<status> <code>` pairs an operation's document shows an example body for. */
function shownCodes(operation: Operation): Set<string> {
  const shown = new Set<string>();
  for (const [status, response] of Object.entries(operation.responses)) {
    // A CSV-only operation's 200 has no JSON.
    for (const [code, example] of Object.entries(response.content?.['application/json']?.examples ?? {})) {
      expect(example.value.status, `${operation.operationId} ${status} ${code}`).toBe(Number(status));
      expect(example.value.errors[0]!.code).toBe(code);
      shown.add(`${status} ${code}`);
    }
  }
  return shown;
}

describe('errors in the OpenAPI document', () => {
  it('shows, on every operation, each error its use case documents, with an example body', () => {
    const missing: string[] = [];
    const problems: string[] = [];
    for (const route of ROUTES) {
      const useCases = useCasesOf(route);
      if (useCases.length === 0) problems.push(`${route.name}: no use case found in ${route.handler}`);
      for (const useCase of useCases) {
        const documented = documentedCodes(useCase);
        problems.push(...documented.problems.map((p) => `${route.name}: ${p}`));
        for (const operation of operationsOf(route)) {
          const shown = shownCodes(operation);
          for (const code of documented.codes) if (!shown.has(code)) missing.push(`${operation.operationId}: ${code} (documented on ${useCase.name})`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('shows no status without an example of each of its codes, and no code outside shared/error-codes.ts', () => {
    for (const route of ROUTES) {
      for (const operation of operationsOf(route)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === '200' || status === '202') continue;
          const examples = Object.keys(response.content?.['application/json']?.examples ?? {});
          expect(examples.length, `${operation.operationId} ${status}`).toBeGreaterThan(0);
          for (const code of examples) expect(ERROR_CODES, `${operation.operationId} ${status} ${code}`).toHaveProperty([`${status} ${code}`]);
        }
      }
    }
  });

  it('names in shared/error-codes.ts every code the code raises', () => {
    // Codes given to the error classes and error items anywhere in the service's source.
    const files = ts.sys.readDirectory(resolve(ROOT, 'shared'), ['.ts']).concat(ts.sys.readDirectory(resolve(ROOT, 'functions'), ['.ts']), [resolve(ROOT, 'infra/local/gateway.ts')]);
    const raised = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // An import's row errors (shared/imports) are items of its error report, and an export job's failures (shared/exports/jobs) its `code`, not answers: their codes are documented with the imports and the export jobs (docs/decisions.md).
      const rowReport = file.includes('/shared/imports/') || file.includes('/shared/exports/jobs/');
      for (const m of text.matchAll(/new StateConflict\(\s*'(\w+)'|code: '([A-Z][a-z]\w*)'|ValidationError\.field\([^;]*?,\s*'([A-Z]\w+)'\s*\)/g)) {
        if (!(rowReport && m[2])) raised.add(m[1] ?? m[2] ?? m[3]!);
      }
    }
    const catalogued = new Set(Object.keys(ERROR_CODES).map((c) => c.slice(4)));
    expect([...raised].filter((code) => !catalogued.has(code)).sort()).toEqual([]);
    expect(raised.size).toBeGreaterThan(40);
  });

  it('has docs/errors.md as the table of shared/error-codes.ts and the operations answering each (npm run error-table)', () => {
    expect(readFileSync(resolve(ROOT, 'docs/errors.md'), 'utf8')).toBe(errorTable());
  });
});
