import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../../../shared/exports/byte-sink.ts';
import { element, escapeXml, fragments, leaf, XmlStream } from '../../../shared/exports/xml.ts';
import { xmlText } from '../../../shared/exports/xml-text.ts';

/** The text a strict XML 1.0 parser (saxes, as exceljs reads with) reads in a document; throws when it is not well-formed. */
function textRead(xml: string): string {
  const parser = new SaxesParser();
  let text = '';
  let error: Error | undefined;
  parser.on('text', (t) => (text += t));
  parser.on('error', (e) => (error ??= e));
  parser.write(xml).close();
  if (error) throw error;
  return text;
}

describe('XML fragments', () => {
  it('escapes the markup characters and a carriage return, and replaces what XML 1.0 cannot hold', () => {
    expect(escapeXml('a < b & c > d "e" \'f\'')).toBe('a &lt; b &amp; c &gt; d "e" \'f\'');
    expect(escapeXml('line\r\nnext')).toBe('line&#13;\nnext');
    expect(escapeXml('x\u0001y\uD800')).toBe('x\uFFFDy\uFFFD');
  });

  it('makes elements of fragments in order, leaving absent ones out, and a leaf of no value nothing at all', () => {
    expect(element('Line', leaf('RecordID', 1), leaf('ValueDate', undefined), undefined, false, leaf('Amount', '1.00'))).toBe('<Line><RecordID>1</RecordID><Amount>1.00</Amount></Line>');
    expect(leaf('Description', null)).toBe('');
    expect(leaf('Description', '')).toBe('<Description></Description>');
    expect(fragments([leaf('A', 'a'), leaf('B', 'b')])).toBe('<A>a</A><B>b</B>');
  });

  it('refuses an element name that is not one (a bug, never the books’ text)', () => {
    expect(() => leaf('Bad name', 'x')).toThrow(/Not an XML name/);
    expect(() => element('<x>')).toThrow(/Not an XML name/);
  });

  it('makes a well-formed element of any text, which reads back as the text XML holds (a bounded property run)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        // A parser normalises line ends in text; the carriage return written as a reference stays.
        expect(textRead(element('Root', leaf('Text', text)))).toBe(xmlText(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('an XML stream', () => {
  it('writes the declaration, elements open and closed around fragments, a line each', () => {
    const sink = new ByteSink(Number.POSITIVE_INFINITY);
    const xml = new XmlStream(sink);

    xml.declare();
    xml.start('AuditFile', { xmlns: 'urn:example' });
    void xml.write(leaf('Header', 'h & h'));
    xml.end();

    expect(sink.contents().toString('utf8')).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="urn:example">\n<Header>h &amp; h</Header>\n</AuditFile>\n');
    expect(() => xml.end()).toThrow(/No element is open/);
  });
});
