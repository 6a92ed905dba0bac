// Builds the client-go programs that tests run (the clientGoBinary('<name>') calls in the tests of
// every package) before the e2e tests start, one after another: built inside the tests, several at
// once on a fresh machine (module download and a cold compile of client-go), they can outlast
// ava's timeout. The programs only used to regenerate fixtures are not built. Without a Go
// toolchain this says so and leaves the tests to skip (or, under CI, to fail).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';

const root = join(import.meta.dirname, '..', '..');

function programsTestsRun(): Set<string> {
  const names = new Set<string>();
  for (const workspace of ['common', 'apiserver', 'controllers', 'nodeagent', 'deploy', 'e2e']) {
    const dir = join(root, workspace, 'test');
    let files: string[];
    try {
      files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    } catch {
      continue;
    }
    for (const file of files) for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/clientGoBinary\('([\w-]+)'\)/g)) names.add(match[1] as string);
  }
  return names;
}

if (!goAvailable()) {
  console.log('no Go toolchain on the PATH: the client-go tests will be skipped');
} else {
  for (const name of programsTestsRun()) clientGoBinary(name);
}
