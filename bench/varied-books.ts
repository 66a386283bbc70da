import { seededRandom } from './seeded-random.ts';

/**
 * Books shaped like a trading company's history, seeded so every run makes the same ones: a
 * chart of 250 accounts (5 roots, 49 leaves each), 12 cost centers (2 roots, 5 children each),
 * the years 2025 and 2026, opening balances of 2025, then journals of 2 to 12 lines (a few of
 * 100 to 1,000), cost centers on about a third of the lines, a line in USD on about one journal
 * in six, dates over both years, about one journal in five a draft. Amounts are in cents; a USD
 * line carries its own amount and rate, its base amount what it counts for in the balance.
 */
/** The five roots of a benchmark chart, one per classification (the uniform books' too: bench/imports.ts). */
export const CHART_ROOTS = [
  ['1', 'asset'],
  ['2', 'liability'],
  ['3', 'equity'],
  ['4', 'revenue'],
  ['5', 'expense'],
] as const;
const LEAVES_PER_ROOT = 49;
const CENTER_ROOTS = ['OPS', 'ADM'];
const CENTERS_PER_ROOT = 5;
/** The USD rate every foreign line gives (3.75 SAR): a multiple of 4 cents converts exactly. */
export const USD_RATE = '3.75';
const LARGE_SHARE = 0.002;
const DRAFT_SHARE = 0.2;
const FOREIGN_SHARE = 0.16;
const CENTER_SHARE = 0.35;

export const variedChartCsv = [
  'code,parentPath,type,classification,nameArabic,nameEnglish',
  ...CHART_ROOTS.flatMap(([code, classification]) => [
    `${code},,category,${classification},${code},Root ${code}`,
    ...Array.from({ length: LEAVES_PER_ROOT }, (_, i) => `${code}${String(i).padStart(3, '0')},${code},leaf,,${code}${i},Leaf ${code}${i}`),
  ]),
].join('\r\n');
export const variedLeaves = CHART_ROOTS.flatMap(([code]) => Array.from({ length: LEAVES_PER_ROOT }, (_, i) => `${code}.${code}${String(i).padStart(3, '0')}`));

export const variedCentersCsv = [
  'code,parentPath,nameArabic,nameEnglish,active',
  ...CENTER_ROOTS.flatMap((root) => [`${root},,${root},Center ${root},true`, ...Array.from({ length: CENTERS_PER_ROOT }, (_, i) => `${root}${i},${root},${root}${i},Center ${root}${i},true`)]),
].join('\r\n');
export const variedCenters = CENTER_ROOTS.flatMap((root) => [root, ...Array.from({ length: CENTERS_PER_ROOT }, (_, i) => `${root}.${root}${i}`)]);

export const VARIED_YEARS = [
  { startDate: '2025-01-01', endDate: '2025-12-31' },
  { startDate: '2026-01-01', endDate: '2026-12-31' },
];

export interface VariedLine {
  accountPath: string;
  costCenterPath?: string | undefined;
  side: 1 | 2;
  /** What the line counts for in the base currency, in cents. */
  base: bigint;
  /** A USD line: its own amount in cents (at USD_RATE). */
  usd?: bigint | undefined;
}
export interface VariedJournal {
  reference: string;
  day: string;
  posted: boolean;
  lines: VariedLine[];
}

/** The opening balances of 2025: a debit on each of 30 asset leaves, their sum credited to one equity leaf. */
export function variedOpening(): { csv: string; lines: VariedLine[] } {
  const next = seededRandom(11);
  const debits = variedLeaves.filter((p) => p.startsWith('1.')).slice(0, 30).map((accountPath): VariedLine => ({ accountPath, side: 1, base: BigInt(Math.floor(next() * 5_000_000) + 1_000) }));
  const total = debits.reduce((s, l) => s + l.base, 0n);
  const lines: VariedLine[] = [...debits, { accountPath: variedLeaves.find((p) => p.startsWith('3.'))!, side: 2, base: total }];
  const csv = ['accountPath,costCenterPath,debit,credit', ...lines.map((l) => `${l.accountPath},,${l.side === 1 ? cents(l.base) : ''},${l.side === 2 ? cents(l.base) : ''}`)].join('\r\n');
  return { csv, lines };
}

export const cents = (value: bigint) => `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 100n}.${String((value < 0n ? -value : value) % 100n).padStart(2, '0')}`;

/** `count` journals over 2025 and 2026, seeded. */
export function* variedJournals(count: number, seed: number): Generator<VariedJournal> {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  for (let j = 0; j < count; j++) {
    const day = new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 730))).toISOString().slice(0, 10);
    const size = next() < LARGE_SHARE ? 100 + Math.floor(next() * 900) : 2 + Math.floor(next() * 11);
    const debitCount = Math.max(1, Math.floor(size / 2));
    const foreign = size <= 12 && next() < FOREIGN_SHARE;
    const lines: VariedLine[] = [];
    let total = 0n;
    for (let i = 0; i < size; i++) {
      const side = i < debitCount ? 1 : 2;
      const costCenterPath = next() < CENTER_SHARE ? pick(variedCenters) : undefined;
      lines.push({ accountPath: pick(variedLeaves), costCenterPath, side, base: 0n });
    }
    // Debits first; the first debit in USD on a foreign journal (a multiple of 4 cents converts exactly).
    for (let i = 0; i < debitCount; i++) {
      if (foreign && i === 0) {
        const usd = BigInt(Math.floor(next() * 100_000) + 1) * 4n;
        lines[i]!.usd = usd;
        lines[i]!.base = (usd * 375n) / 100n;
      } else lines[i]!.base = BigInt(Math.floor(next() * 500_000) + 100);
      total += lines[i]!.base;
    }
    // Credits share the total, the last taking what is left.
    const credits = size - debitCount;
    for (let i = 0; i < credits; i++) lines[debitCount + i]!.base = i < credits - 1 ? total / BigInt(credits) : total - (total / BigInt(credits)) * BigInt(credits - 1);
    yield { reference: `VAR-${String(j).padStart(6, '0')}`, day, posted: next() >= DRAFT_SHARE, lines };
  }
}

/** The journals as a journals import's CSV file. */
export function variedJournalsCsv(journals: readonly VariedJournal[]): string {
  const rows = ['reference,date,accountPath,costCenterPath,side,amount,currency,exchangeRate'];
  for (const j of journals) {
    for (const l of j.lines) rows.push(`${j.reference},${j.day},${l.accountPath},${l.costCenterPath ?? ''},${l.side},${cents(l.usd ?? l.base)},${l.usd ? 'USD' : ''},${l.usd ? USD_RATE : ''}`);
  }
  return `${rows.join('\r\n')}\r\n`;
}
