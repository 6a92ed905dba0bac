// The image's first layer: the Node.js binary Capstan runs on, at /usr/local/bin/node, flock(1)
// (the API server and the agent lock their directories with it), the shared libraries they link
// taken from this host at the paths the host's loader found them (`ldd`), and the little a glibc
// program wants around it: /etc/passwd and /etc/group with root, an
// nsswitch.conf that reads files then DNS, the host's CA bundle where there is one, /tmp (1777)
// and /root. No shell and no package manager: nothing else runs in the image.

import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, realpath } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { bytesEntry, hostFileEntry, type LayerEntry } from './layer-entries.ts';

const run = promisify(execFile);

/** Where the binary is in the image. */
export const imageNodePath = '/usr/local/bin/node';

const caBundles = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt'];

export async function runtimeLayerEntries(nodeBinary: string): Promise<LayerEntry[]> {
  const node = await realpath(nodeBinary);
  const flock = await findProgram('flock', 'util-linux');
  const entries: LayerEntry[] = [await hostFileEntry(imageNodePath.slice(1), node), await hostFileEntry('usr/bin/flock', flock)];
  // A library reached through a link (libstdc++.so.6 -> libstdc++.so.6.0.30) is stored as a file
  // at the name the loader asks for: one copy, no link to resolve in the image.
  const libraries = new Set([...(await sharedLibraries(node)), ...(await sharedLibraries(flock))]);
  for (const library of [...libraries].sort()) entries.push(await hostFileEntry(library.slice(1), await realpath(library)));
  entries.push(
    bytesEntry('etc/passwd', 'root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n'),
    bytesEntry('etc/group', 'root:x:0:\nnogroup:x:65534:\n'),
    bytesEntry('etc/nsswitch.conf', 'passwd: files\ngroup: files\nhosts: files dns\n'),
    { type: 'directory', path: 'tmp', mode: 0o1777 },
    { type: 'directory', path: 'root', mode: 0o700 },
  );
  for (const bundle of caBundles) {
    if (
      await access(bundle).then(
        () => true,
        () => false,
      )
    )
      entries.push(await hostFileEntry(bundle.slice(1), await realpath(bundle)));
  }
  return entries;
}

/** The real path of a program on the PATH. */
async function findProgram(name: string, packageName: string): Promise<string> {
  for (const directory of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    if (directory === '') continue;
    const path = join(directory, name);
    if (
      await access(path, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return realpath(path);
  }
  throw new Error(`${name} is not on the PATH: the image takes it from this host (it ships with ${packageName})`);
}

/** The absolute paths of the shared libraries (and the loader) a binary links, as ldd prints them. */
export async function sharedLibraries(binary: string): Promise<string[]> {
  let output: string;
  try {
    output = (await run('ldd', [binary], { encoding: 'utf8' })).stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: unknown; stdout?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error('ldd is not installed: the image takes the shared libraries of Node.js from this host (glibc ships ldd)');
    // glibc's ldd says so and exits 1 for a static binary: it needs no library then.
    if (/not a dynamic executable|statically linked/.test(`${stdout}${stderr}`)) return [];
    throw new Error(`ldd ${binary}: ${(stderr ?? '').trim() || String(error)}`);
  }
  const libraries: string[] = [];
  for (const line of output.split('\n')) {
    const text = line.trim();
    if (text === '' || text === 'statically linked') continue;
    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)", "/lib64/ld-linux-x86-64.so.2 (0x...)",
    // "linux-vdso.so.1 (0x...)" (in the kernel, no file), "libfoo.so.1 => not found".
    const linked = /^(\S+) => (.+?)(?: \(0x[0-9a-f]+\))?$/.exec(text);
    const path = linked === null ? text.replace(/ \(0x[0-9a-f]+\)$/, '') : (linked[2] as string);
    if (path === 'not found') throw new Error(`${binary} links ${linked?.[1]}, which this host does not have`);
    if (path.startsWith('/')) libraries.push(path);
  }
  return [...new Set(libraries)].sort();
}
