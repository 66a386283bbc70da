import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RetentionFacts } from '../../attachments/store.ts';
import { config } from '../../config.ts';
import { lockSettings } from '../documents/lock-settings.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { onlyAttributes } from '../table/prefix-query.ts';
import { getSettings } from './settings-store.ts';
import { getRegistry } from './year-store.ts';

/**
 * What an attachment's lock is computed from (attachments/retention.ts), read when its file is
 * found as declared: the company's retention settings, the journal's dates (none for a file
 * uploaded without a journal) and the company's financial years (the registry's ranges), read at
 * once; and the bucket's default years.
 */
export async function retentionFacts(companyId: string, journalId: string | null): Promise<RetentionFacts> {
  const [settings, journal, registry] = await Promise.all([
    getSettings(companyId),
    journalId === null ? undefined : db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, journalId), ConsistentRead: true, ...onlyAttributes(['calendarDate', 'postingDate']) })),
    getRegistry(companyId),
  ]);
  const dates = [journal?.Item?.calendarDate, journal?.Item?.postingDate].filter((d): d is string => typeof d === 'string');
  return {
    settings: settings ?? { taxJurisdiction: null },
    journalDates: dates,
    financialYears: Object.values(registry.years),
    bucketYears: lockSettings.bucketYears,
  };
}
