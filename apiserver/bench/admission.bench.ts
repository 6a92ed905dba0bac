// The admission benchmark: ConfigMap create throughput and latency with 0, 1, 10 and 100
// ValidatingAdmissionPolicies bound (each matching every ConfigMap create and passing, with a
// variable, a validation reading the object and an audit annotation), on one server over SQLite:
// what evaluating policies on every write costs; then, on a second server, with one validating
// webhook (HTTPS, allowing everything) called for every ConfigMap create instead.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchApiServer } from './api-server-process.ts';
import type { BenchRow } from './bench-row.ts';
import { startAllowingWebhook } from './allowing-webhook.ts';
import { httpLoad, type LoadResult } from './http-load.ts';

export interface AdmissionBenchOptions {
  /** The numbers of policies the creates are measured with, each a step up from the one before. */
  readonly policyCounts: readonly number[];
  readonly concurrency: number;
  readonly phaseMs: number;
  readonly warmupMs: number;
}

const api = '/apis/admissionregistration.k8s.io/v1';

function policy(i: number): object {
  return {
    metadata: { name: `bench-${i}` },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      variables: [{ name: 'labels', expression: 'has(object.metadata.labels) ? object.metadata.labels : {}' }],
      validations: [{ expression: "!('forbidden' in variables.labels) && object.metadata.name.size() < 253", message: 'refused' }],
      auditAnnotations: [{ key: 'name', valueExpression: 'string(object.metadata.name)' }],
    },
  };
}

async function post(url: string, body: object): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
}

/** Once a create with a label every policy refuses is refused, the policies are in effect. */
async function waitInEffect(url: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${url}/api/v1/namespaces/default/configmaps?dryRun=All`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'probe', labels: { forbidden: 'yes' } } }),
    });
    if (response.status === 422) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function admissionBench(options: AdmissionBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-bench-admission-'));
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir: scratch });
  const rows: BenchRow[] = [];
  try {
    let bound = 0;
    for (const [phase, count] of options.policyCounts.entries()) {
      for (; bound < count; bound++) {
        await post(`${server.url}${api}/validatingadmissionpolicies`, policy(bound));
        await post(`${server.url}${api}/validatingadmissionpolicybindings`, {
          metadata: { name: `bench-${bound}` },
          spec: { policyName: `bench-${bound}`, validationActions: ['Deny', 'Audit'] },
        });
      }
      if (count > 0) await waitInEffect(server.url);
      const result = await createLoad(server.url, `phase${phase}-`, options);
      const subject = `ConfigMap create, ${count} ${count === 1 ? 'policy' : 'policies'} bound`;
      log(`${subject}: ${Math.round(result.perSecond)}/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`);
      rows.push(...rowsOf(subject, result, options));
    }
  } finally {
    await server.stop();
  }
  try {
    rows.push(...(await webhookPhase(join(scratch, 'webhook'), options, log)));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

/** ConfigMap creates on a fresh server with one validating webhook that allows them. */
async function webhookPhase(dataDir: string, options: AdmissionBenchOptions, log: (line: string) => void): Promise<BenchRow[]> {
  const webhook = await startAllowingWebhook();
  const server = await startBenchApiServer({ backend: 'sqlite', dataDir });
  try {
    await post(`${server.url}${api}/validatingwebhookconfigurations`, {
      metadata: { name: 'bench-allow' },
      webhooks: [
        {
          name: 'allow.bench.capstan.dev',
          clientConfig: { url: `${webhook.url}/allow`, caBundle: webhook.caBundle },
          rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }],
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          failurePolicy: 'Fail',
        },
      ],
    });
    // In effect once a dry-run create reaches the webhook.
    while (webhook.answered() === 0) {
      await fetch(`${server.url}/api/v1/namespaces/default/configmaps?dryRun=All`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: 'probe' } }),
      });
    }
    const result = await createLoad(server.url, 'webhook-', options);
    const subject = 'ConfigMap create, 1 validating webhook';
    log(`${subject}: ${Math.round(result.perSecond)}/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms`);
    return rowsOf(subject, result, options);
  } finally {
    await server.stop();
    await webhook.close();
  }
}

async function createLoad(url: string, namePrefix: string, options: AdmissionBenchOptions): Promise<LoadResult> {
  const result = await httpLoad({
    url,
    request: { kind: 'create', namespaces: ['default'], namePrefix },
    concurrency: options.concurrency,
    durationMs: options.phaseMs,
    warmupMs: options.warmupMs,
  });
  if (result.errors > 0) throw new Error(`creates (${namePrefix}) failed: ${result.firstError}`);
  return result;
}

function rowsOf(subject: string, result: LoadResult, options: AdmissionBenchOptions): BenchRow[] {
  return [
    { subject, metric: 'throughput', value: result.perSecond, unit: 'creates/s', note: `${options.concurrency} in flight` },
    { subject, metric: 'p50 latency', value: result.p50Ms, unit: 'ms' },
    { subject, metric: 'p99 latency', value: result.p99Ms, unit: 'ms' },
  ];
}
