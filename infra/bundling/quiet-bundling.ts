/**
 * `cdk synth` bundles every function: the CDK writes "Bundling asset <path>..." for each (and
 * esbuild its sizes, silenced by `logLevel` in bundle-function.ts), some 600 lines even with
 * `--quiet`. While `build` runs those lines are counted instead, and one line sums them up;
 * anything else written to stderr (warnings, errors) passes through.
 */
export function bundleQuietly<T>(build: () => T): T {
  const write = process.stderr.write.bind(process.stderr);
  let bundled = 0;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk === 'string' && /^Bundling asset [^\n]*\.\.\.\n$/.test(chunk)) {
      bundled++;
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    return build();
  } finally {
    process.stderr.write = write;
    if (bundled > 0) write(`bundling: ${bundled} asset${bundled === 1 ? '' : 's'} bundled with esbuild\n`);
  }
}
