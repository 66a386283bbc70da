import { ValidationError } from '../errors.ts';
import type { AccountFacts, AccountType, Classification } from './records.ts';

/**
 * Account rules, pure. Only a category account may have children; only a leaf may be used in
 * journal lines. The classification belongs to the root of each tree: a root must state it,
 * a descendant inherits it and may only repeat it. A leaf may have a currency: then every
 * journal line on it is in that currency.
 */
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

/**
 * The currency to store: `given` on a create; on an update, left out (undefined) keeps the
 * current one and null clears it. A category takes no lines, so it has none.
 */
export function storedCurrency(accountType: AccountType, given: string | null | undefined, current?: string): string | undefined {
  const currency = given === undefined ? current : (given ?? undefined);
  if (currency !== undefined && accountType !== 'leaf') {
    throw ValidationError.field('currency', 'is for leaf accounts only: a category account takes no journal lines', 'CategoryCurrency');
  }
  return currency;
}

/**
 * A line on an account with a currency must be in it. `line` says which line when the field
 * is not the line's own. Errors: ValidationError (AccountCurrency) naming `field`.
 */
export function checkLineCurrency(account: AccountFacts, lineCurrency: string, field: string, line?: string): void {
  if (account.currency === undefined || account.currency === lineCurrency) return;
  const reason = line
    ? `${line} is in ${lineCurrency}, but its account takes only ${account.currency} lines`
    : `must be ${account.currency}, the currency of the account (the line is in ${lineCurrency})`;
  throw ValidationError.field(field, reason, 'AccountCurrency');
}
