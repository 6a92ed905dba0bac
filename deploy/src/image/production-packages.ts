// Which installed packages a workspace package needs at run time: its dependencies,
// optionalDependencies and peerDependencies, and theirs, found as Node.js finds them (the nearest
// node_modules up the tree), never devDependencies. It reads the installed tree, as `npm ls
// --omit=dev` does, without running npm.

import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

export interface ProductionPackages {
  /** The packages' directories, relative to the root ("common", "node_modules/ws"), sorted. */
  readonly directories: readonly string[];
  /** Links in node_modules to workspace packages, relative to the root: "node_modules/@capstan/common" to "common". */
  readonly links: ReadonlyMap<string, string>;
}

interface PackageJson {
  readonly name?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** The run-time closure of the package `name` (e.g. "@capstan/deploy") as the root finds it, itself included. */
export async function productionPackages(root: string, name: string): Promise<ProductionPackages> {
  const realRoot = await realpath(root);
  const inRoot = (path: string): string => {
    const rel = relative(realRoot, path);
    if (rel.startsWith('..') || rel === '') throw new Error(`${path} is outside the project ${realRoot}`);
    return rel.split(sep).join('/');
  };
  const directories = new Set<string>();
  const links = new Map<string, string>();
  const queue: string[] = [];
  const add = async (found: string): Promise<void> => {
    const real = await realpath(found);
    if (real !== found) links.set(inRoot(found), inRoot(real));
    queue.push(real);
  };
  const start = await findPackage(name, realRoot, realRoot);
  if (start === undefined) throw new Error(`${name} is not installed in ${realRoot}: run npm ci`);
  await add(start);
  for (let directory = queue.pop(); directory !== undefined; directory = queue.pop()) {
    if (directories.has(inRoot(directory))) continue;
    directories.add(inRoot(directory));
    const manifest = JSON.parse(await readFile(join(directory, 'package.json'), 'utf8')) as PackageJson;
    const required = Object.keys(manifest.dependencies ?? {});
    const optional = new Set([...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
    for (const name of [...required, ...optional]) {
      const found = await findPackage(name, directory, realRoot);
      if (found === undefined) {
        // An optional dependency of another platform is not installed, as npm leaves it.
        if (optional.has(name) && !required.includes(name)) continue;
        throw new Error(`${name}, a dependency of ${manifest.name ?? directory}, is not installed in ${realRoot}: run npm ci`);
      }
      await add(found);
    }
  }
  return { directories: [...directories].sort(), links };
}

/** Where Node.js finds `name` from `directory`: <ancestor>/node_modules/<name>, the nearest first, up to the root. */
async function findPackage(name: string, directory: string, root: string): Promise<string | undefined> {
  for (let ancestor = directory; ; ancestor = dirname(ancestor)) {
    if (basename(ancestor) !== 'node_modules') {
      const candidate = join(ancestor, 'node_modules', name);
      if (
        await stat(join(candidate, 'package.json')).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return candidate;
    }
    if (ancestor === root || dirname(ancestor) === ancestor) return undefined;
  }
}
