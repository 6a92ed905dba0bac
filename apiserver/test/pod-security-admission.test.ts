// PodSecurity on a running server: namespace labels enforce (403 in kube's words), warn (Warning
// headers) and audit (annotations of the audit event); pod controllers are only warned about;
// label changes are validated and warn about the pods already there; pod updates are checked only
// when they change images; exemptions come from --admission-control-config-file.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { asUser, writeTokenFile } from './token-users.ts';

let server: ApiServerChild | undefined;
let auditLog = '';

test.before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-pod-security-'));
  auditLog = join(dir, 'audit.log');
  writeFileSync(join(dir, 'audit-policy.yaml'), 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n');
  writeFileSync(
    join(dir, 'admission.yaml'),
    [
      'apiVersion: apiserver.config.k8s.io/v1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: PodSecurity',
      '  configuration:',
      '    apiVersion: pod-security.admission.config.k8s.io/v1',
      '    kind: PodSecurityConfiguration',
      '    exemptions: {usernames: [alice], namespaces: [exempt-ns], runtimeClasses: [kata]}',
      '',
    ].join('\n'),
  );
  server = await startApiServerChild({
    prefix: 'capstan-pod-security-',
    args: [
      `--token-auth-file=${writeTokenFile()}`,
      `--admission-control-config-file=${join(dir, 'admission.yaml')}`,
      `--audit-policy-file=${join(dir, 'audit-policy.yaml')}`,
      `--audit-log-path=${auditLog}`,
    ],
  });
});

test.after.always(() => server?.stop());

const url = (): string => server?.url ?? '';

async function send(method: string, path: string, body?: unknown, token = 'admintoken', contentType = 'application/json') {
  const answer = await fetch(`${url()}${path}`, asUser(token, { method, headers: { 'content-type': contentType }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown>, warnings: warningsOf(answer.headers.get('warning')) };
}

/** The texts of `Warning: 299 - "..."` headers (fetch joins them with ", "). */
function warningsOf(header: string | null): string[] {
  return [...(header ?? '').matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((match) => (match[1] ?? '').replace(/\\(.)/g, '$1'));
}

async function namespace(name: string, labels: Record<string, string>): Promise<void> {
  const created = await send('POST', '/api/v1/namespaces', { metadata: { name, labels } });
  if (created.status !== 201) throw new Error(`namespace ${name}: ${JSON.stringify(created.body)}`);
}

const pod = (name: string, spec: Record<string, unknown> = {}, container: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'c', image: 'nginx', ...container }], ...spec },
});

const restrictedContainer = {
  securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
};

const escalation = 'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false)';
const capabilities = 'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"])';
const nonRoot = 'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)';
const seccomp = 'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';
/** What restricted finds in a pod of one container "c" that sets nothing. */
const restrictedViolations = [escalation, capabilities, nonRoot, seccomp].join(', ');

test("a namespace enforcing restricted refuses a privileged pod with kube's 403", async (t) => {
  await namespace('ps-enforce', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const refused = await send('POST', '/api/v1/namespaces/ps-enforce/pods', pod('p', { hostNetwork: true }, { securityContext: { privileged: true } }));
  t.is(refused.status, 403);
  t.deepEqual(refused.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `pods "p" is forbidden: violates PodSecurity "restricted:latest": host namespaces (hostNetwork=true), privileged (container "c" must not set securityContext.privileged=true), ${restrictedViolations}`,
    reason: 'Forbidden',
    details: { name: 'p', kind: 'pods' },
    code: 403,
  });
  t.deepEqual(refused.warnings, []);
  const admitted = await send('POST', '/api/v1/namespaces/ps-enforce/pods', pod('ok', {}, restrictedContainer));
  t.is(admitted.status, 201);
  t.deepEqual(admitted.warnings, []);
  // A generated name is the name the refusal gives, as the validating phase sees it.
  const generated = await send('POST', '/api/v1/namespaces/ps-enforce/pods', { ...pod(''), metadata: { generateName: 'gen-' } });
  t.is(generated.status, 403);
  t.regex(String(generated.body.message), /^pods "gen-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false/);
});

test('warn mode admits the pod with a Warning, audit mode annotates its audit event', async (t) => {
  await namespace('ps-warn', { 'pod-security.kubernetes.io/warn': 'baseline', 'pod-security.kubernetes.io/audit': 'restricted' });
  const admitted = await send('POST', '/api/v1/namespaces/ps-warn/pods', pod('w', { volumes: [{ name: 'h', hostPath: { path: '/' } }] }));
  t.is(admitted.status, 201);
  t.deepEqual(admitted.warnings, ['would violate PodSecurity "baseline:latest": hostPath volumes (volume "h")']);
  const annotations = await auditAnnotationsOf('/api/v1/namespaces/ps-warn/pods');
  t.is(annotations['pod-security.kubernetes.io/enforce-policy'], 'privileged:latest');
  t.is(
    annotations['pod-security.kubernetes.io/audit-violations'],
    `would violate PodSecurity "restricted:latest": ${escalation}, ${capabilities}, restricted volume types (volume "h" uses restricted volume type "hostPath"), ${nonRoot}, ${seccomp}`,
  );
});

test('a Deployment in a namespace enforcing restricted is created, with warnings about its template', async (t) => {
  await namespace('ps-controllers', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: pod('').spec } },
  };
  const created = await send('POST', '/apis/apps/v1/namespaces/ps-controllers/deployments', deployment);
  t.is(created.status, 201);
  t.deepEqual(created.warnings, [`would violate PodSecurity "restricted:latest": ${restrictedViolations}`]);
});

test("namespace labels PodSecurity cannot read are refused with kube's 422", async (t) => {
  const refused = await send('POST', '/api/v1/namespaces', {
    metadata: { name: 'ps-bad', labels: { 'pod-security.kubernetes.io/enforce': 'foo', 'pod-security.kubernetes.io/warn-version': 'v2.1' } },
  });
  t.is(refused.status, 422);
  t.is(
    refused.body.message,
    'Namespace "ps-bad" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "foo": must be one of privileged, baseline, restricted, metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "v2.1": must be "latest" or "v1.x"]',
  );
  t.deepEqual(refused.body.details, {
    name: 'ps-bad',
    kind: 'Namespace',
    causes: [
      {
        reason: 'FieldValueInvalid',
        message: 'Invalid value: "foo": must be one of privileged, baseline, restricted',
        field: 'metadata.labels[pod-security.kubernetes.io/enforce]',
      },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "v2.1": must be "latest" or "v1.x"', field: 'metadata.labels[pod-security.kubernetes.io/warn-version]' },
    ],
  });
});

const labelPatch = (labels: Record<string, string | null>) => ({ metadata: { labels } });

test('a stricter enforce level warns about the pods already there; pod updates are checked when images change', async (t) => {
  await namespace('ps-existing', {});
  for (const name of ['p1', 'p2', 'p3']) t.is((await send('POST', '/api/v1/namespaces/ps-existing/pods', pod(name))).status, 201);
  t.is((await send('POST', '/api/v1/namespaces/ps-existing/pods', pod('hp', { hostNetwork: true }))).status, 201);
  const patch = (labels: Record<string, string | null>) => send('PATCH', '/api/v1/namespaces/ps-existing', labelPatch(labels), 'admintoken', 'application/merge-patch+json');
  const restricted = await patch({ 'pod-security.kubernetes.io/enforce': 'restricted' });
  t.is(restricted.status, 200);
  t.deepEqual(restricted.warnings, [
    'existing pods in namespace "ps-existing" violate the new PodSecurity enforce level "restricted:latest"',
    'hp: host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    'p1 (and 2 other pods): allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
  ]);
  // Relaxed at the same version: nothing to check.
  t.deepEqual((await patch({ 'pod-security.kubernetes.io/enforce': 'baseline' })).warnings, []);
  const older = await patch({ 'pod-security.kubernetes.io/enforce-version': 'v1.20' });
  t.deepEqual(older.warnings, ['existing pods in namespace "ps-existing" violate the new PodSecurity enforce level "baseline:v1.20"', 'hp: host namespaces']);
  // The violating pod keeps running and may be labelled, but not given a new image.
  const podPatch = (body: unknown) => send('PATCH', '/api/v1/namespaces/ps-existing/pods/hp', body, 'admintoken', 'application/strategic-merge-patch+json');
  t.is((await podPatch({ metadata: { labels: { x: 'y' } } })).status, 200);
  const image = await podPatch({ spec: { containers: [{ name: 'c', image: 'nginx:2' }] } });
  t.is(image.status, 403);
  t.is(image.body.message, 'pods "hp" is forbidden: violates PodSecurity "baseline:v1.20": host namespaces (hostNetwork=true)');
});

test('exempt users, namespaces and runtime classes are not checked, and say so in the audit event', async (t) => {
  await namespace('ps-exemptions', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const privileged = { securityContext: { privileged: true } };
  // The RuntimeClass admission refuses a pod of a class that does not exist.
  t.is((await send('POST', '/apis/node.k8s.io/v1/runtimeclasses', { metadata: { name: 'kata' }, handler: 'kata' })).status, 201);
  t.is((await send('POST', '/api/v1/namespaces/ps-exemptions/pods', pod('alices', {}, privileged), 'alicetoken')).status, 201);
  t.is((await send('POST', '/api/v1/namespaces/ps-exemptions/pods', pod('kata', { runtimeClassName: 'kata' }, privileged))).status, 201);
  const annotations = await auditAnnotationsOf('/api/v1/namespaces/ps-exemptions/pods', 2);
  t.deepEqual(
    annotations.map((found) => found['pod-security.kubernetes.io/exempt']),
    ['user', 'runtimeClass'],
  );
  const exempt = await send('POST', '/api/v1/namespaces', { metadata: { name: 'exempt-ns', labels: { 'pod-security.kubernetes.io/enforce': 'restricted' } } });
  t.deepEqual(exempt.warnings, ['namespace "exempt-ns" is exempt from Pod Security, and the policy (enforce=restricted:latest) will be ignored']);
  t.is((await send('POST', '/api/v1/namespaces/exempt-ns/pods', pod('x', {}, privileged))).status, 201);
});

interface AuditEvent {
  readonly stage: string;
  readonly requestURI: string;
  readonly annotations?: Record<string, string>;
}

/** The annotations of the ResponseComplete events of creates at `path` (the first `count` of them), once written. */
async function auditAnnotationsOf(path: string): Promise<Record<string, string>>;
async function auditAnnotationsOf(path: string, count: number): Promise<Record<string, string>[]>;
async function auditAnnotationsOf(path: string, count?: number): Promise<Record<string, string> | Record<string, string>[]> {
  for (;;) {
    let text = '';
    try {
      text = readFileSync(auditLog, 'utf8');
    } catch {}
    const found = text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as AuditEvent)
      .filter((event) => event.stage === 'ResponseComplete' && event.requestURI === path)
      .map((event) => event.annotations ?? {});
    if (found.length >= (count ?? 1)) return count === undefined ? (found[0] ?? {}) : found.slice(0, count);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
