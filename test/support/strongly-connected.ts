/**
 * The strongly connected components of a directed graph (Tarjan's algorithm): each component is a
 * set of nodes that all reach one another, so a component of two or more nodes, or one node with
 * an edge to itself, is a cycle.
 */
export function stronglyConnected<T>(nodes: readonly T[], edges: (node: T) => readonly T[]): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const components: T[][] = [];

  const visit = (node: T) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: T[] = [];
      let member: T;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };

  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

/** The components that are cycles: more than one node, or a node importing itself. */
export const cycles = <T>(nodes: readonly T[], edges: (node: T) => readonly T[]): T[][] =>
  stronglyConnected(nodes, edges).filter((c) => c.length > 1 || edges(c[0]!).includes(c[0]!));
