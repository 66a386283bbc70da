import type { ByteSink } from './byte-sink.ts';
import { xmlText } from './xml-text.ts';

/**
 * XML as the service writes it (the SAF-T export), through this module only. Text becomes XML 1.0
 * text (xml-text.ts: a character XML cannot hold is U+FFFD) and is escaped here, and element
 * names are checked, so a fragment made by `leaf` and `element` is always well-formed whatever the
 * books hold. A fragment is a string branded `Xml`: plain text is not one, and so cannot be
 * written unescaped by mistake.
 */
export type Xml = string & { readonly __xml: true };

/** Element names are the standard's, never the books' text: a name that is not one is a bug. */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** `&`, `<`, `>` always; a carriage return as a reference, so a reader's line-end handling keeps it. */
const ESCAPED = /[&<>\r]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...ESCAPES, '"': '&quot;' };

/** Text as element content. */
export const escapeXml = (text: string): string => xmlText(text).replace(ESCAPED, (c) => ESCAPES[c]!);

/** An attribute's name may carry a prefix (`xmlns:xsi`). */
const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/;

const checkedName = (name: string, form = NAME): string => {
  if (!form.test(name)) throw new Error(`Not an XML name: ${name}`);
  return name;
};

/** `<name>text</name>`, or nothing when the value is absent. */
export function leaf(name: string, value: string | number | bigint | null | undefined): Xml {
  if (value === null || value === undefined) return '' as Xml;
  return `<${checkedName(name)}>${escapeXml(String(value))}</${name}>` as Xml;
}

/** `<name>` holding the fragments given (absent ones left out), in their order. */
export function element(name: string, ...children: Array<Xml | null | undefined | false>): Xml {
  return `<${checkedName(name)}>${children.filter(Boolean).join('')}</${name}>` as Xml;
}

/** Fragments one after the other, as one. */
export const fragments = (parts: Iterable<Xml>): Xml => [...parts].join('') as Xml;

/**
 * A document written as it is made: the declaration, then elements opened and closed around
 * fragments, each written to the sink at once (a line each), waiting while a sink that sends the
 * file on (an export job's) is behind, so memory holds a fragment at a time. A part of a document
 * written apart (spool.ts) is a stream without the declaration.
 */
export class XmlStream {
  private readonly open: string[] = [];

  constructor(private readonly sink: ByteSink) {}

  /** The XML declaration: UTF-8, what every fragment is written in. */
  declare(): void {
    this.sink.writeText('<?xml version="1.0" encoding="UTF-8"?>\n');
  }

  /** Opens `name`, with attributes (the root's namespace). */
  start(name: string, attributes: Readonly<Record<string, string>> = {}): void {
    const written = Object.entries(attributes).map(([key, value]) => ` ${checkedName(key, ATTRIBUTE_NAME)}="${xmlText(value).replace(/[&<>"\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!)}"`);
    this.sink.writeText(`<${checkedName(name)}${written.join('')}>\n`);
    this.open.push(name);
  }

  /** Closes the element opened last. */
  end(): void {
    const name = this.open.pop();
    if (name === undefined) throw new Error('No element is open');
    this.sink.writeText(`</${name}>\n`);
  }

  /** A fragment inside the element open. */
  async write(fragment: Xml): Promise<void> {
    if (fragment === '') return;
    this.sink.writeText(`${fragment}\n`);
    if (this.sink.behind) await this.sink.caughtUp();
  }
}
