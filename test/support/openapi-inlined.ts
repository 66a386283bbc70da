import { openApiDocument } from '../../infra/openapi.ts';

/**
 * An OpenAPI document with its references into `components` replaced by what they name, so a
 * test reads each operation's parameters, bodies and responses where the operation has them.
 * (The document refers to shared parts to say each once; a reader following references sees
 * the same.)
 */
export function inlineRefs<T extends { paths: object }>(document: T): T {
  const target = (ref: string): unknown => ref.slice(2).split('/').reduce<any>((node, key) => node[key], document);
  const inline = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(inline);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) return inline(target(ref));
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value)]));
  };
  return { ...document, paths: inline(document.paths) as T['paths'] };
}

/** The service's OpenAPI document, references inlined. */
export const inlinedOpenApiDocument = () => inlineRefs(openApiDocument());
