// The image's second layer: the project under /opt/capstan as Node.js runs it from a checkout (no
// build step): the root package.json, bin/, each workspace package the `capstan` command needs
// (package.json and its folders but tests and benchmarks), their links in node_modules/@capstan,
// and the production node_modules only (production-packages.ts). And the `capstan` command at
// /usr/local/bin/capstan: a launcher the kernel runs with the image's node (the image has no
// /usr/bin/env for bin/capstan.ts's own #! line, nor a shell for bin/capstan).

import { lstat, readdir, readlink } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { bytesEntry, hostFileEntry, type LayerEntry } from './layer-entries.ts';
import { productionPackages } from './production-packages.ts';
import { imageNodePath } from './runtime-layer.ts';

/** Where the project is in the image. */
export const imageProjectPath = '/opt/capstan';
export const imageCommandPath = '/usr/local/bin/capstan';

/** Folders of a workspace package that only its developers use. */
const developmentFolders = new Set(['test', 'tests', 'bench', 'dist', 'node_modules']);

export async function projectLayerEntries(root: string): Promise<LayerEntry[]> {
  const base = imageProjectPath.slice(1);
  const entries: LayerEntry[] = [await hostFileEntry(`${base}/package.json`, join(root, 'package.json'))];
  entries.push(...(await treeEntries(join(root, 'bin'), `${base}/bin`)));
  const { directories, links } = await productionPackages(root, '@capstan/deploy');
  for (const directory of directories) {
    const source = join(root, directory);
    if (directory.startsWith('node_modules/') || directory.includes('/node_modules/')) {
      // An installed package whole but its own node_modules: what it needs from there is in the list.
      entries.push(...(await treeEntries(source, `${base}/${directory}`, (name) => name !== 'node_modules')));
    } else {
      entries.push(await hostFileEntry(`${base}/${directory}/package.json`, join(source, 'package.json')));
      for (const child of await readdir(source, { withFileTypes: true })) {
        if (child.isDirectory() && !developmentFolders.has(child.name)) entries.push(...(await treeEntries(join(source, child.name), `${base}/${directory}/${child.name}`)));
      }
    }
  }
  for (const [link, target] of links) entries.push({ type: 'symlink', path: `${base}/${link}`, target: posix.relative(posix.dirname(link), target) });
  entries.push(bytesEntry(imageCommandPath.slice(1), launcher(), 0o755));
  return entries;
}

function launcher(): string {
  // Read as CommonJS (no package.json beside it): a dynamic import loads the ES module. Node.js
  // gives bin/capstan.ts the arguments after the launcher's path, and the capstan processes that
  // `capstan up` starts run this launcher again (process.argv[1]).
  return `#!${imageNodePath}
// The capstan command of the Capstan image: runs ${imageProjectPath}/bin/capstan.ts on the image's Node.js.
import(${JSON.stringify(`${imageProjectPath}/bin/capstan.ts`)});
`;
}

/** Every file, folder and link under `source`, at `path` in the image; `include` filters the top level. */
async function treeEntries(source: string, path: string, include: (name: string) => boolean = () => true): Promise<LayerEntry[]> {
  const entries: LayerEntry[] = [{ type: 'directory', path, mode: 0o755 }];
  for (const child of await readdir(source, { withFileTypes: true })) {
    if (!include(child.name)) continue;
    const from = join(source, child.name);
    const to = `${path}/${child.name}`;
    if (child.isDirectory()) entries.push(...(await treeEntries(from, to)));
    else if (child.isSymbolicLink()) entries.push({ type: 'symlink', path: to, target: await readlink(from) });
    else if (child.isFile()) entries.push(await hostFileEntry(to, from));
    else throw new Error(`${from} is not a file, a folder or a link (${(await lstat(from)).mode.toString(8)})`);
  }
  return entries;
}
