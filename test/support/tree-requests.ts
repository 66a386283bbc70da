import type { Client } from './api.ts';

/** Accounts and cost centers share the hierarchy; each is built and moved through its own endpoints. */
const names = (code: string) => ({ arabic: `ح ${code}`, english: `N ${code}` });

export interface TreeNode {
  id: string;
  code: string;
  path: string;
  parentId: string | null;
  version: number;
  name: { arabic: string; english: string };
}

export const TREE_KINDS = [
  {
    resource: 'Accounts',
    kind: 'ACCOUNT' as const,
    create: (code: string, parentId: string | null) => ({ code, name: names(code), type: 'category', parentId, ...(parentId ? {} : { classification: 'asset' }) }),
  },
  { resource: 'CostCenters', kind: 'COST_CENTER' as const, create: (code: string, parentId: string | null) => ({ code, name: names(code), parentId }) },
];

/** The requests that build, move and read nodes of one kind. */
export function treeRequests(resource: string, create: (code: string, parentId: string | null) => Record<string, unknown>) {
  /** A chain of `length` nodes coded `<prefix>1` (top) to `<prefix><length>`, hung under `parentId`. */
  async function chain(api: Client, base: string, prefix: string, length: number, parentId: string | null = null): Promise<TreeNode[]> {
    const nodes: TreeNode[] = [];
    for (let level = 1; level <= length; level++) {
      const response = await api.post(`${base}/${resource}`, create(`${prefix}${level}`, nodes.at(-1)?.id ?? parentId));
      if (response.status !== 200) throw new Error(`create ${prefix}${level}: ${response.text}`);
      nodes.push(response.body);
    }
    return nodes;
  }
  const move = (api: Client, base: string, node: TreeNode, parentId: string | null) => api.put(`${base}/${resource}/${node.id}`, { code: node.code, name: node.name, parentId, version: node.version });
  const read = async (api: Client, base: string, node: TreeNode) => (await api.get(`${base}/${resource}/${node.id}`)).body as TreeNode;
  return { chain, move, read };
}
