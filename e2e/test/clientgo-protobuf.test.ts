// client-go creates through Protobuf (its typed clients' default) objects whose meaning hangs on
// Go's zero values, and reads them back through Protobuf: what it sees must be what kube-apiserver
// 1.35 returns. A zero or false in a pointer field was sent and is kept; an empty protocol is unset
// and defaults to TCP.

import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { declarationOfKind, decodeProtobufObject, encodeProtobufObject } from '@capstan/common/protobuf';
import { startApiServer } from '../src/api-server-process.ts';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { withoutNulls } from '../../common/test/go-json-null.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go Protobuf tests need the Go toolchain (`go` on the PATH)');

type Json = Record<string, any>;

/** What protobuf-zeros prints: each object as the server answered its create (and get). */
type ReadBack = Record<
  'deployment' | 'deploymentGet' | 'service' | 'pod' | 'job' | 'lease' | 'serviceAccount' | 'customResourceDefinition' | 'customResourceDefinitionGet',
  Json
> & {
  /** The scheduled pod, if a delete with gracePeriodSeconds 0 left it there. */
  readonly scheduledPodAfterDelete?: Json;
};

goTest('client-go Protobuf bodies keep zeros in pointer fields and default an empty protocol, as kube-apiserver does', async (t) => {
  const program = clientGoBinary('protobuf-zeros');
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const { stdout } = await run(program, [server.kubeconfig, 'zeros']);
  const read = JSON.parse(stdout) as ReadBack;

  for (const deployment of [read.deployment, read.deploymentGet]) {
    t.is(deployment.spec.replicas, 0, 'replicas: 0 is kept, not defaulted to 1');
    t.deepEqual(deployment.spec.template.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
  }
  t.deepEqual(read.service.spec.ports, [{ protocol: 'TCP', port: 80, targetPort: 80 }]);

  const pod = read.pod.spec;
  t.is(pod.terminationGracePeriodSeconds, 0);
  t.is(pod.automountServiceAccountToken, false);
  t.deepEqual(pod.containers[0].securityContext, { allowPrivilegeEscalation: false });
  t.deepEqual(pod.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);

  const job = read.job.spec;
  t.is(job.backoffLimit, 0);
  t.is(job.parallelism, 0);
  // kube defaults completions only when parallelism is unset as well.
  t.is(job.completions, undefined);

  t.is(read.lease.spec.leaseTransitions, 0);
  t.is(read.serviceAccount.automountServiceAccountToken, false);

  for (const definition of [read.customResourceDefinition, read.customResourceDefinitionGet]) {
    t.like(definition.spec.versions[0], { name: 'v1', served: true, storage: true });
    const spec = definition.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties as Json;
    t.deepEqual(spec.replicas, { type: 'integer', minimum: 0 });
    t.deepEqual(spec.tags, { type: 'array', maxItems: 0, items: { type: 'string' } });
    t.deepEqual(spec.labels, { type: 'object', additionalProperties: { type: 'string' } });
    t.deepEqual(spec.paused, { type: 'boolean' });
  }

  // DeleteOptions in Protobuf: gracePeriodSeconds 0 is a pointer's zero, so the pod is gone at once.
  t.is(read.scheduledPodAfterDelete, undefined, 'a delete with gracePeriodSeconds 0 removes the scheduled pod at once');
});

goTest('the zero-value fixtures of the common and apiserver tests are what client-go writes today', async (t) => {
  const program = clientGoBinary('protobuf-fixtures');
  const dir = mkdtempSync(join(tmpdir(), 'capstan-protobuf-fixtures-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  await run(program, [dir]);
  const committed = join(import.meta.dirname, '..', '..', 'common', 'test', 'fixtures', 'clientgo-zero-values');
  for (const file of ['objects.json', 'go-fields.json']) {
    t.true(readFileSync(join(dir, file)).equals(readFileSync(join(committed, file))), `${file} is stale: regenerate it (see its README.md)`);
  }
});

/** The output of `program args` given `input` on stdin. */
function runWithInput(program: string, args: readonly string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${program} exited ${code}: ${stderr}`))));
    child.stdin.end(input);
  });
}

goTest('what Capstan writes in Protobuf, client-go reads as the object it came from: every served kind, every field at its zero', async (t) => {
  const program = clientGoBinary('protobuf-fixtures');
  const committed = join(import.meta.dirname, '..', '..', 'common', 'test', 'fixtures', 'clientgo-zero-values', 'objects.json');
  const fixtures = (JSON.parse(readFileSync(committed, 'utf8')) as { apiVersion: string; kind: string; protobuf: string; json: unknown }[]).filter(
    (fixture) => declarationOfKind(fixture.apiVersion, fixture.kind) !== undefined,
  );
  const written = fixtures.map((fixture) => Buffer.from(encodeProtobufObject(decodeProtobufObject(Buffer.from(fixture.protobuf, 'base64')))).toString('base64'));
  const read = (await runWithInput(program, ['decode'], `${written.join('\n')}\n`)).trim().split('\n');
  t.is(read.length, fixtures.length);
  for (const [index, fixture] of fixtures.entries()) {
    t.deepEqual(withoutNulls(JSON.parse(read[index] ?? 'null')), withoutNulls(fixture.json), `${fixture.apiVersion} ${fixture.kind}`);
  }
});
