import { copyFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { bundleFunction } from './bundle-function.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Bundles a function on this machine with esbuild's API (bundle-function.ts), which the CDK's
 * NodejsFunction cannot do: it calls esbuild's command line with one output file, so a lazy
 * `import()` was inlined and every exporting function carried exceljs. Its fields are the
 * bundling's identity: the CDK keys bundled assets by their options' JSON.
 */
class LocalBundling implements ILocalBundling {
  constructor(
    /** The handler module, relative to the project root. */
    readonly entry: string,
    /** Files copied next to the bundle: name in the asset -> path on this machine. */
    readonly copies: Readonly<Record<string, string>>,
  ) {}

  tryBundle(outputDir: string): boolean {
    bundleFunction(resolve(ROOT, this.entry), outputDir);
    for (const [name, from] of Object.entries(this.copies)) copyFileSync(from, join(outputDir, name));
    return true;
  }
}

/**
 * A function's code: its handler bundled (`index.mjs`, handler `index.handler`) with any files
 * it reads beside it, hashed by the bundle's bytes as NodejsFunction did. Synth needs no
 * network and no Docker: the image is never run, local bundling always answers.
 */
export function functionCode(entry: string, copies: Record<string, string> = {}): Code {
  return Code.fromAsset(ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: { image: DockerImage.fromRegistry('local-bundling-only'), local: new LocalBundling(relative(ROOT, entry), copies) },
  });
}
