import { describe, expect, it } from 'vitest';
import { parseRate } from '../../../shared/exchange-rates/rules.ts';

describe('exchange rate values', () => {
  it('keeps up to 10 decimals exactly, in canonical form', () => {
    expect(parseRate('3.75')).toEqual({ rate: '3.75' });
    expect(parseRate('3.7500')).toEqual({ rate: '3.75' });
    expect(parseRate('0.0000000001')).toEqual({ rate: '0.0000000001' });
    expect(parseRate('1.2345678901')).toEqual({ rate: '1.2345678901' });
    expect(parseRate('1.50000000000')).toEqual({ rate: '1.5' });
    expect(parseRate('140000')).toEqual({ rate: '140000' });
    expect(parseRate('999999999999.9999999999')).toEqual({ rate: '999999999999.9999999999' });
  });

  it('names the problem of every other value', () => {
    expect(parseRate('1.23456789012')).toEqual({ problem: 'precision' });
    expect(parseRate('0.00000000001')).toEqual({ problem: 'precision' });
    expect(parseRate('0')).toEqual({ problem: 'positive' });
    expect(parseRate('0.0000000000')).toEqual({ problem: 'positive' });
    expect(parseRate('-1.5')).toEqual({ problem: 'positive' });
    expect(parseRate('-0')).toEqual({ problem: 'positive' });
    expect(parseRate('1000000000000')).toEqual({ problem: 'size' });
    for (const text of ['', '1e2', '1.', '.5', '01.5', ' 1', '1,5', 'NaN', 'Infinity', '+1', '0x10', '-']) expect(parseRate(text), text).toEqual({ problem: 'format' });
  });
});
