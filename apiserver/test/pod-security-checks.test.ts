// The Pod Security Standards checks, against what kube-apiserver 1.35.4 answered for the same pods
// (pod-security-cases.ts), and the parts of PodSecurity that need no server: namespace labels,
// the plugin's configuration, which pod updates are checked, and the warnings' wording.

import test from 'ava';
import { latestVersion, parseVersion, type Level } from '../src/admission/pod-security/levels.ts';
import { namespacePolicy, privilegedPolicy } from '../src/admission/pod-security/namespace-policy.ts';
import { defaultPodSecurityConfiguration, podSecurityConfigurationOf } from '../src/admission/pod-security/pod-security-configuration.ts';
import { evaluatePod } from '../src/admission/pod-security/policy-evaluator.ts';
import { isSignificantPodUpdate } from '../src/admission/pod-security/significant-pod-update.ts';
import { existingPodsWarnings, exemptNamespaceWarning, violatesMessage, violationsText } from '../src/admission/pod-security/violation-messages.ts';
import { baselineVersions, podSecurityCases, restrictedVersions } from './pod-security-cases.ts';

/** What a case expects at `version`: the entry of the latest version listed at or before it. */
function expectedAt(expected: Readonly<Record<string, string>>, versions: readonly string[], version: string): string {
  let found = '';
  for (const listed of versions.slice(0, versions.indexOf(version) + 1)) found = expected[listed] ?? found;
  return found;
}

for (const level of ['baseline', 'restricted'] as const) {
  const versions = level === 'baseline' ? baselineVersions : restrictedVersions;
  for (const { name, pod, ...expected } of podSecurityCases) {
    test(`${level} checks of ${name} find what kube-apiserver found, at each version`, (t) => {
      for (const version of versions) {
        const found = violationsText(evaluatePod({ level, version: parseVersion(version) ?? latestVersion }, pod.metadata ?? {}, pod.spec));
        t.is(found, expectedAt(expected[level], versions, version), `${level}:${version}`);
      }
    });
  }
}

test('the privileged level admits anything', (t) => {
  const pod = podSecurityCases.find((c) => c.name === 'Windows host processes');
  t.deepEqual(evaluatePod({ level: 'privileged', version: latestVersion }, {}, pod?.pod.spec ?? { containers: [] }), []);
});

test('versions past the newest checks evaluate as latest, and keep their name in messages', (t) => {
  const spec = { hostNetwork: true, containers: [{ name: 'c', image: 'i' }] };
  const future = evaluatePod({ level: 'baseline', version: { latest: false, minor: 99 } }, {}, spec);
  t.deepEqual(future, evaluatePod({ level: 'baseline', version: latestVersion }, {}, spec));
  t.is(violatesMessage({ level: 'baseline', version: { latest: false, minor: 99 } }, future), 'violates PodSecurity "baseline:v1.99": host namespaces (hostNetwork=true)');
});

test('ephemeral containers are checked like the others, after them', (t) => {
  const spec = {
    containers: [{ name: 'c', image: 'i' }],
    ephemeralContainers: [{ name: 'debug', image: 'busybox', securityContext: { privileged: true } }],
  };
  t.is(violationsText(evaluatePod({ level: 'baseline', version: latestVersion }, {}, spec)), 'privileged (container "debug" must not set securityContext.privileged=true)');
});

test('policy versions are "latest" or v1.<minor> without leading zeros', (t) => {
  t.deepEqual(parseVersion('latest'), latestVersion);
  t.deepEqual(parseVersion('v1.0'), { latest: false, minor: 0 });
  t.deepEqual(parseVersion('v1.35'), { latest: false, minor: 35 });
  for (const bad of ['v1.01', 'v2.1', '1.20', 'v1.', 'Latest', 'v1.99999999999999999999']) t.is(parseVersion(bad), undefined, bad);
});

const level = (text: string): Level => text as Level;

test("a namespace's labels set each mode's level and version over the defaults", (t) => {
  const { policy, errors } = namespacePolicy(
    { 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/audit': 'restricted', 'pod-security.kubernetes.io/audit-version': 'v1.25' },
    privilegedPolicy,
  );
  t.deepEqual(errors, []);
  t.deepEqual(policy.enforce, { level: level('baseline'), version: latestVersion });
  t.deepEqual(policy.audit, { level: level('restricted'), version: { latest: false, minor: 25 } });
  // warn follows a stricter enforce level set by a label.
  t.deepEqual(policy.warn, { level: level('baseline'), version: latestVersion });
});

test('warn follows enforce only when warn sets no level, keeping a version of its own', (t) => {
  const labels = { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.20', 'pod-security.kubernetes.io/warn-version': 'v1.30' };
  t.deepEqual(namespacePolicy(labels, privilegedPolicy).policy.warn, { level: 'restricted', version: { latest: false, minor: 30 } });
  t.deepEqual(namespacePolicy({ ...labels, 'pod-security.kubernetes.io/warn': 'privileged' }, privilegedPolicy).policy.warn.level, 'privileged');
});

test("labels that cannot be read are kube's field errors, enforce failing closed and audit and warn open", (t) => {
  const { policy, errors } = namespacePolicy(
    {
      'pod-security.kubernetes.io/warn': 'x',
      'pod-security.kubernetes.io/enforce': 'foo',
      'pod-security.kubernetes.io/enforce-version': 'v1.01',
      'pod-security.kubernetes.io/audit': 'y',
    },
    privilegedPolicy,
  );
  t.deepEqual(
    errors.map((error) => [error.field, error.badValue, error.detail]),
    [
      ['metadata.labels[pod-security.kubernetes.io/enforce]', 'foo', 'must be one of privileged, baseline, restricted'],
      ['metadata.labels[pod-security.kubernetes.io/enforce-version]', 'v1.01', 'must be "latest" or "v1.x"'],
      ['metadata.labels[pod-security.kubernetes.io/audit]', 'y', 'must be one of privileged, baseline, restricted'],
      ['metadata.labels[pod-security.kubernetes.io/warn]', 'x', 'must be one of privileged, baseline, restricted'],
    ],
  );
  t.deepEqual([policy.enforce.level, policy.audit.level, policy.warn.level], ['restricted', 'privileged', 'privileged']);
});

test('only updates of container images, or of the containers themselves, are checked', (t) => {
  const spec = { containers: [{ name: 'c', image: 'a' }], initContainers: [{ name: 'i', image: 'a' }] };
  t.false(isSignificantPodUpdate(spec, structuredClone(spec)));
  t.true(isSignificantPodUpdate({ ...spec, containers: [{ name: 'c', image: 'b' }] }, spec));
  t.true(isSignificantPodUpdate({ ...spec, initContainers: [{ name: 'i', image: 'b' }] }, spec));
  t.true(isSignificantPodUpdate({ ...spec, containers: [...spec.containers, { name: 'd', image: 'a' }] }, spec));
  t.true(isSignificantPodUpdate({ ...spec, ephemeralContainers: [{ name: 'e', image: 'a' }] }, spec));
  const withDebug = { ...spec, ephemeralContainers: [{ name: 'e', image: 'a' }] };
  t.false(isSignificantPodUpdate(withDebug, structuredClone(withDebug)));
});

test("the existing pods' warnings group pods by their reasons under the lexically first, sorted", (t) => {
  const enforce = { level: level('restricted'), version: latestVersion };
  const groups = new Map([
    ['runAsNonRoot != true', { firstPod: 'web-1', pods: 3 }],
    ['host namespaces', { firstPod: 'hp', pods: 1 }],
    ['privileged', { firstPod: 'a', pods: 2 }],
  ]);
  t.deepEqual(existingPodsWarnings('ns', enforce, { checked: 3000, total: 3200, groups }), [
    'new PodSecurity enforce level only checked against the first 3000 of 3200 existing pods',
    'existing pods in namespace "ns" violate the new PodSecurity enforce level "restricted:latest"',
    'a (and 1 other pod): privileged',
    'hp: host namespaces',
    'web-1 (and 2 other pods): runAsNonRoot != true',
  ]);
  t.deepEqual(existingPodsWarnings('ns', enforce, { checked: 2, total: 2, groups: new Map() }), []);
});

test('an exempt namespace is told which of its labels are ignored', (t) => {
  const labels = { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.25', 'pod-security.kubernetes.io/warn': 'baseline' };
  const { policy } = namespacePolicy(labels, privilegedPolicy);
  t.is(
    exemptNamespaceWarning('exempt-ns', policy, labels),
    'namespace "exempt-ns" is exempt from Pod Security, and the policy (enforce=restricted:v1.25, warn=baseline:latest) will be ignored',
  );
});

const configuration = (body: Record<string, unknown>) => ({ apiVersion: 'pod-security.admission.config.k8s.io/v1', kind: 'PodSecurityConfiguration', ...body });

test('the configuration defaults every mode to privileged:latest and reads the exemptions', (t) => {
  t.deepEqual(podSecurityConfigurationOf(configuration({})), defaultPodSecurityConfiguration);
  const read = podSecurityConfigurationOf(
    configuration({ defaults: { enforce: 'baseline', 'audit-version': 'v1.30' }, exemptions: { usernames: ['alice'], namespaces: ['kube-system'], runtimeClasses: ['kata'] } }),
  );
  t.deepEqual(read.defaults.enforce, { level: 'baseline', version: latestVersion });
  t.deepEqual(read.defaults.audit, { level: 'privileged', version: { latest: false, minor: 30 } });
  t.deepEqual(read.exemptions, { usernames: ['alice'], namespaces: ['kube-system'], runtimeClasses: ['kata'] });
});

test("an invalid configuration stops the start with kube-apiserver's words", (t) => {
  t.throws(() => podSecurityConfigurationOf(configuration({ defaults: { enforce: 'foo', 'warn-version': 'v2' } })), {
    message:
      'failed to apply admission: failed to initialize admission plugin "PodSecurity": PodSecurity configuration error: [enforce: must be one of privileged, baseline, restricted, warn-version: must be "latest" or "v1.x"]',
  });
  t.throws(() => podSecurityConfigurationOf(configuration({ exemptions: { namespaces: ['Bad_ns', 'x', 'x'], usernames: [''] } })), {
    message:
      'failed to apply admission: failed to initialize admission plugin "PodSecurity": PodSecurity invalid: [exemptions.namespaces[0]: Invalid value: "Bad_ns": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\'), exemptions.namespaces[2]: Duplicate value: "x", exemptions.usernames[0]: Invalid value: "": username must not be empty]',
  });
  t.throws(() => podSecurityConfigurationOf(configuration({ defaults: { enforce: 'baseline', bogus: 1 } })), {
    message: 'failed to apply admission: couldn\'t init admission plugin "PodSecurity": strict decoding error: unknown field "defaults.bogus"',
  });
});
