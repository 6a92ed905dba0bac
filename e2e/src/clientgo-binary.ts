// client-go v0.35 for tests: the Go programs under e2e/clientgo/cmd, built once with the machine's Go
// toolchain into node_modules/.cache and reused while their sources are unchanged. Go operators and
// controllers talk to an API server this way (typed clients send Protobuf), so these programs are
// the judge of what a Go client really sends and reads.

import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { threadId } from 'node:worker_threads';

const moduleDir = join(import.meta.dirname, '..', 'clientgo');
const cacheDir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'capstan-clientgo');

/** Whether a Go toolchain is on the PATH; tests that need one skip without it (and fail under CI). */
export function goAvailable(): boolean {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The path of the built program e2e/clientgo/cmd/<name>, built now if its sources changed. */
export function clientGoBinary(name: string): string {
  const binary = join(cacheDir, `${name}-${sourceHash()}`);
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  // Test files run in worker threads of one process and in several processes: build to a name of
  // our own, then rename (atomic), so every caller sees a whole file.
  const temporary = `${binary}.${process.pid}.${threadId}.${randomUUID()}.tmp`;
  execFileSync('go', ['build', '-o', temporary, `./cmd/${name}`], {
    cwd: moduleDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CGO_ENABLED: '0' },
  });
  renameSync(temporary, binary);
  // Builds of earlier sources are about 50 MB each: only the newest is kept.
  for (const file of readdirSync(cacheDir)) if (file !== basename(binary) && new RegExp(`^${name}-[0-9a-f]{16}$`).test(file)) rmSync(join(cacheDir, file), { force: true });
  return binary;
}

/** A hash of the module's Go sources and go.mod/go.sum: a new binary whenever any of them changes. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.go') || entry.name === 'go.mod' || entry.name === 'go.sum') {
        hash.update(path.slice(moduleDir.length)).update(readFileSync(path));
      }
    }
  };
  visit(moduleDir);
  return hash.digest('hex').slice(0, 16);
}
