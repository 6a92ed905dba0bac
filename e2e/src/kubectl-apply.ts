// Test support: `kubectl apply -f -` (or another command reading -f -) of one object, sent as JSON
// on its standard input: its exit code and everything it printed (stdout and stderr in the order
// they came).

import { spawn } from 'node:child_process';
import { kubectlBinary } from './kubectl-binary.ts';

export interface KubectlOutcome {
  readonly code: number | null;
  readonly output: string;
}

/** `flags`: more of kubectl's flags (--cache-dir, ...). */
export function kubectlApply(kubeconfig: string, object: unknown, flags: readonly string[] = []): Promise<KubectlOutcome> {
  return kubectlWithInput(kubeconfig, object, [...flags, 'apply', '-f', '-']);
}

/** kubectl with `args` (which read -f -), the object on its standard input. */
export async function kubectlWithInput(kubeconfig: string, object: unknown, args: readonly string[]): Promise<KubectlOutcome> {
  const child = spawn(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, ...args]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(JSON.stringify(object));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}
