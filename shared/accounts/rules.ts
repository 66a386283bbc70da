import { ValidationError } from '../errors.ts';
import type { AccountType, Classification } from './schemas.ts';

/**
 * Account rules, pure. Only a category account may have children; only a leaf may be used in
 * journal lines. The classification belongs to the root of each tree: a root must state it,
 * a descendant inherits it and may only repeat it.
 */
export interface AccountFacts {
  accountType: AccountType;
  classification?: Classification;
}

export function checkAccountParent(parent: AccountFacts): void {
  if (parent.accountType !== 'category') {
    throw ValidationError.field('parentId', 'must be a category account; a leaf account cannot have children', 'ParentNotCategory');
  }
}

/** The classification to store on the account: set on a root, absent on a descendant. */
export function storedClassification(
  given: Classification | undefined,
  rootOfParent: AccountFacts | undefined,
  current?: Classification,
): Classification | undefined {
  if (!rootOfParent) {
    const classification = given ?? current;
    if (!classification) throw ValidationError.field('classification', 'is required for a root account');
    return classification;
  }
  if (given && given !== rootOfParent.classification) {
    throw ValidationError.field('classification', `must be ${rootOfParent.classification}, the classification of the root account`);
  }
  return undefined;
}
