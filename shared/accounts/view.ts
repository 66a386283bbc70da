import type { ResponseOf } from '../schemas/responses.ts';
import { nodeView } from '../tree/node-kind.ts';
import type { NodeRecord } from '../tree/records.ts';
import { effectiveCashFlowCategory } from './cash-flow-category.ts';
import type { AccountAttributes } from './records.ts';

/*
 * An account as answered, apart from the account kind's rules (account-kind.ts), so what only
 * shows or classifies accounts (the audit's record checks, the closing journal) loads none of
 * the kind's guards.
 */

export type AccountView = ResponseOf<'AccountResponse'>;

/** An account's classification: its root's (the chain runs from the root to the account). */
export const classificationOf = (chain: NodeRecord<AccountAttributes>[]) => chain[0]!.attributes.classification!;

/** The account as answered, with its chain from the root. */
export const accountView = (node: NodeRecord<AccountAttributes>, chain: NodeRecord<AccountAttributes>[]): AccountView => ({
  ...nodeView(node, chain),
  type: node.attributes.accountType,
  classification: classificationOf(chain),
  currency: node.attributes.currency ?? null,
  cashFlowCategory: effectiveCashFlowCategory(classificationOf(chain), node.attributes.cashFlowCategory),
  standardAccountCode: node.attributes.standardAccountCode ?? null,
  groupingCategory: node.attributes.groupingCategory ?? null,
  groupingCode: node.attributes.groupingCode ?? null,
});
