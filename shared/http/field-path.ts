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

/** One error item per zod issue, each naming the field; unknown keys are named one by one. */
export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[], root: string) {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ name: fieldPath([...issue.path, key], root), reason: 'is not a known field' }));
    }
    return [{ name: fieldPath(issue.path, root), reason: issue.message }];
  });
}
