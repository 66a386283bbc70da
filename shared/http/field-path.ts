import type { z } from 'zod';

/** `['entries', 3, 'accountId']` -> `entries[3].accountId`; the empty path names `root`. */
export function fieldPath(path: readonly PropertyKey[], root: string): string {
  if (path.length === 0) return root;
  return path.reduce<string>((name, part, i) => {
    if (typeof part === 'number') return `${name}[${part}]`;
    return i === 0 ? String(part) : `${name}.${String(part)}`;
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
