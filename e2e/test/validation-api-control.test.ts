// The kinds that control the API itself are refused as kube-apiserver refuses them: admission
// policies and their bindings, API priority and fairness, certificate signing requests, aggregated
// API services and access reviews. Valid ones are still created, and kubectl auth can-i still works.

import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedApiServer } from '../src/shared-api-server.ts';
import { aliceCsrPem } from '../src/csr-fixture.ts';

const shared = sharedApiServer();
const post = async (path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> => {
  const response = await fetch(`${shared.server().url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const causes = (body: Record<string, any>): string[] => (body.details?.causes ?? []).map((cause: { field: string; message: string }) => `${cause.field}: ${cause.message}`);

const base64 = (text: string): string => Buffer.from(text).toString('base64');

const policies = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies';
const bindings = '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings';
const podRule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };

test('a ValidatingAdmissionPolicy is checked for its structure (its CEL: admission-policy-cel.test.ts)', async (t) => {
  const refused = await post(policies, {
    metadata: { name: 'bad-policy' },
    spec: {
      failurePolicy: 'Sometimes',
      paramKind: { apiVersion: 'a/b/c', kind: 'ConfigMap' },
      matchConstraints: { resourceRules: [{ resourceNames: ['a/b'], operations: ['*', 'CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/*', 'pods/log'] }] },
      matchConditions: [{ name: '', expression: '  ' }],
      validations: [{ expression: '', reason: 'Teapot' }],
    },
  });
  t.is(refused.status, 422);
  t.is(refused.body.reason, 'Invalid');
  t.deepEqual(causes(refused.body), [
    'spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
    'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
    'spec.matchConstraints.resourceRules[0].resourceNames[0]: Invalid value: "a/b": may not contain \'/\'',
    'spec.matchConstraints.resourceRules[0].operations: Invalid value: ["*","CREATE"]: if \'*\' is present, must not specify other operations',
    'spec.matchConstraints.resourceRules[0].resources[1]: Invalid value: "pods/log": if \'pods/*\' is present, must not specify pods/log',
    'spec.matchConditions[0].expression: Required value',
    'spec.matchConditions[0].name: Required value',
    'spec.validations[0].expression: Required value: expression is not specified',
    'spec.validations[0].reason: Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
  ]);
  t.regex(refused.body.message, /^ValidatingAdmissionPolicy\.admissionregistration\.k8s\.io "bad-policy" is invalid: \[spec\.failurePolicy: Unsupported value/);

  const empty = await post(policies, { metadata: { name: 'empty-policy' }, spec: { matchConstraints: { resourceRules: [] } } });
  t.is(
    empty.body.message,
    'ValidatingAdmissionPolicy.admissionregistration.k8s.io "empty-policy" is invalid: [spec.matchConstraints.resourceRules: Required value, spec.validations: Required value: validations or auditAnnotations must contain at least one item, spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item]',
  );

  const valid = await post(policies, {
    metadata: { name: 'replica-limit' },
    spec: {
      matchConstraints: { resourceRules: [{ ...podRule, resources: ['pods', 'pods/status'] }] },
      validations: [{ expression: 'object.spec.containers.size() < 10', message: 'too many containers' }],
      auditAnnotations: [{ key: 'containers', valueExpression: 'string(object.spec.containers.size())' }],
    },
  });
  t.is(valid.status, 201);
  t.is(valid.body.spec.failurePolicy, 'Fail');
});

test('a ValidatingAdmissionPolicyBinding needs a policy, one kind of parameter reference and compatible actions', async (t) => {
  const refused = await post(bindings, {
    metadata: { name: 'bad-binding' },
    spec: {
      paramRef: { name: 'limits', selector: { matchLabels: { app: 'web' } } },
      matchResources: { resourceRules: [{ ...podRule, apiGroups: [] }] },
      validationActions: ['Deny', 'Warn', 'Deny'],
    },
  });
  t.is(refused.status, 422);
  t.is(
    refused.body.message,
    'ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "bad-binding" is invalid: [spec.policyName: Required value, spec.paramRef.name: Forbidden: name and selector are mutually exclusive, spec.paramRef.selector: Forbidden: name and selector are mutually exclusive, spec.paramRef.parameterNotFoundAction: Required value, spec.matchResources.resourceRules[0].apiGroups: Required value, spec.validationActions[2]: Duplicate value: "Deny", spec.validationActions: Invalid value: ["Deny","Warn","Deny"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)]',
  );
  const actionless = await post(bindings, { metadata: { name: 'actionless' }, spec: { policyName: 'replica-limit', validationActions: [] } });
  t.deepEqual(causes(actionless.body), ['spec.validationActions: Required value: at least one validation action is required']);
  const valid = await post(bindings, {
    metadata: { name: 'replica-limit-binding' },
    spec: { policyName: 'replica-limit', validationActions: ['Deny', 'Audit'], paramRef: { selector: {}, parameterNotFoundAction: 'Allow' } },
  });
  t.is(valid.status, 201);
});

test('a FlowSchema is refused for its precedence, level, distinguisher, subjects and rules', async (t) => {
  const refused = await post('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', {
    metadata: { name: 'bad-flow' },
    spec: {
      matchingPrecedence: 1,
      priorityLevelConfiguration: { name: '' },
      distinguisherMethod: { type: 'ByHost' },
      rules: [
        {
          subjects: [{ kind: 'User' }, { kind: 'Robot' }, { kind: 'Group', group: { name: 'devs' }, user: { name: 'ada' } }],
          resourceRules: [{ verbs: ['get', 'fly'], apiGroups: ['*', 'apps'], resources: ['pods'] }],
          nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['/healthz/*/x'] }],
        },
        { subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: '*' } }] },
      ],
    },
  });
  t.is(refused.status, 422);
  t.deepEqual(causes(refused.body), [
    "spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1",
    'spec.distinguisherMethod.type: Unsupported value: {"Type":"ByHost"}: supported values: "ByNamespace", "ByUser"',
    'spec.priorityLevelConfiguration.name: Required value: must reference a priority level',
    "spec.rules[0].subjects[0].user: Required value: user is required when subject kind is 'User'",
    'spec.rules[0].subjects[1].kind: Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User"',
    "spec.rules[0].subjects[2].user: Forbidden: user is forbidden when subject kind is not 'User'",
    'spec.rules[0].resourceRules[0].verbs: Unsupported value: ["get","fly"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
    'spec.rules[0].resourceRules[0].apiGroups: Invalid value: ["*","apps"]: if \'*\' is present, must not specify other api groups',
    'spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace',
    'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/healthz/*/x": wildcard can only do suffix matching',
    'spec.rules[1].subjects[0].serviceAccount.namespace: Required value: must specify namespace for service account',
    'spec.rules[1]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty',
  ]);
  const valid = await post('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', {
    metadata: { name: 'robots' },
    spec: {
      priorityLevelConfiguration: { name: 'batch' },
      distinguisherMethod: { type: 'ByNamespace' },
      rules: [
        {
          subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: '*', namespace: 'robots' } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['apps'], resources: ['*'], namespaces: ['*'] }],
        },
      ],
    },
  });
  t.is(valid.status, 201);
  t.is(valid.body.spec.matchingPrecedence, 1000);
});

test('the mandatory catch-all FlowSchema and exempt priority level keep their fixed specs', async (t) => {
  // The server made them at start (API priority and fairness's config producer): they are replaced.
  const put = async (path: string, change: (object: Record<string, any>) => void): Promise<{ status: number; body: Record<string, any> }> => {
    const url = `${shared.server().url}${path}`;
    const object = (await (await fetch(url)).json()) as Record<string, any>;
    change(object);
    const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(object) });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const catchAll = '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/catch-all';
  const changed = await put(catchAll, (object) => (object.spec.matchingPrecedence = 9000));
  t.is(changed.status, 422);
  t.is(
    changed.body.message,
    'FlowSchema.flowcontrol.apiserver.k8s.io "catch-all" is invalid: spec: Invalid value: {"PriorityLevelConfiguration":{"Name":"catch-all"},"MatchingPrecedence":9000,"DistinguisherMethod":{"Type":"ByUser"},"Rules":[{"Subjects":[{"Kind":"Group","User":null,"Group":{"Name":"system:unauthenticated"},"ServiceAccount":null},{"Kind":"Group","User":null,"Group":{"Name":"system:authenticated"},"ServiceAccount":null}],"ResourceRules":[{"Verbs":["*"],"APIGroups":["*"],"Resources":["*"],"ClusterScope":true,"Namespaces":["*"]}],"NonResourceRules":[{"Verbs":["*"],"NonResourceURLs":["*"]}]}]}: spec of \'catch-all\' must equal the fixed value',
  );
  t.is((await put(catchAll, (object) => (object.metadata.labels = { touched: 'yes' }))).status, 200);

  const exempt = '/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations/exempt';
  const limitedExempt = await put(exempt, (object) => (object.spec = { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } }));
  t.deepEqual(causes(limitedExempt.body), [
    "spec.type: Invalid value: \"Limited\": must be 'Exempt' if and only if `name` is 'exempt'",
    'spec: Invalid value: {"Type":"Limited","Limited":{"NominalConcurrencyShares":5,"LimitResponse":{"Type":"Reject","Queuing":null},"LendablePercent":0,"BorrowingLimitPercent":null},"Exempt":null}: spec of \'exempt\' except the \'spec.exempt\' field must equal the fixed value',
  ]);
  const tuned = await put(exempt, (object) => (object.spec = { type: 'Exempt', exempt: { nominalConcurrencyShares: 10 } }));
  t.is(tuned.status, 200);
});

test('a PriorityLevelConfiguration is refused for its type, shares, borrowing and queuing', async (t) => {
  const refused = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', {
    metadata: { name: 'bad-level' },
    spec: {
      type: 'Limited',
      exempt: {},
      limited: {
        nominalConcurrencyShares: -1,
        lendablePercent: 101,
        borrowingLimitPercent: -5,
        limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 10, queueLengthLimit: -1 } },
      },
    },
  });
  t.is(refused.status, 422);
  t.is(
    refused.body.message,
    'PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io "bad-level" is invalid: [spec.exempt: Forbidden: must be nil if the type is Limited, spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer, spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: -1: must be positive, spec.limited.limitResponse.queuing.handSize: Invalid value: 10: required entropy bits of deckSize 128 and handSize 10 should not be greater than 60, spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive, spec.limited.borrowingLimitPercent: Invalid value: -5: if specified, must be a non-negative integer]',
  );
  const rejecting = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', {
    metadata: { name: 'rejecting' },
    spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject', queuing: { queues: 8 } } } },
  });
  t.deepEqual(causes(rejecting.body), ['spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited']);
  const unknown = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', { metadata: { name: 'unknown' }, spec: { type: 'Sometimes' } });
  t.deepEqual(causes(unknown.body), ['spec.type: Unsupported value: "Sometimes": supported values: "Exempt", "Limited"']);
  const zeroShares = await post('/apis/flowcontrol.apiserver.k8s.io/v1/prioritylevelconfigurations', {
    metadata: { name: 'zero-shares' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 0, limitResponse: { type: 'Queue', queuing: { queues: 16, handSize: 4 } } } },
  });
  t.is(zeroShares.status, 201);
});

test('a CertificateSigningRequest needs a signed PEM request, known usages, a signer name and ten minutes', async (t) => {
  const refused = await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', {
    metadata: { name: 'bad-csr' },
    spec: { request: base64('hello'), usages: ['client auth', 'flying', 'client auth'], signerName: 'example/x/y', expirationSeconds: 60 },
  });
  t.is(refused.status, 422);
  t.deepEqual(causes(refused.body), [
    'spec.request: Invalid value: "aGVsbG8=": PEM block type must be CERTIFICATE REQUEST',
    'spec.usages[1]: Unsupported value: "flying": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"',
    'spec.usages[2]: Duplicate value: "client auth"',
    'spec.signerName: Invalid value: "example/x/y": must be a fully qualified domain and path of the form \'example.com/signer-name\'',
    'spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)',
  ]);

  const lines = aliceCsrPem.split('\n');
  const der = Buffer.from(lines.filter((line) => line !== '' && !line.startsWith('-----')).join(''), 'base64');
  der[der.length - 3] = (der[der.length - 3] as number) ^ 1;
  const tampered = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
  const unsigned = await post('/apis/certificates.k8s.io/v1/certificatesigningrequests', {
    metadata: { name: 'tampered' },
    spec: { request: base64(tampered), usages: ['client auth'], signerName: 'example/signer' },
  });
  const [request, signer, ...rest] = causes(unsigned.body);
  t.regex(request ?? '', /^spec\.request: Invalid value: "LS0tLS1CRUdJTi[A-Za-z0-9+/=]*": x509: ECDSA verification failure$/);
  t.is(signer, 'spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots');
  t.deepEqual(rest, []);

  const dir = mkdtempSync(join(tmpdir(), 'capstan-csr-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = (name: string, expirationSeconds: number): string => {
    const file = join(dir, `${name}.json`);
    const spec = { request: base64(aliceCsrPem), usages: ['client auth', 'digital signature'], signerName: 'kubernetes.io/kube-apiserver-client', expirationSeconds };
    writeFileSync(file, JSON.stringify({ apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec }));
    return file;
  };
  const short = (await t.throwsAsync(shared.kubectl('create', '-f', manifest('alice-short', 599)))) as Error & { stderr: string };
  t.is(
    short.stderr,
    'The CertificateSigningRequest "alice-short" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)\n',
  );
  t.is((await shared.kubectl('create', '-f', manifest('alice', 3600))).stdout, 'certificatesigningrequest.certificates.k8s.io/alice created\n');
});

test('an APIService is refused for its priorities and for TLS settings without a service or with both', async (t) => {
  const local = await post('/apis/apiregistration.k8s.io/v1/apiservices', {
    metadata: { name: 'v1.example.com' },
    spec: { group: 'example.com', version: 'v1', groupPriorityMinimum: 0, versionPriority: 1001, insecureSkipTLSVerify: true, caBundle: base64('abc') },
  });
  t.is(local.status, 422);
  t.is(
    local.body.message,
    'APIService.apiregistration.k8s.io "v1.example.com" is invalid: [spec.groupPriorityMinimum: Invalid value: 0: must be positive and less than 20000, spec.versionPriority: Invalid value: 1001: must be positive and less than 1000, spec.caBundle: Invalid value: "3 bytes": local APIServices may not have a caBundle, spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify]',
  );
  const proxied = await post('/apis/apiregistration.k8s.io/v1/apiservices', {
    metadata: { name: 'v1beta1.metrics.example.com' },
    spec: {
      group: 'metrics.example.com',
      version: 'v1beta1',
      groupPriorityMinimum: 100,
      versionPriority: 100,
      service: { name: 'metrics', port: 70000 },
      insecureSkipTLSVerify: true,
      caBundle: base64('abc'),
    },
  });
  t.deepEqual(causes(proxied.body), [
    'spec.service.namespace: Required value',
    'spec.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive',
    'spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present',
  ]);
  const valid = await post('/apis/apiregistration.k8s.io/v1/apiservices', {
    metadata: { name: 'v1alpha1.widgets.example.com' },
    spec: { group: 'widgets.example.com', version: 'v1alpha1', groupPriorityMinimum: 1000, versionPriority: 15, service: { namespace: 'default', name: 'widgets' } },
  });
  t.is(valid.status, 201);
});

test('access reviews are checked as kube checks them, and kubectl auth can-i still answers', async (t) => {
  const named = await post('/apis/authorization.k8s.io/v1/subjectaccessreviews', { metadata: { name: 'named' }, spec: {} });
  t.is(named.status, 422);
  const [attributes, user, metadata, ...rest] = causes(named.body);
  t.is(attributes, 'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified');
  t.is(user, 'spec.user: Invalid value: "": at least one of user or group must be specified');
  t.regex(metadata ?? '', /^metadata: Invalid value: \{"name":"named".*\}: must be empty$/);
  t.deepEqual(rest, []);

  const both = await post('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', {
    spec: { resourceAttributes: { verb: 'list', resource: 'pods', labelSelector: {} }, nonResourceAttributes: { path: '/healthz', verb: 'get' } },
  });
  t.deepEqual(causes(both.body), [
    'spec.nonResourceAttributes: Invalid value: {"Path":"/healthz","Verb":"get"}: cannot be specified in combination with resourceAttributes',
    'spec.resourceAttributes.labelSelector.requirements: Required value: when spec.resourceAttributes.labelSelector is specified, requirements or rawSelector is required',
  ]);

  const local = '/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews';
  const elsewhere = await post(local, { spec: { user: 'ada', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'other' } } });
  t.is(elsewhere.status, 422);
  t.is(
    elsewhere.body.message,
    'LocalSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace',
  );
  const contradicting = await post(local, { metadata: { namespace: 'other' }, spec: { user: 'ada', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' } } });
  t.is(contradicting.status, 400);
  t.is(contradicting.body.message, 'the namespace of the provided object does not match the namespace sent on the request');
  const allowed = await post(local, { spec: { user: 'ada', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' } } });
  t.is(allowed.status, 201);
  // The request's fields are tracked, as kube's create handler does for a review too.
  const { managedFields, ...allowedMetadata } = allowed.body.metadata as { managedFields: { manager: string; fieldsV1: unknown }[] };
  t.deepEqual(allowedMetadata, { namespace: 'default' });
  t.deepEqual(
    managedFields.map(({ manager, fieldsV1 }) => ({ manager, fieldsV1 })),
    [{ manager: 'node', fieldsV1: { 'f:spec': { 'f:resourceAttributes': { '.': {}, 'f:namespace': {}, 'f:resource': {}, 'f:verb': {} }, 'f:user': {} } } }],
  );
  t.deepEqual(allowed.body.status, { allowed: true });

  t.is((await shared.kubectl('auth', 'can-i', 'create', 'pods')).stdout, 'yes\n');
  t.is((await shared.kubectl('auth', 'can-i', 'get', '/healthz')).stdout, 'yes\n');
});
