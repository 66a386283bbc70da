/**
 * Named conditions on node items. Use cases and kinds name them (`'isLeaf'`); only the node
 * store turns them into expressions, checked in the same transaction as the write they guard.
 */
import type { NodeConditionName } from '../../tree/records.ts';
import type { Expr } from '../table/table-ops.ts';

export const NODE_CONDITIONS = {
  /** An account that may have children. */
  isCategory: { expression: 'accountType = :category', values: { ':category': 'category' } },
  /** An account that may take journal lines. */
  isLeaf: { expression: 'accountType = :leaf', values: { ':leaf': 'leaf' } },
  /** A cost center that may take journal lines. */
  isActive: { expression: '#ccStatus = :active', values: { ':active': 'active' }, names: { '#ccStatus': 'status' } },
} satisfies Record<NodeConditionName, Expr>;

/**
 * An account that takes lines in `currency`: one without a currency, or one in it; with null
 * (lines in several currencies), only an account without a currency.
 */
export const takesCurrency = (currency: string | null): Expr =>
  currency === null
    ? { expression: 'attribute_not_exists(#accountCurrency)', names: { '#accountCurrency': 'currency' } }
    : { expression: 'attribute_not_exists(#accountCurrency) OR #accountCurrency = :lineCurrency', names: { '#accountCurrency': 'currency' }, values: { ':lineCurrency': currency } };
