import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import { lookAlikeForm } from '../text/look-alike-form.ts';
import { isUuidReference, MAX_DEPTH, pathSegments } from '../tree/rules.ts';

/**
 * A company's whole tree of one kind held in memory, read once for an import (one query instead
 * of one read per path segment per row): nodes by id, by path, and by the look-alike form of
 * their code among their siblings.
 */
export class ChartIndex<A extends NodeAttributes = NodeAttributes> {
  private readonly byId = new Map<string, NodeRecord<A>>();
  /** parent id (or '' for roots) -> code as typed -> node. */
  private readonly children = new Map<string, Map<string, NodeRecord<A>>>();
  /** parent id (or '') -> look-alike form of the code -> node. */
  private readonly forms = new Map<string, Map<string, NodeRecord<A>>>();

  constructor(nodes: readonly NodeRecord<A>[]) {
    for (const node of nodes) {
      this.byId.set(node.id, node);
      const parent = node.parentId ?? '';
      if (!this.children.has(parent)) this.children.set(parent, new Map());
      if (!this.forms.has(parent)) this.forms.set(parent, new Map());
      this.children.get(parent)!.set(node.code, node);
      this.forms.get(parent)!.set(lookAlikeForm(node.code), node);
    }
  }

  get(id: string): NodeRecord<A> | undefined {
    return this.byId.get(id);
  }

  /** The node a reference names: a UUID, or a path of codes exactly as typed from the root. */
  resolve(reference: string): NodeRecord<A> | undefined {
    if (isUuidReference(reference)) return this.byId.get(reference.toLowerCase());
    const segments = pathSegments(reference.normalize('NFC'));
    if (!segments || segments.length > MAX_DEPTH) return undefined;
    let node: NodeRecord<A> | undefined;
    for (const code of segments) {
      node = this.children.get(node?.id ?? '')?.get(code);
      if (!node) return undefined;
    }
    return node;
  }

  /** The sibling under `parentId` (null: a root) whose code looks like `code`. */
  siblingLike(parentId: string | null, code: string): NodeRecord<A> | undefined {
    return this.forms.get(parentId ?? '')?.get(lookAlikeForm(code));
  }

  /** Root first, the node last (a chain that loops or breaks ends where it does). */
  chain(node: NodeRecord<A>): NodeRecord<A>[] {
    const chain = [node];
    for (let up = node.parentId ? this.byId.get(node.parentId) : undefined; up && chain.length <= MAX_DEPTH; up = up.parentId ? this.byId.get(up.parentId) : undefined) chain.unshift(up);
    return chain;
  }

  path(node: NodeRecord<A>): string {
    return this.chain(node).map((n) => n.code).join('.');
  }
}
