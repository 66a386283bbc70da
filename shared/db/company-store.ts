import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { StateConflict, VersionConflict, type AppError } from '../errors.ts';
import { batchGetItems } from './batch-get.ts';
import { db } from './client.ts';
import { keywordListPage, mapPage, queryPage } from './paginate.ts';
import { queryAll } from './query-all.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import { keys } from './keys.ts';
import type { WriteOp } from './transact.ts';

/** Storage of companies, their settings and memberships. */
export interface CompanyRecord {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

export interface SettingsRecord {
  baseCurrency: string;
  decimalPrecision: 2 | 3;
  retainedEarningsAccountId: string | null;
  version: number;
  updatedAt: string;
}

export interface MemberRecord {
  companyId: string;
  userId: string;
  email: string;
  roleId: string;
  joinedAt: string;
  version: number;
}

const put = (Item: Record<string, unknown>): WriteOp => ({
  item: { Put: { TableName: config.tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } },
});

export function createCompanyOps(company: CompanyRecord, settings: SettingsRecord, owner: MemberRecord): WriteOp[] {
  return [
    put({ ...keys.company(company.id), entity: 'Company', ...company, ownerCount: 1 }),
    put({ ...keys.settings(company.id), entity: 'Settings', companyId: company.id, ...settings }),
    put(memberItem(owner)),
  ];
}

/** Adds a member to a company (the owner is added by createCompanyOps). */
export async function putMember(member: MemberRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: config.tableName,
      Item: memberItem(member),
    }),
  );
}

export async function getCompany(companyId: string): Promise<CompanyRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.company(companyId) }));
  return Item && pick<CompanyRecord>(Item, ['id', 'name', 'createdAt', 'version']);
}

export async function getCompanies(companyIds: string[]): Promise<Map<string, CompanyRecord>> {
  const items = await batchGetItems(companyIds.map((id) => keys.company(id)));
  return new Map(items.map((item) => [item.id as string, pick<CompanyRecord>(item, ['id', 'name', 'createdAt', 'version'])]));
}

export async function getSettings(companyId: string): Promise<SettingsRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.settings(companyId) }));
  return Item && pick<SettingsRecord>(Item, ['baseCurrency', 'decimalPrecision', 'retainedEarningsAccountId', 'version', 'updatedAt']);
}

export function updateSettingsOps(companyId: string, before: SettingsRecord, after: SettingsRecord): WriteOp[] {
  return [
    {
      item: {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.settings(companyId), entity: 'Settings', companyId, ...after },
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': before.version },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
  ];
}

function memberItem(member: MemberRecord): Record<string, unknown> {
  return {
    ...keys.member(member.companyId, member.userId),
    ...keys.memberByUser(member.userId, member.joinedAt, member.companyId),
    ...keys.memberByEmail(member.companyId, member.email, member.userId),
    entity: 'Member',
    ...member,
  };
}

export function memberFromItem(item: Record<string, unknown>): MemberRecord {
  return pick<MemberRecord>(item, ['companyId', 'userId', 'email', 'roleId', 'joinedAt', 'version']);
}

export async function getMember(companyId: string, userId: string): Promise<MemberRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.member(companyId, userId), ConsistentRead: true }));
  return Item ? memberFromItem(Item) : undefined;
}

export function addMemberOp(member: MemberRecord): WriteOp {
  return {
    item: { Put: { TableName: config.tableName, Item: memberItem(member), ConditionExpression: 'attribute_not_exists(pk)' } },
    onConditionFailed: () => new StateConflict('AlreadyMember', 'This user is already a member of the company.', 'email'),
  };
}

export function replaceMemberOp(before: MemberRecord, after: MemberRecord): WriteOp {
  return {
    item: {
      Put: {
        TableName: config.tableName,
        Item: memberItem(after),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    onConditionFailed: () => new VersionConflict(),
  };
}

export function removeMemberOp(member: MemberRecord): WriteOp {
  return {
    item: {
      Delete: {
        TableName: config.tableName,
        Key: keys.member(member.companyId, member.userId),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': member.version },
      },
    },
    onConditionFailed: () => new VersionConflict(),
  };
}

function pick<T>(item: Record<string, unknown>, fields: Array<keyof T & string>): T {
  return Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as T;
}

/** Every company the user belongs to, with the role there (all pages of the user's memberships). */
export async function listMemberships(userId: string): Promise<MemberRecord[]> {
  const members: MemberRecord[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userCompaniesPartition(userId) },
  })) {
    members.push(memberFromItem(item));
  }
  return members;
}

const conditionCheck = (key: Record<string, string>, condition: string, values: Record<string, unknown>, error: () => AppError): WriteOp => ({
  item: { ConditionCheck: { TableName: config.tableName, Key: key, ConditionExpression: condition, ExpressionAttributeValues: values } },
  onConditionFailed: error,
});

/** The settings still name `accountId` (or nothing, for null) as the retained earnings account. */
export function retainedEarningsUnchangedOp(companyId: string, accountId: string | null, error: () => AppError): WriteOp {
  return accountId
    ? conditionCheck(keys.settings(companyId), 'retainedEarningsAccountId = :account', { ':account': accountId }, error)
    : conditionCheck(keys.settings(companyId), 'attribute_not_exists(retainedEarningsAccountId) OR attribute_type(retainedEarningsAccountId, :null)', { ':null': 'NULL' }, error);
}

/** The settings do not name `accountId` as the retained earnings account. */
export function notRetainedEarningsOp(companyId: string, accountId: string, error: () => AppError): WriteOp {
  return conditionCheck(keys.settings(companyId), 'NOT retainedEarningsAccountId = :account', { ':account': accountId }, error);
}

/** The settings still carry the currency precision a write's amounts were checked against. */
export function precisionUnchangedOp(companyId: string, precision: number): WriteOp {
  return conditionCheck(keys.settings(companyId), 'decimalPrecision = :precision', { ':precision': precision }, () =>
    new VersionConflict("The company's currency precision changed meanwhile; read the settings again and retry."),
  );
}

/**
 * Moves the company's count of owners with a member joining (+1) or leaving (-1) the owner
 * role; the count never falls below one, so a company always keeps an owner.
 * Errors: StateConflict (LastOwner) naming `field`.
 */
export function ownerCountOp(companyId: string, delta: 1 | -1, field: string): WriteOp {
  return {
    item: {
      Update: {
        TableName: config.tableName,
        Key: keys.company(companyId),
        UpdateExpression: 'ADD ownerCount :delta',
        ConditionExpression: delta < 0 ? 'ownerCount > :one' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta, ...(delta < 0 ? { ':one': 1 } : {}) },
      },
    },
    onConditionFailed: () => new StateConflict('LastOwner', 'This is the last owner of the company; make another member owner first.', field),
  };
}

/** A company's members by email (orderBy `Email`); the keyword matches the email. */
export function membersPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<MemberRecord>> {
  return keywordListPage(
    { index: 'gsi2', partition: keys.memberListPartition(companyId), companyId, endpoint: 'members.list', keywordAttribute: 'email', toRecord: memberFromItem },
    query,
    keyword,
  );
}

/** A user's memberships in the order they joined (orderBy `JoinedAt`). */
export async function membershipsPage(userId: string, query: ListQuery): Promise<Page<MemberRecord>> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.userCompaniesPartition(userId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId: `user:${userId}`, endpoint: 'companies.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: {} },
  });
  return mapPage(page, memberFromItem);
}
