import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** One module a source file depends on, as the TypeScript parser reads it (so imports spread over several lines count too). */
export interface ModuleImport {
  specifier: string;
  /** Absolute path of a relative specifier; null for packages and node: modules. */
  resolved: string | null;
  /** Brings in types only: `import type`, `export type`, every named element marked `type`, or `import('…')` in a type position. */
  typeOnly: boolean;
  /**
   * Left out of the emitted JavaScript. Narrower than typeOnly: under verbatimModuleSyntax,
   * `import { type A } from 'm'` is emitted as `import {} from 'm'` and still loads `m`.
   */
  erased: boolean;
  /** `export … from '…'`. */
  reExport: boolean;
  /** `import('…')` rather than a static declaration. */
  dynamic: boolean;
  /** Names taken as the module exports them (before any `as`): `default` for a default import, `*` for a namespace, `export *` or `import('…')`. */
  names: string[];
}

const sources = new Map<string, ts.SourceFile>();

/** Parses a file once per run; JSDoc is skipped because nothing here reads it, which keeps the parse fast. */
function sourceOf(file: string): ts.SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = parse(file, readFileSync(file, 'utf8'));
    sources.set(file, source);
  }
  return source;
}

const parse = (file: string, text: string) => ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS);

/** The imports, re-exports and dynamic imports of one file. */
export const moduleImports = (file: string): ModuleImport[] => importsIn(sourceOf(file));

/** The same, for a source text that is not on disk (to test the reader itself). */
export const moduleImportsOfText = (file: string, text: string): ModuleImport[] => importsIn(parse(file, text));

function importsIn(source: ts.SourceFile): ModuleImport[] {
  const found: ModuleImport[] = [];
  const add = (specifier: string, flags: Omit<ModuleImport, 'specifier' | 'resolved'>) => found.push({ specifier, resolved: specifier.startsWith('.') ? resolve(dirname(source.fileName), specifier) : null, ...flags });

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const elements = bindings && ts.isNamedImports(bindings) ? bindings.elements : undefined;
      const names = [...(clause?.name ? ['default'] : []), ...(bindings && ts.isNamespaceImport(bindings) ? ['*'] : []), ...(elements ?? []).map((e) => (e.propertyName ?? e.name).text)];
      const everyElementType = !clause?.name && !!elements && elements.length > 0 && elements.every((e) => e.isTypeOnly);
      const erased = !!clause?.isTypeOnly;
      add(statement.moduleSpecifier.text, { typeOnly: erased || everyElementType, erased, reExport: false, dynamic: false, names });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      const elements = clause && ts.isNamedExports(clause) ? clause.elements : undefined;
      const names = elements ? elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
      const everyElementType = !!elements && elements.length > 0 && elements.every((e) => e.isTypeOnly);
      add(statement.moduleSpecifier.text, { typeOnly: statement.isTypeOnly || everyElementType, erased: statement.isTypeOnly, reExport: true, dynamic: false, names });
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference) && ts.isStringLiteral(statement.moduleReference.expression)) {
      add(statement.moduleReference.expression.text, { typeOnly: statement.isTypeOnly, erased: statement.isTypeOnly, reExport: false, dynamic: false, names: ['*'] });
    }
  }

  // import('…') can sit anywhere in the tree; walking every node only when the text mentions it keeps the run fast.
  if (source.text.includes('import(')) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const argument = node.arguments[0];
        if (argument && ts.isStringLiteralLike(argument)) add(argument.text, { typeOnly: false, erased: false, reExport: false, dynamic: true, names: ['*'] });
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, { typeOnly: true, erased: true, reExport: false, dynamic: true, names: node.qualifier ? [leftmost(node.qualifier)] : ['*'] });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const leftmost = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : leftmost(name.left));

/** Names of the interfaces and type aliases a file declares with `export`. */
export const exportedTypeNames = (file: string): string[] =>
  sourceOf(file).statements.flatMap((s) => ((ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ? [s.name.text] : []));
