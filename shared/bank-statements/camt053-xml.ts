import { XMLValidator } from 'fast-xml-parser';
import { safeXmlParser } from '../text/safe-xml-parser.ts';
import { MAX_FILE_BYTES, type StatementError } from './records.ts';

/**
 * A camt.053 file read as a tree (pure), safely: a file with a DOCTYPE is refused before the
 * parser sees it (a bank's file has none, and it is where entity bombs and external entities
 * live), so only predefined entities and character references are decoded; every value stays
 * text (parseTagValue false), so an amount never passes through a float; namespace prefixes
 * are dropped.
 */
const parser = safeXmlParser(MAX_FILE_BYTES);

const malformed = (reason: string): StatementError => ({ row: 0, field: 'Document', reason, code: 'Malformed' });

/** The file's tree, or why it is not well-formed XML (with the line and column the validator names). */
export function readXml(text: string): { tree: unknown } | { error: StatementError } {
  if (/<!DOCTYPE/i.test(text)) return { error: malformed('holds a DOCTYPE; a camt.053 file has none (refused so no entity is ever expanded)') };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const open = unclosed(valid.err.msg);
    if (open) return { error: { row: 0, field: open, reason: 'is not closed: the file ends inside it (cut short)', code: 'Malformed' } };
    return { error: malformed(`is not well-formed XML: line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`) };
  }
  try {
    return { tree: parser.parse(text) };
  } catch (error) {
    return { error: malformed(`is not well-formed XML: ${(error as Error).message}`) };
  }
}

/** The path of the elements still open where the file ends: the validator lists them as a JSON array ("Invalid '[...]' found."). */
function unclosed(message: string): string | undefined {
  const list = /^Invalid '(\[[^']*\])' found\.$/.exec(message)?.[1];
  if (!list) return undefined;
  try {
    const names: unknown = JSON.parse(list);
    return Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string') ? names.join('/') : undefined;
  } catch {
    return undefined;
  }
}


/** An attribute of an element. */
export function attributeOf(element: unknown, name: string): string | undefined {
  if (!element || typeof element !== 'object' || !Object.hasOwn(element, `@${name}`)) return undefined;
  return String((element as Record<string, unknown>)[`@${name}`]).trim();
}
