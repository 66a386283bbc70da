import { XMLParser } from 'fast-xml-parser';

/**
 * The parser the service reads XML files with (bank statements, SAF-T), safely: every value stays
 * text (an amount never passes through a float), namespace prefixes are dropped, and entity
 * declarations, which live only in a DOCTYPE the readers refuse before parsing, are never taken.
 * Character references (&#228;) are decoded only with htmlEntities (deprecated in favour of a
 * custom entityDecoder, which would be hand-written entity code); it adds HTML's fixed names. The
 * expanded length counts the predefined entities too, so it is bounded by the file's size.
 */
export function safeXmlParser(maxFileBytes: number): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    htmlEntities: true,
    processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 1, maxExpandedLength: maxFileBytes },
  });
}
