// PodSecurity with kubectl: a namespace labelled to enforce restricted refuses a privileged pod with
// kube-apiserver's message, a namespace labelled to warn at baseline lets a pod in with the
// warnings kubectl prints, and a Deployment where restricted is enforced is created with warnings
// (its pods are what enforcement stops). The messages are those kube-apiserver 1.35 gives. An
// AdmissionConfiguration file sets the policy of namespaces without labels, and exemptions.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();

/** kubectl's outcome: its exit code (0 or what it failed with) and its output. */
async function kubectl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return { code: 0, ...(await shared.kubectl(...args)) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const restricted =
  'allowPrivilegeEscalation != false (container "web" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "web" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "web" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "web" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

test("a namespace labelled enforce=restricted refuses a privileged pod with kube's message", async (t) => {
  t.is((await kubectl('create', 'namespace', 'locked')).code, 0);
  t.is((await kubectl('label', 'namespace', 'locked', 'pod-security.kubernetes.io/enforce=restricted')).code, 0);
  const refused = await kubectl('run', 'web', '--namespace=locked', '--image=nginx', '--privileged');
  t.is(refused.code, 1);
  t.is(
    refused.stderr.trim(),
    `Error from server (Forbidden): pods "web" is forbidden: violates PodSecurity "restricted:latest": privileged (container "web" must not set securityContext.privileged=true), ${restricted}`,
  );
  t.is((await kubectl('get', 'pods', '--namespace=locked', '-o', 'name')).stdout, '');
  // A pod that meets the restricted standard is created, without a word.
  const overrides = JSON.stringify({
    spec: {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'web', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
    },
  });
  const admitted = await kubectl('run', 'web', '--namespace=locked', '--image=nginx', `--overrides=${overrides}`);
  t.is(admitted.code, 0);
  t.is(admitted.stderr, '');
});

test('a namespace labelled warn=baseline lets a pod in, and kubectl prints the warnings', async (t) => {
  t.is((await kubectl('create', 'namespace', 'watched')).code, 0);
  t.is((await kubectl('label', 'namespace', 'watched', 'pod-security.kubernetes.io/warn=baseline')).code, 0);
  const created = await kubectl('run', 'host', '--namespace=watched', '--image=nginx', '--overrides={"spec":{"hostNetwork":true,"hostPID":true}}', '--privileged');
  t.is(created.code, 0);
  t.is(created.stdout.trim(), 'pod/host created');
  t.is(
    created.stderr.trim(),
    'Warning: would violate PodSecurity "baseline:latest": host namespaces (hostNetwork=true, hostPID=true), privileged (container "host" must not set securityContext.privileged=true)',
  );
});

test('a Deployment in a namespace enforcing restricted is created with warnings; enforcing later warns about the pods already there', async (t) => {
  t.is((await kubectl('create', 'namespace', 'apps')).code, 0);
  t.is((await kubectl('run', 'old', '--namespace=apps', '--image=nginx')).code, 0);
  const labelled = await kubectl('label', 'namespace', 'apps', 'pod-security.kubernetes.io/enforce=restricted');
  t.is(labelled.code, 0);
  t.is(
    labelled.stderr.trim(),
    [
      'Warning: existing pods in namespace "apps" violate the new PodSecurity enforce level "restricted:latest"',
      'Warning: old: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    ].join('\n'),
  );
  const created = await kubectl('create', 'deployment', 'web', '--namespace=apps', '--image=nginx');
  t.is(created.code, 0);
  t.is(created.stdout.trim(), 'deployment.apps/web created');
  t.is(created.stderr.trim(), `Warning: would violate PodSecurity "restricted:latest": ${restricted.replaceAll('"web"', '"nginx"')}`);
  // A label PodSecurity cannot read is refused.
  const invalid = await kubectl('label', '--overwrite', 'namespace', 'apps', 'pod-security.kubernetes.io/enforce=strict');
  t.is(invalid.code, 1);
  t.is(
    invalid.stderr.trim(),
    'The Namespace "apps" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
  );
});

test('--admission-control-config-file sets the policy of unlabelled namespaces and exempts namespaces', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-pod-security-config-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const configuration = join(dir, 'admission.yaml');
  writeFileSync(
    configuration,
    [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodSecurity',
      '  configuration:',
      '    apiVersion: pod-security.admission.config.k8s.io/v1',
      '    kind: PodSecurityConfiguration',
      '    defaults: {enforce: baseline, enforce-version: v1.30}',
      '    exemptions: {namespaces: [kube-system]}',
      '',
    ].join('\n'),
  );
  const server = await startApiServer([`--admission-control-config-file=${configuration}`]);
  t.teardown(() => server.stop());
  const run = (...args: string[]) => promisify(execFile)(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  const refused = await run('run', 'web', '--image=nginx', '--privileged').catch((error: { stderr: string }) => error);
  t.is(
    refused.stderr.trim(),
    'Error from server (Forbidden): pods "web" is forbidden: violates PodSecurity "baseline:v1.30": privileged (container "web" must not set securityContext.privileged=true)',
  );
  t.is((await run('run', 'web', '--namespace=kube-system', '--image=nginx', '--privileged')).stdout.trim(), 'pod/web created');
});
