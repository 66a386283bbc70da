import { StateConflict } from '../../errors.ts';
import * as keys from '../table/keys.ts';
import { mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The company item's counts of capped records, apart from the company store (company-store.ts,
 * which creates companies with their settings, owner and events' width), so the stores that
 * count on it (roles, which every function reads, webhooks, stored reports) load none of that.
 */

/**
 * Moves one of the company item's counts of capped records (custom roles, webhooks, stored
 * reports); adding refuses to go past `limit.max`, with the 409 `limit.code` and its way out.
 */
export function cappedCountOp(companyId: string, attribute: 'customRoleCount' | 'webhookCount' | 'reportCount', delta: 1 | -1, limit: { max: number; code: string; what: string; wayOut: string }): WriteOp {
  return mainTable.update(
    keys.company(companyId),
    { expression: `ADD ${attribute} :delta`, values: { ':delta': delta } },
    delta > 0
      ? {
          condition: { expression: `attribute_not_exists(${attribute}) OR ${attribute} < :max`, values: { ':max': limit.max } },
          onConditionFailed: () => new StateConflict(limit.code, `A company has at most ${limit.max} ${limit.what}; ${limit.wayOut}.`),
        }
      : {},
  );
}
