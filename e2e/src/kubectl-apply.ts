// Test support: `kubectl apply -f -` of one object, sent as JSON on its standard input: its exit
// code and everything it printed (stdout and stderr in the order they came).

import { spawn } from 'node:child_process';
import { kubectlBinary } from './kubectl-binary.ts';

export interface KubectlOutcome {
  readonly code: number | null;
  readonly output: string;
}

/** `flags`: more of kubectl's flags (--cache-dir, ...). */
export async function kubectlApply(kubeconfig: string, object: unknown, flags: readonly string[] = []): Promise<KubectlOutcome> {
  const child = spawn(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, ...flags, 'apply', '-f', '-']);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(JSON.stringify(object));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}
