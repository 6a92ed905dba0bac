// Test support: `kubectl apply -f -` with an object on its standard input.

import { spawn } from 'node:child_process';
import { kubectlBinary } from './kubectl-binary.ts';

/** Runs kubectl apply with `flags` (the kubeconfig, ...) on `object`: its exit code and its output, standard error included. */
export async function kubectlApply(flags: readonly string[], object: unknown): Promise<{ code: number | null; out: string }> {
  const child = spawn(kubectlBinary(), [...flags, 'apply', '-f', '-']);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(JSON.stringify(object));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, out };
}
