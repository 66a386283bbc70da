import { ValidationError } from '../errors.ts';

/**
 * An account's place in charts kept outside the books: a national standard chart
 * (`standardAccountCode`, SAF-T 1.10 and 1.20's StandardAccountID) and a tax authority's
 * grouping (`groupingCategory` with `groupingCode`, SAF-T 1.30's GroupingCategory and
 * GroupingCode, as the Norwegian RF-1167). Kept as given, shown on the account, and written back
 * into the SAF-T file in place of the classification (docs/decisions.md, "Standard and grouping
 * codes"). Pure.
 */
export interface StandardCodes {
  standardAccountCode?: string;
  groupingCategory?: string;
  groupingCode?: string;
}

type Given = { [K in keyof StandardCodes]?: string | null | undefined };

/**
 * The codes to store: on a create those given; on an update, a field left out keeps the current
 * value and null clears it. A grouping category and its code go together. Errors: ValidationError
 * (GroupingPair) naming the one missing.
 */
export function storedStandardCodes(given: Given, current: StandardCodes = {}): StandardCodes {
  const pick = (field: keyof StandardCodes) => (given[field] === undefined ? current[field] : (given[field] ?? undefined));
  const codes = { standardAccountCode: pick('standardAccountCode'), groupingCategory: pick('groupingCategory'), groupingCode: pick('groupingCode') };
  const problem = groupingProblem(codes);
  if (problem) throw ValidationError.field(problem.field, problem.reason, 'GroupingPair');
  return Object.fromEntries(Object.entries(codes).filter(([, value]) => value !== undefined));
}

/** The field a grouping lacks, with the reason, or undefined when it has both or neither (GroupingPair). */
export function groupingProblem(codes: StandardCodes): { field: 'groupingCode' | 'groupingCategory'; reason: string } | undefined {
  if (codes.groupingCategory !== undefined && codes.groupingCode === undefined) return { field: 'groupingCode', reason: 'is required with groupingCategory: a grouping is a category and a code in it' };
  if (codes.groupingCode !== undefined && codes.groupingCategory === undefined) return { field: 'groupingCategory', reason: 'is required with groupingCode: a grouping is a category and a code in it' };
  return undefined;
}
