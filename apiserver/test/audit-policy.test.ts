// The audit policy as kube-apiserver 1.35 reads and applies it: rules matched in order by user,
// group, verb, resource (subresources, wildcards, names), namespace and non-resource URL; the
// stages left out; and the errors a bad policy stops the server with (worded as the oracle's).

import test from 'ava';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import { AuditPolicyError, loadAuditPolicy, parseAuditPolicy } from '../src/audit/audit-policy.ts';
import { policyRuleEvaluator } from '../src/audit/policy-rule-evaluator.ts';
import { parseRequestInfo } from '../src/request-info/request-info.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const alice: UserInfo = { username: 'alice', uid: '', groups: ['devs', 'system:authenticated'], extra: {} };
const bob: UserInfo = { username: 'bob', uid: '', groups: ['system:authenticated'], extra: {} };

function evaluatorOf(yaml: string) {
  const policy = parseAuditPolicy(`apiVersion: audit.k8s.io/v1\nkind: Policy\n${yaml}`, () => {});
  return policyRuleEvaluator(policy);
}

const levelOf = (evaluate: ReturnType<typeof evaluatorOf>, method: string, path: string, user: UserInfo | undefined = alice) =>
  evaluate({ user, info: parseRequestInfo(method, path) }).level;

test('the first matching rule gives the level; no rule matching is None', (t) => {
  const evaluate = evaluatorOf(`
rules:
- level: None
  users: [bob]
- level: RequestResponse
  resources: [{group: "", resources: [configmaps]}]
- level: Metadata
  verbs: [get]
`);
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/default/configmaps/x', bob), 'None');
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/default/configmaps/x'), 'RequestResponse');
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/default/secrets/x'), 'Metadata');
  t.is(levelOf(evaluate, 'DELETE', '/api/v1/namespaces/default/secrets/x'), 'None');
});

test('users and userGroups match the user or one of its groups; a request without a user matches neither', (t) => {
  const evaluate = evaluatorOf(`
rules:
- level: Request
  userGroups: [devs]
- level: Metadata
  users: [bob]
`);
  t.is(levelOf(evaluate, 'GET', '/version'), 'Request');
  t.is(levelOf(evaluate, 'GET', '/version', bob), 'Metadata');
  t.is(evaluate({ user: undefined, info: parseRequestInfo('GET', '/version') }).level, 'None');
});

test('resources match subresources, "*", "*/sub" and "resource/*" in the right group, and resourceNames narrow them', (t) => {
  const evaluate = evaluatorOf(`
rules:
- level: Request
  resources: [{group: "", resources: [pods/log]}]
- level: RequestResponse
  resources: [{group: "apps", resources: ["*/scale"]}]
- level: Metadata
  resources: [{group: "", resources: ["services/*"]}, {group: "", resources: [configmaps], resourceNames: [special]}]
- level: None
  resources: [{group: "batch"}]
- level: Metadata
  resources: [{group: "", resources: ["*"]}]
`);
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/a/pods/p/log'), 'Request');
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/a/pods/p'), 'Metadata', 'pods/log is not pods');
  t.is(levelOf(evaluate, 'PUT', '/apis/apps/v1/namespaces/a/deployments/d/scale'), 'RequestResponse');
  t.is(levelOf(evaluate, 'GET', '/apis/apps/v1/namespaces/a/deployments/d'), 'None', 'no rule for apps deployments');
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/a/services/s/proxy'), 'Metadata');
  t.is(levelOf(evaluate, 'GET', '/api/v1/namespaces/a/services/s'), 'Metadata', 'by "*" in the core group');
  t.is(levelOf(evaluate, 'GET', '/apis/batch/v1/namespaces/a/jobs'), 'None');
  const named = evaluatorOf(`
rules:
- level: Request
  resources: [{group: "", resources: [configmaps], resourceNames: [special]}]
`);
  t.is(levelOf(named, 'GET', '/api/v1/namespaces/a/configmaps/special'), 'Request');
  t.is(levelOf(named, 'GET', '/api/v1/namespaces/a/configmaps/other'), 'None');
  t.is(levelOf(named, 'GET', '/api/v1/namespaces/a/configmaps'), 'None', 'a list names nothing');
});

/** The level of a GET of each path, by alice, under the rules. */
const levelsOfGets = (rules: string, paths: readonly string[]): string[] => {
  const evaluate = evaluatorOf(`rules:\n${rules}`);
  return paths.map((path) => levelOf(evaluate, 'GET', path));
};

test('namespaces match namespaced requests; cluster-scoped ones are the namespace "", non-resource requests none', (t) => {
  const rules = '- level: Request\n  namespaces: [kube-system]\n- level: Metadata\n  namespaces: [""]\n';
  const paths = ['/api/v1/namespaces/kube-system/pods', '/api/v1/nodes', '/api/v1/namespaces/default/pods', '/healthz'];
  t.deepEqual(levelsOfGets(rules, paths), ['Request', 'Metadata', 'None', 'None']);
});

test('nonResourceURLs match exact paths and trailing wildcards, never resource requests', (t) => {
  const rules = '- level: None\n  nonResourceURLs: ["/healthz*", /version]\n- level: Request\n  nonResourceURLs: ["*"]\n';
  t.deepEqual(levelsOfGets(rules, ['/healthz/etcd', '/version', '/versions', '/api/v1/pods']), ['None', 'None', 'Request', 'None']);
});

test('omitStages join the policy and the rule; omitManagedFields falls back to the policy', (t) => {
  const evaluate = evaluatorOf(`
omitStages: [RequestReceived]
omitManagedFields: true
rules:
- level: Metadata
  omitStages: [ResponseStarted]
  omitManagedFields: false
  verbs: [watch]
- level: Request
`);
  const watch = evaluate({ user: alice, info: parseRequestInfo('GET', '/api/v1/pods?watch=true') });
  t.deepEqual([...watch.omitStages].sort(), ['RequestReceived', 'ResponseStarted']);
  t.false(watch.omitManagedFields);
  const get = evaluate({ user: alice, info: parseRequestInfo('GET', '/api/v1/pods') });
  t.deepEqual([...get.omitStages], ['RequestReceived']);
  t.true(get.omitManagedFields);
});

test("an invalid policy is refused with kube's aggregated field errors", (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-policy-'));
  const file = join(dir, 'bad.yaml');
  writeFileSync(
    file,
    `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["Nope"]
rules:
- level: Loud
  nonResourceURLs: ["healthz", "/a*b"]
  resources: [{group: "Bad_Group", resourceNames: ["x"]}]
- users: ["a"]
`,
  );
  const error = t.throws(() => loadAuditPolicy(file, () => {}), { instanceOf: AuditPolicyError });
  // The oracle's message, word for word.
  t.is(
    error?.message,
    `loading audit policy file: [omitStages[0]: Invalid value: "Nope": allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic, rules[0].level: Unsupported value: "Loud": supported values: "None", "Metadata", "Request", "RequestResponse", rules[0].nonResourceURLs[0]: Invalid value: "healthz": non-resource URL rules must begin with a '/' character, rules[0].nonResourceURLs[1]: Invalid value: "/a*b": non-resource URL wildcards '*' must be the final character of the rule, rules[0].resources.group: Invalid value: "Bad_Group": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), rules[0].resources.resourceNames: Invalid value: ["x"]: using resourceNames requires at least one resource, rules[0].nonResourceURLs: Invalid value: ["healthz","/a*b"]: rules cannot apply to both regular resources and non-resource URLs, rules[1].level: Required value]: from file ${file}`,
  );
});

test('a policy without rules, or of another version, is refused; unknown fields are warned about and ignored', (t) => {
  t.throws(() => parseAuditPolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n', () => {}), { message: 'loaded illegal policy with 0 rules' });
  t.throws(() => parseAuditPolicy('apiVersion: audit.k8s.io/v2\nkind: Policy\nrules:\n- level: None\n', () => {}), {
    message: 'failed decoding: no kind "Policy" is registered for version "audit.k8s.io/v2" in scheme "pkg/runtime/scheme.go:111"',
  });
  const warnings: string[] = [];
  const policy = parseAuditPolicy('apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n  bogus: 1\n', (warning) => warnings.push(warning));
  t.is(policy.rules.length, 1);
  t.deepEqual(warnings, ['Audit policy contains errors, falling back to lenient decoding: strict decoding error: unknown field "rules[0].bogus"']);
});
