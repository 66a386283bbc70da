import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError } from '../errors.ts';
import type { Route } from '../routes/route.ts';
import { Reference } from '../schemas/common.ts';
import { isUuidReference } from '../schemas/hierarchy.ts';
import { apiRequestOf } from './api-request.ts';

/** What resolves a path of codes to the UUID of the node it names in a company (a node store). */
export interface PathResolver {
  /** Errors: NotFound naming `field` when the path names nothing in the company. */
  resolveId(companyId: string, reference: string, field: string): Promise<string>;
}

/** How a handler resolves the path parameters its row declares in `pathReferences`: `byPath({ id: accountNodes })`. */
export interface PathResolution<P extends string = string> {
  readonly resolvers: { readonly [K in P]: PathResolver };
  middleware(route: Route): MiddlewareObj<APIGatewayProxyEventV2>;
}

/** The resolution a row's `pathReferences` require of its handler (none for other rows). */
export type PathResolutionOf<R extends Route> = R extends { pathReferences: infer P } ? PathResolution<keyof P & string> : never;

/**
 * Resolves the path parameters a row declares in `pathReferences` (an account or a cost center,
 * by UUID or by path of codes), each with its resolver: each parsed like any reference (a UUID
 * in lower case, a path NFC), and a path replaced by the UUID it names in the path's company,
 * never another's (the caller's access to it is checked first), before the use case runs. A UUID
 * is left as given, unread: the use case's own read answers for it. Runs after inputParsing.
 * Only handlers of such rows import this module, so only their bundles carry the code rules.
 * Errors: ValidationError (a path that cannot name anything), NotFound, both naming the parameter.
 */
export function byPath<const P extends string>(resolvers: { readonly [K in P]: PathResolver }): PathResolution<P> {
  return {
    resolvers,
    middleware: (route) => ({
      name: 'pathReferences',
      before: async (request) => {
        const api = apiRequestOf(request.event);
        const params = api.params as Record<string, string>;
        for (const name of Object.keys(route.pathReferences ?? {})) {
          const parsed = Reference().safeParse(request.event.pathParameters?.[name] ?? '');
          if (!parsed.success) throw ValidationError.field(name, parsed.error.issues[0]?.message ?? 'must be a UUID or a path of codes');
          const resolver = (resolvers as Readonly<Record<string, PathResolver>>)[name]!;
          params[name] = isUuidReference(parsed.data) ? parsed.data : await resolver.resolveId(api.companyId!, parsed.data, name);
        }
      },
    }),
  };
}
