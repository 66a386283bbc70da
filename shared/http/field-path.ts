import type { z } from 'zod';

/** A key that reads unambiguously after a dot: not empty, no dots, brackets, quotes or spaces. */
const PLAIN_KEY = /^[^\s.[\]"]+$/u;

/**
 * `['entries', 3, 'accountId']` -> `entries[3].accountId`; the empty path names `root`. Keys
 * that would not read as a field (empty, or with dots or brackets) are quoted: `query[""]`.
 */
export function fieldPath(path: readonly PropertyKey[], root: string): string {
  if (path.length === 0) return root;
  return path.reduce<string>((name, part, i) => {
    if (typeof part === 'number') return `${name}[${part}]`;
    const key = String(part);
    if (!PLAIN_KEY.test(key)) return `${i === 0 ? root : name}[${JSON.stringify(key)}]`;
    return i === 0 ? key : `${name}.${key}`;
  }, '');
}

/**
 * One error item per zod issue, each naming the field; unknown keys are named one by one. A
 * field left out reads "is required" whatever its schema's own message says of a wrong value
 * (that message is for a value given), unless that message starts "is required" itself: the
 * issues must come from a parse with `reportInput`.
 * Messages a schema does not word are the service's (schemas/plain-messages.ts).
 */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[], root: string) {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ name: fieldPath([...issue.path, key], root), reason: 'is not a known field' }));
    }
    // A JSON body or a query string has no undefined: an issue about one is a field left out.
    const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_union') && 'input' in issue && issue.input === undefined;
    // A schema may word the missing case itself ("is required: forward the whole query string").
    return [{ name: fieldPath(issue.path, root), reason: missing && !issue.message.startsWith('is required') ? 'is required' : issue.message }];
  });
}

/** What a parse reports for zodIssuesToErrors: the input of each issue, so a missing field is told from a wrong one. */
export const PARSE_REPORTING_INPUT = { reportInput: true } as const;
