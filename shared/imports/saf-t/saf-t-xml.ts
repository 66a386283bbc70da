import { XMLValidator } from 'fast-xml-parser';
import { safeXmlParser } from '../../text/safe-xml-parser.ts';
import { ValidationError } from '../../errors.ts';
import { at, children, isElement, textAt } from '../../text/xml-elements.ts';

/**
 * A SAF-T Financial file read as a tree (pure), safely: a file with a DOCTYPE is refused before
 * the parser sees it (no SAF-T file has one, and it is where entity bombs and external entities
 * live), so only the predefined entities and character references are decoded; every value
 * stays text (an amount never passes through a float); namespace prefixes are dropped. Only the
 * Financial kind, versions 1.10 to 1.30, is taken: a cash register file (or any other root or
 * namespace) is refused naming what it is.
 */

/** The largest file taken: the imports' request limit holds a 5 MiB file. */
export const MAX_SAF_T_BYTES = 5 * 1024 * 1024;

const parser = safeXmlParser(MAX_SAF_T_BYTES);

const refused = (reason: string, code = 'InvalidSafT') => ValidationError.field('data', reason, code);

/** The file's AuditFile element. Errors: ValidationError naming `data` (InvalidSafT, NotSafTFinancial, UnsupportedSafTVersion, TooLarge). */
export function readSafTXml(text: string): Record<string, unknown> {
  if (Buffer.byteLength(text) > MAX_SAF_T_BYTES) throw refused(`is larger than ${MAX_SAF_T_BYTES} bytes; split the file by period`, 'TooLarge');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refused('holds a DOCTYPE or an entity declaration; a SAF-T file has none (refused so no entity is ever expanded)');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw refused(`is not well-formed XML: line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  let tree: unknown;
  try {
    tree = parser.parse(text);
  } catch (error) {
    throw refused(`is not well-formed XML: ${(error as Error).message}`);
  }
  const root = children(tree, 'AuditFile')[0];
  if (!isElement(root)) throw refused('is not a SAF-T file: its root element is not AuditFile', 'NotSafTFinancial');
  // The parser drops namespace declarations with the prefixes: the root's is read from its tag.
  const namespace = /<(?:[\w.-]+:)?AuditFile\b[^>]*?\bxmlns(?::[\w.-]+)?\s*=\s*["']([^"']*)["']/.exec(text)?.[1] ?? '';
  if (/CashRegister/i.test(namespace)) throw refused(`is a SAF-T Cash Register file (${namespace}); an import takes SAF-T Financial`, 'NotSafTFinancial');
  if (namespace !== '' && !/Financial/i.test(namespace)) throw refused(`is not a SAF-T Financial file (its namespace is ${namespace})`, 'NotSafTFinancial');
  const version = textAt(root, 'Header', 'AuditFileVersion');
  if (!version) throw refused('lacks Header/AuditFileVersion', 'InvalidSafT');
  if (!/^1\.(1|2|3)0$/.test(version)) throw refused(`is SAF-T version ${version}; an import takes SAF-T Financial 1.10 to 1.30 (Header/AuditFileVersion)`, 'UnsupportedSafTVersion');
  if (!isElement(at(root, 'GeneralLedgerEntries')) && !isElement(at(root, 'MasterFiles'))) throw refused('holds neither MasterFiles nor GeneralLedgerEntries: nothing of the books', 'NotSafTFinancial');
  return root;
}
