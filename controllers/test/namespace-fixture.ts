// Test support for the namespace controller's tests: kubectl against the test cluster with its exit
// code and both outputs (failures are what some tests look at), objects created from YAML, waiting
// for the controller, and a namespace's conditions.

import type { ExecutionContext } from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NamespaceCondition } from '../src/namespace/deletion-conditions.ts';
import { namespaceController } from '../src/namespace/index.ts';
import type { Namespace } from '../src/namespace/namespaced-resources-deleter.ts';
import { kubectlBinary, runControllers, startCluster, type TestCluster } from './controller-fixture.ts';

export interface KubectlResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
}

export function kubectlRun(cluster: TestCluster, ...args: string[]): Promise<KubectlResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(kubectlBinary(), [`--kubeconfig=${cluster.kubeconfig}`, ...args], { encoding: 'utf8', timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr, elapsedMs: Date.now() - started });
    });
  });
}

/** `kubectl apply -f` of the YAML documents given. */
async function apply(cluster: TestCluster, yaml: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-ns-test-'));
  try {
    writeFileSync(join(dir, 'objects.yaml'), yaml);
    const result = await kubectlRun(cluster, 'apply', '-f', join(dir, 'objects.yaml'));
    if (result.code !== 0) throw new Error(`kubectl apply failed: ${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A cluster running the namespace controller, with the objects of `yaml` created. */
export async function clusterWith(t: ExecutionContext, yaml: string): Promise<TestCluster> {
  const cluster = await startCluster(t);
  runControllers(t, cluster, [namespaceController]);
  await apply(cluster, yaml);
  return cluster;
}

export const namespacesTarget = { group: '', version: 'v1', resource: 'namespaces' } as const;

export async function namespaceConditions(cluster: TestCluster, name: string): Promise<NamespaceCondition[]> {
  const namespace = await cluster.client.get<Namespace>({ ...namespacesTarget, name });
  return namespace.status?.conditions ?? [];
}

/** The conditions without their times, by type, for exact comparison. */
export function conditionsByType(conditions: readonly NamespaceCondition[]): Record<string, Omit<NamespaceCondition, 'type' | 'lastTransitionTime'>> {
  return Object.fromEntries(conditions.map(({ type, lastTransitionTime: _time, ...rest }) => [type, rest]));
}

/** The five conditions as the controller words them once nothing fails and nothing remains. */
export const allWellConditions = {
  NamespaceDeletionDiscoveryFailure: { status: 'False', reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { status: 'False', reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { status: 'False', reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { status: 'False', reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { status: 'False', reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
} as const;
