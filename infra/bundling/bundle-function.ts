import { resolve } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { ROUTES } from '../../shared/routes.ts';
import { bundleAliases, ESBUILD_OPTIONS } from './options.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Functions outside the route table that reach a bucket through S3's client: the check of uploads as they land, the import worker (it locks the files a journals import attaches), the export worker. */
export const OBJECT_STORAGE_FUNCTIONS = ['functions/ops/attachment-arrived.ts', 'functions/ops/run-imports.ts', 'functions/ops/run-exports.ts'];

/**
 * Whether the entry is the handler of a row that reaches a bucket through S3's client (its
 * `documents`, but `evidence`; its `exportFiles`), or another function that does: its bundle then
 * takes the client's modules.
 */
const reachesObjectStorage = (entry: string) =>
  ROUTES.some((route) => (route.documents === 'upload' || route.documents === 'read' || route.documents === 'check' || route.exportFiles) && resolve(ROOT, route.handler) === resolve(entry)) || OBJECT_STORAGE_FUNCTIONS.some((path) => resolve(ROOT, path) === resolve(entry));

/**
 * A function's asset as the stack deploys it and `npm run bench` measures it: `index.mjs` (the
 * handler) and the chunks esbuild splits off (`chunks/`). A module the code imports with
 * `await import(...)` (the XLSX writer, an export's file rendering, the reads of a report as
 * known at a moment, the S3 client) is a chunk of its own, loaded when a request first takes
 * that path; code shared with the handler stays in chunks the handler imports at start. Source
 * maps go beside each file for reading stack traces offline (not enabled at run time:
 * docs/decisions.md). `objectStorage` (by default: whether the entry reaches a bucket: its row's `documents` or `exportFiles`)
 * keeps the SDK modules S3's client needs (options.ts, DYNAMODB_ONLY_ALIASES).
 */
export function bundleFunction(entry: string, outdir: string, options: { sourcemap?: boolean; objectStorage?: boolean } = {}): Metafile {
  const result = buildSync({
    ...ESBUILD_OPTIONS,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    alias: bundleAliases(options.objectStorage ?? reachesObjectStorage(entry)),
    entryPoints: { index: entry },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: options.sourcemap ?? true,
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

/** The output files of a bundle by how a request reaches them: at start (the handler and what it imports), or later. */
export interface BundleFiles {
  /** Bytes loaded when the function starts: `index.mjs` and every chunk it imports statically, transitively. */
  atStart: number;
  /** The chunks only `import()` reaches, each with the inputs that weigh most in it. */
  lazy: Array<{ file: string; bytes: number; largest: string[] }>;
}

/**
 * Splits a bundle's outputs (its metafile) into what the handler loads at start and the chunks
 * `import()` reaches later. A chunk nothing imports is left out: esbuild writes one for every
 * `import()` it meets, also where tree shaking dropped the code calling it (the SDK's browser
 * user agent parser, bowser).
 */
export function bundleFiles(metafile: Metafile): BundleFiles {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).filter(([file]) => !file.endsWith('.map')));
  // The handler's file by its name: a chunk `import()` reaches records an entry point too.
  const entry = Object.keys(outputs).find((file) => /(^|\/)index\.mjs$/.test(file))!;
  const reach = (from: string[], kinds: string[], into: Set<string>) => {
    const queue = [...from];
    while (queue.length > 0) {
      for (const i of outputs[queue.shift()!]!.imports) {
        if (kinds.includes(i.kind) && outputs[i.path] && !into.has(i.path)) {
          into.add(i.path);
          queue.push(i.path);
        }
      }
    }
    return into;
  };
  const atStart = reach([entry], ['import-statement'], new Set([entry]));
  const later = reach([...atStart], ['import-statement', 'dynamic-import'], new Set());
  const lazy = [...later]
    .filter((file) => !atStart.has(file))
    .map((file) => {
      const inputs = Object.entries(outputs[file]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
      return { file, bytes: outputs[file]!.bytes, largest: inputs.slice(0, 3).map(([input]) => input.replace(/^.*node_modules\//, '')) };
    });
  return { atStart: [...atStart].reduce((sum, file) => sum + outputs[file]!.bytes, 0), lazy };
}
