import { describe, expect, it } from 'vitest';
import { chooseFormat, NotAcceptable } from '../../../shared/exports/formats.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('chooseFormat', () => {
  it('takes format over Accept, and JSON without either', () => {
    expect(chooseFormat('xlsx', 'text/csv')).toBe('xlsx');
    expect(chooseFormat(undefined, undefined)).toBe('json');
    expect(chooseFormat(undefined, '')).toBe('json');
  });

  it('picks the Accept header’s best offer by quality, then order; wildcards mean JSON (text/* CSV)', () => {
    expect(chooseFormat(undefined, `text/csv;q=0.5, ${XLSX}`)).toBe('xlsx');
    expect(chooseFormat(undefined, 'application/pdf, TEXT/CSV')).toBe('csv');
    expect(chooseFormat(undefined, 'text/html,application/xhtml+xml,*/*;q=0.8')).toBe('json');
    expect(chooseFormat(undefined, 'text/*')).toBe('csv');
    expect(chooseFormat(undefined, `${XLSX};q=0, application/json;q=0.1`)).toBe('json');
  });

  it('refuses an Accept header naming nothing it answers in: 406 naming Accept', () => {
    expect(() => chooseFormat(undefined, 'application/pdf')).toThrow(NotAcceptable);
    expect(() => chooseFormat(undefined, 'text/csv;q=0')).toThrow(NotAcceptable);
  });

  it('answers an endpoint offering CSV alone in CSV whatever Accept takes of it, and refuses one taking no CSV naming text/csv', () => {
    for (const accept of [undefined, '', '*/*', 'text/*', 'application/json, text/csv;q=0.1', 'text/html,*/*;q=0.8']) expect(chooseFormat(undefined, accept, ['csv'])).toBe('csv');
    expect(() => chooseFormat(undefined, 'application/json', ['csv'])).toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'Accept', reason: 'must accept text/csv' })] }));
  });

  it('answers an endpoint offering XML alone in XML for application/xml, text/xml and the wildcards naming them, and refuses one taking neither', () => {
    for (const accept of [undefined, '*/*', 'application/*', 'application/xml', 'text/xml', 'application/json;q=0.9, text/xml']) expect(chooseFormat(undefined, accept, ['xml'])).toBe('xml');
    expect(() => chooseFormat(undefined, 'text/csv', ['xml'])).toThrow(expect.objectContaining({ items: [expect.objectContaining({ name: 'Accept', reason: 'must accept application/xml' })] }));
    // An exportable endpoint answers no XML: the wildcard of its type still names JSON.
    expect(() => chooseFormat(undefined, 'application/xml')).toThrow(NotAcceptable);
    expect(chooseFormat(undefined, 'application/*')).toBe('json');
  });
});
