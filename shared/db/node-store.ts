import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../errors.ts';
import { isUuidReference, MAX_DEPTH, pathSegments } from '../tree/rules.ts';
import { batchGetItems } from './batch-get.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import { NODE_CONDITIONS, type NodeCondition, type NodeConditionName } from './node-conditions.ts';
import { keywordListPage } from './paginate.ts';
import { anyWithPrefix } from './prefix-query.ts';
import { GUARD_FREE, guardFreeValues, withWriteGuard } from './write-guard.ts';
import { db } from './client.ts';
import { keys, type NodeKind } from './keys.ts';
import type { WriteOp } from './transact.ts';

/**
 * Storage of hierarchy nodes (accounts, cost centers). A node item holds its own code and
 * parent only; `path` is derived from the ancestor chain on every read, so a move or a code
 * change of an ancestor is reflected at once without rewriting descendants. An edge item
 * `(parent, code) -> child` keeps sibling codes unique and resolves one path segment per read.
 */
export interface NodeRecord {
  id: string;
  code: string;
  parentId: string | null;
  childCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Kind-specific attributes (name, type, classification, status...). */
  attributes: Record<string, unknown>;
}

const BASE_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'id', 'code', 'parentId', 'childCount', 'guard', 'guardUntil', 'version', 'createdAt', 'updatedAt', 'searchText']);

function toRecord(item: Record<string, unknown>): NodeRecord {
  return {
    id: item.id as string,
    code: item.code as string,
    parentId: (item.parentId as string | undefined) ?? null,
    childCount: (item.childCount as number | undefined) ?? 0,
    version: item.version as number,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    attributes: Object.fromEntries(Object.entries(item).filter(([k]) => !BASE_FIELDS.has(k))),
  };
}

export class NodeStore {
  constructor(
    readonly kind: NodeKind,
    /** Human name used in error messages ("The account"). */
    readonly label: string,
  ) {}

  /** A page of the company's nodes by code (orderBy `Code`) or creation (`CreatedAt`); the keyword matches the search text. */
  page(companyId: string, endpoint: string, query: ListQuery<'Code' | 'CreatedAt'>, keyword: string): Promise<Page<NodeRecord>> {
    return keywordListPage(
      { index: query.orderBy === 'Code' ? 'gsi1' : 'gsi2', partition: keys.nodeListPartition(this.kind, companyId), companyId, endpoint, keywordAttribute: 'searchText', toRecord },
      query,
      keyword,
    );
  }

  async get(companyId: string, id: string): Promise<NodeRecord | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.node(this.kind, companyId, id) }));
    return Item ? toRecord(Item) : undefined;
  }

  async mustGet(companyId: string, id: string): Promise<NodeRecord> {
    const node = await this.get(companyId, id);
    if (!node) throw new NotFound(this.label);
    return node;
  }

  /**
   * Resolves a UUID or a code path to a node of the company, reading one item per path
   * segment. Errors: NotFound naming `field` when nothing matches (spec: Code paths, rule 4).
   */
  async resolve(companyId: string, reference: string, field: string): Promise<NodeRecord> {
    const notFound = () => new NotFound(`${this.label} '${reference}'`, field);
    if (isUuidReference(reference)) return (await this.get(companyId, reference)) ?? Promise.reject(notFound());
    const segments = pathSegments(reference);
    if (!segments || segments.length > MAX_DEPTH) throw notFound();
    let parentId: string | null = null;
    for (const code of segments) {
      const { Item }: { Item?: Record<string, unknown> } = await db().send(
        new GetCommand({ TableName: config.tableName, Key: keys.nodeEdge(this.kind, companyId, parentId, code) }),
      );
      if (!Item) throw notFound();
      parentId = Item.childId as string;
    }
    return (await this.get(companyId, parentId!)) ?? Promise.reject(notFound());
  }

  /**
   * The ancestor chains (root first, the node itself last) of many nodes, fetching missing
   * ancestors level by level with BatchGet: O(depth) round trips, never the whole chart.
   */
  async chains(companyId: string, nodes: NodeRecord[]): Promise<Map<string, NodeRecord[]>> {
    const known = new Map(nodes.map((n) => [n.id, n]));
    for (let level = 0; level <= MAX_DEPTH; level++) {
      const missing = [...new Set([...known.values()].map((n) => n.parentId).filter((p): p is string => !!p && !known.has(p)))];
      if (missing.length === 0) break;
      for (const fetched of await this.batchGet(companyId, missing)) known.set(fetched.id, fetched);
    }
    const result = new Map<string, NodeRecord[]>();
    for (const node of nodes) {
      const chain: NodeRecord[] = [];
      for (let n: NodeRecord | undefined = node; n && chain.length <= MAX_DEPTH; n = n.parentId ? known.get(n.parentId) : undefined) {
        chain.unshift(n);
      }
      result.set(node.id, chain);
    }
    return result;
  }

  async chain(companyId: string, node: NodeRecord): Promise<NodeRecord[]> {
    return (await this.chains(companyId, [node])).get(node.id)!;
  }

  private async batchGet(companyId: string, ids: string[]): Promise<NodeRecord[]> {
    return (await batchGetItems(ids.map((id) => keys.node(this.kind, companyId, id)))).map(toRecord);
  }

  // ---- writes: each returns transaction items; the use case commits them together ----

  /** A new node, its edge (unique sibling code) and the parent's child counter. */
  createOps(companyId: string, node: NodeRecord, searchText: string, parentMust?: NodeConditionName): WriteOp[] {
    const ops: WriteOp[] = [
      this.edgePut(companyId, node.parentId, node.code, node.id),
      {
        item: {
          Put: {
            TableName: config.tableName,
            Item: this.item(companyId, node, searchText),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
    ];
    if (node.parentId) ops.push(this.childCounter(companyId, node.parentId, 1, parentMust && NODE_CONDITIONS[parentMust]));
    return ops;
  }

  /**
   * Replaces a node's fields conditionally on the version read. When the code or parent
   * changed, the edge moves; when the parent changed, both parents' counters move and every
   * ancestor of the new parent is checked unchanged, so two concurrent moves cannot form a cycle.
   */
  updateOps(
    companyId: string,
    before: NodeRecord,
    after: NodeRecord,
    searchText: string,
    newParentChain: NodeRecord[],
    parentMust?: NodeConditionName,
  ): WriteOp[] {
    const ops: WriteOp[] = [this.fieldsUpdate(companyId, before, after, searchText)];
    if (before.code !== after.code || before.parentId !== after.parentId) {
      ops.push(this.edgeDelete(companyId, before.parentId, before.code), this.edgePut(companyId, after.parentId, after.code, after.id));
    }
    if (before.parentId !== after.parentId) {
      // Each item may appear once per transaction, so a parent that is also an ancestor of
      // the new parent carries its "parent unchanged" check inside its counter update.
      const unchanged = new Map(newParentChain.map((a) => [a.id, this.parentUnchangedCondition(a)]));
      if (before.parentId) ops.push(this.childCounter(companyId, before.parentId, -1, unchanged.get(before.parentId)));
      if (after.parentId) ops.push(this.childCounter(companyId, after.parentId, 1, merge(parentMust && NODE_CONDITIONS[parentMust], unchanged.get(after.parentId))));
      for (const ancestor of newParentChain) {
        if (ancestor.id === before.parentId || ancestor.id === after.parentId) continue;
        ops.push(this.conditionCheck(companyId, ancestor.id, this.parentUnchangedCondition(ancestor)));
      }
    }
    return ops;
  }

  /**
   * Runs the delete once no journal names the node, holding off new references meanwhile.
   * Errors: VersionConflict, StateConflict (HasChildren, InUse).
   */
  async withNoUsage(companyId: string, node: NodeRecord, write: (guard: string) => Promise<void>): Promise<void> {
    await withWriteGuard(
      keys.node(this.kind, companyId, node.id),
      node.version,
      async () =>
        (await anyWithPrefix(keys.company(companyId).pk, keys.nodeUsagePrefix(this.kind, node.id)))
          ? new StateConflict('InUse', `${this.label} is used by journal lines.`)
          : undefined,
      write,
    );
  }

  /** Deletes a childless node, conditionally on its version and on the delete guard it holds. */
  deleteOps(companyId: string, node: NodeRecord, guard: string): WriteOp[] {
    const ops: WriteOp[] = [
      {
        item: {
          Delete: {
            TableName: config.tableName,
            Key: keys.node(this.kind, companyId, node.id),
            ConditionExpression: 'version = :version AND childCount = :zero AND guard = :guard',
            ExpressionAttributeValues: { ':version': node.version, ':zero': 0, ':guard': guard },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        onConditionFailed: (old) => {
          if (!old) return new NotFound(this.label);
          return old.version === node.version ? (this.childrenError(toRecord(old)) ?? new VersionConflict()) : new VersionConflict();
        },
      },
      this.edgeDelete(companyId, node.parentId, node.code),
    ];
    if (node.parentId) ops.push(this.childCounter(companyId, node.parentId, -1));
    return ops;
  }

  childrenError(node: NodeRecord): AppError | undefined {
    return node.childCount > 0 ? new StateConflict('HasChildren', `${this.label} has children; move or delete them first.`) : undefined;
  }

  /**
   * A journal may name this node: it exists, no delete holds it, and it meets the named
   * condition (leaf account, active cost center). Errors: the given error when it does not.
   */
  referenceCheckOp(companyId: string, nodeId: string, must: NodeConditionName, error: () => AppError): WriteOp {
    const condition: NodeCondition = NODE_CONDITIONS[must];
    return {
      item: {
        ConditionCheck: {
          TableName: config.tableName,
          Key: keys.node(this.kind, companyId, nodeId),
          ConditionExpression: `attribute_exists(pk) AND ${GUARD_FREE} AND ${condition.expression}`,
          ExpressionAttributeNames: condition.names,
          ExpressionAttributeValues: { ...guardFreeValues(), ...condition.values },
        },
      },
      onConditionFailed: error,
    };
  }

  /** The node still exists at the version read (no move, code or attribute change since). */
  unchangedCheckOp(companyId: string, node: NodeRecord): WriteOp {
    return {
      item: {
        ConditionCheck: {
          TableName: config.tableName,
          Key: keys.node(this.kind, companyId, node.id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': node.version },
        },
      },
      onConditionFailed: () => new VersionConflict(`${this.label} or one of its parents changed meanwhile; read it again and retry.`),
    };
  }

  usagePutOp(companyId: string, nodeId: string, journalId: string): WriteOp {
    return {
      item: {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.nodeUsage(this.kind, companyId, nodeId, journalId), entity: 'Usage', nodeId, journalId },
        },
      },
    };
  }

  usageDeleteOp(companyId: string, nodeId: string, journalId: string): WriteOp {
    return { item: { Delete: { TableName: config.tableName, Key: keys.nodeUsage(this.kind, companyId, nodeId, journalId) } } };
  }

  /**
   * Sets the node's own fields, conditionally on its version. An Update, not a Put: the child
   * counter (moved by other requests without a version change) and a delete guard stay as stored.
   */
  private fieldsUpdate(companyId: string, before: NodeRecord, after: NodeRecord, searchText: string): WriteOp {
    const { pk: _pk, sk: _sk, childCount: _childCount, ...fields } = this.item(companyId, after, searchText);
    const gone = Object.keys(before.attributes).filter((k) => !(k in after.attributes));
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':version': before.version };
    const sets: string[] = [];
    const removes: string[] = [];
    Object.entries(fields).forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      if (value === undefined) removes.push(`#f${i}`);
      else {
        sets.push(`#f${i} = :f${i}`);
        values[`:f${i}`] = value;
      }
    });
    gone.forEach((field, i) => {
      names[`#g${i}`] = field;
      removes.push(`#g${i}`);
    });
    return {
      item: {
        Update: {
          TableName: config.tableName,
          Key: keys.node(this.kind, companyId, after.id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      onConditionFailed: () => new VersionConflict(),
    };
  }

  private item(companyId: string, node: NodeRecord, searchText: string): Record<string, unknown> {
    return {
      ...node.attributes,
      ...keys.node(this.kind, companyId, node.id),
      ...keys.nodeByCode(this.kind, companyId, node.code, node.id),
      ...keys.nodeByCreation(this.kind, companyId, node.createdAt, node.id),
      entity: this.kind,
      id: node.id,
      code: node.code,
      parentId: node.parentId ?? undefined,
      childCount: node.childCount,
      version: node.version,
      createdAt: node.createdAt,
      updatedAt: node.updatedAt,
      searchText,
    };
  }

  private edgePut(companyId: string, parentId: string | null, code: string, childId: string): WriteOp {
    return {
      item: {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.nodeEdge(this.kind, companyId, parentId, code), entity: `${this.kind}_EDGE`, childId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () => new StateConflict('DuplicateCode', `Another ${this.label.replace(/^The /, '').toLowerCase()} under the same parent already has this code.`, 'code'),
    };
  }

  private edgeDelete(companyId: string, parentId: string | null, code: string): WriteOp {
    return { item: { Delete: { TableName: config.tableName, Key: keys.nodeEdge(this.kind, companyId, parentId, code) } } };
  }

  private childCounter(companyId: string, parentId: string, delta: 1 | -1, condition?: NodeCondition): WriteOp {
    return {
      item: {
        Update: {
          TableName: config.tableName,
          Key: keys.node(this.kind, companyId, parentId),
          UpdateExpression: 'ADD childCount :delta',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          ConditionExpression: ['attribute_exists(pk)', condition?.expression].filter(Boolean).join(' AND '),
          ExpressionAttributeValues: { ':delta': delta, ...condition?.values },
        },
      },
      // The parent vanished, stopped qualifying, or (for a move) its own ancestry changed.
      onConditionFailed: (old) => (old ? new VersionConflict('The parent changed while this write was being made; read it again and retry.') : new NotFound('The parent', 'parentId')),
    };
  }

  private parentUnchangedCondition(ancestor: NodeRecord): NodeCondition {
    return ancestor.parentId
      ? { expression: 'parentId = :parentOf' + ancestor.id.replaceAll('-', ''), values: { [':parentOf' + ancestor.id.replaceAll('-', '')]: ancestor.parentId } }
      : { expression: 'attribute_not_exists(parentId)', values: {} };
  }

  private conditionCheck(companyId: string, id: string, condition: NodeCondition): WriteOp {
    return {
      item: {
        ConditionCheck: {
          TableName: config.tableName,
          Key: keys.node(this.kind, companyId, id),
          ConditionExpression: condition.expression,
          ...(Object.keys(condition.values).length > 0 ? { ExpressionAttributeValues: condition.values } : {}),
        },
      },
      onConditionFailed: () => new VersionConflict('The hierarchy changed while this move was being made; read it again and retry.'),
    };
  }
}

function merge(...conditions: Array<NodeCondition | undefined>): NodeCondition | undefined {
  const present = conditions.filter((c): c is NodeCondition => !!c);
  if (present.length === 0) return undefined;
  return { expression: present.map((c) => c.expression).join(' AND '), values: Object.assign({}, ...present.map((c) => c.values)) };
}

