// Kubernetes' authorizer library in CEL, driven through compiled expressions against a recording
// authorizer: the attributes each check hands to the authorizer (as kube's AttributesRecord), the
// decisions read back, the errors of empty paths and resources and of invalid service accounts,
// selectors that parse and that do not, and costs. Expected attributes and messages were taken from
// k8s.io/apiserver v0.35.0 run on the same expressions.

import test from 'ava';
import fc from 'fast-check';
import { mergeFunctionTables } from '../../src/cel/interpreter/merge-function-tables.ts';
import type { Authorizer, AuthorizerAttributes, AuthorizerDecision, UserInfo } from '../../src/cel/library/authorizer.ts';
import { authorizerValue, authzCosts, authzFunctions, requestResourceAuthorizerValue, selectorCost } from '../../src/cel/library/authz.ts';
import { standardFunctions } from '../../src/cel/library/standard.ts';
import { authzDeclarations, authzSelectorDeclarations } from '../../src/cel/declarations/authz.ts';
import { compileCel } from '../../src/cel/program.ts';
import { CelError, type CelValue } from '../../src/cel/values/values.ts';

const functions = mergeFunctionTables(standardFunctions, authzFunctions);

const alice: UserInfo = { name: 'alice', uid: 'u1', groups: ['devs'], extra: { 'example.com/team': ['web'] } };

/** An authorizer that answers one decision and records every question. */
function recordingAuthorizer(decision: AuthorizerDecision = { decision: 'allow', reason: 'ok' }): Authorizer & { readonly calls: AuthorizerAttributes[] } {
  const calls: AuthorizerAttributes[] = [];
  return {
    calls,
    authorize(attributes) {
      calls.push(attributes);
      return decision;
    },
  };
}

function evaluate(source: string, authorizer: Authorizer, user: UserInfo = alice, more: Record<string, unknown> = {}): CelValue {
  const compiled = compileCel(source, functions);
  if (!compiled.ok) throw new Error(`${source}: ${compiled.issues.map((issue) => issue.message).join('; ')}`);
  return compiled.program.evaluate({ authorizer: authorizerValue(authorizer, user), ...more });
}

/** The attributes of a resource check with nothing but what a test sets. */
const resourceAttributes = (fields: Partial<AuthorizerAttributes>): AuthorizerAttributes => ({
  user: alice,
  verb: '',
  resourceRequest: true,
  path: '',
  apiGroup: '',
  apiVersion: '*',
  resource: '',
  subresource: '',
  namespace: '',
  name: '',
  ...fields,
});

test('a path check asks for the path and the HTTP verb as written, with no resource fields', (t) => {
  const authorizer = recordingAuthorizer();
  t.is(evaluate("authorizer.path('/healthz').check('get').allowed()", authorizer), true);
  t.deepEqual(authorizer.calls, [
    { user: alice, verb: 'get', resourceRequest: false, path: '/healthz', apiGroup: '', apiVersion: '', resource: '', subresource: '', namespace: '', name: '' },
  ]);
  // No leading slash is added and the verb is not lowercased.
  evaluate("authorizer.path('metrics').check('GET')", authorizer);
  t.like(authorizer.calls[1], { path: 'metrics', verb: 'GET' });
});

test('a resource check asks with apiVersion "*" and every field the expression set', (t) => {
  const authorizer = recordingAuthorizer();
  const source = "authorizer.group('apps').resource('deployments').subresource('scale').namespace('ns').name('web').check('update').reason()";
  t.is(evaluate(source, authorizer), 'ok');
  t.deepEqual(authorizer.calls, [resourceAttributes({ verb: 'update', apiGroup: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'ns', name: 'web' })]);
});

test('the core group, the cluster scope and unset fields are empty strings; a later call replaces an earlier one', (t) => {
  const authorizer = recordingAuthorizer();
  evaluate("authorizer.group('').resource('pods').check('list')", authorizer);
  evaluate("authorizer.group('').resource('pods').subresource('status').subresource('').namespace('a').namespace('').name('x').name('y').check('get')", authorizer);
  t.deepEqual(authorizer.calls, [resourceAttributes({ verb: 'list', resource: 'pods' }), resourceAttributes({ verb: 'get', resource: 'pods', name: 'y' })]);
});

test('checks are values: one built once can be asked in several namespaces without changing', (t) => {
  const authorizer = recordingAuthorizer();
  const source = "[authorizer.group('').resource('pods')].all(pods, [pods.namespace('a').check('get'), pods.check('list')].all(d, d.allowed()))";
  t.is(evaluate(source, authorizer), true);
  t.deepEqual(
    authorizer.calls.map((call) => [call.namespace, call.verb]),
    [
      ['a', 'get'],
      ['', 'list'],
    ],
  );
});

test('an empty or blank path or resource is an error and nothing is asked; an empty group is the core group', (t) => {
  const authorizer = recordingAuthorizer();
  t.deepEqual(evaluate("authorizer.path('').check('get')", authorizer), new CelError('path must not be empty'));
  t.deepEqual(evaluate("authorizer.path(' \\t').check('get')", authorizer), new CelError('path must not be empty'));
  // Go's TrimSpace removes NEL (U+0085) and ideographic spaces, not the byte order mark.
  t.deepEqual(evaluate("authorizer.path('\\u0085').check('get')", authorizer), new CelError('path must not be empty'));
  t.deepEqual(evaluate("authorizer.group('').resource('').check('get')", authorizer), new CelError('resource must not be empty'));
  t.deepEqual(evaluate("authorizer.group('apps').resource('\\u3000').check('get')", authorizer), new CelError('resource must not be empty'));
  t.deepEqual(authorizer.calls, []);
  t.is(evaluate("authorizer.path('\\ufeff').check('get').allowed()", authorizer), true);
  t.is(authorizer.calls[0]?.path, '\ufeff');
});

test('serviceAccount() asks as the service account: its user name and groups, no uid and no extra', (t) => {
  const authorizer = recordingAuthorizer();
  evaluate("authorizer.serviceAccount('default', 'builder').group('').resource('pods').check('get')", authorizer);
  evaluate("authorizer.serviceAccount('kube-system', 'x.y').path('/healthz').check('get')", authorizer);
  const [resourceCall, pathCall] = authorizer.calls;
  t.deepEqual(resourceCall?.user, {
    name: 'system:serviceaccount:default:builder',
    uid: '',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:default'],
    extra: {},
  });
  t.is(pathCall?.user.name, 'system:serviceaccount:kube-system:x.y');
  // The original authorizer still asks as the requester.
  evaluate("authorizer.path('/healthz').check('get')", authorizer);
  t.deepEqual(authorizer.calls[2]?.user, alice);
});

test('serviceAccount() refuses a name that is no DNS subdomain before a namespace that is no DNS label', (t) => {
  const authorizer = recordingAuthorizer();
  t.deepEqual(evaluate("authorizer.serviceAccount('Bad', 'builder')", authorizer), new CelError('Invalid service account namespace'));
  t.deepEqual(evaluate("authorizer.serviceAccount('a.b', 'x.y')", authorizer), new CelError('Invalid service account namespace'));
  t.deepEqual(evaluate("authorizer.serviceAccount('Bad', 'bad name')", authorizer), new CelError('Invalid service account name'));
  t.deepEqual(evaluate("authorizer.serviceAccount('default', '')", authorizer), new CelError('Invalid service account name'));
  t.deepEqual(evaluate(`authorizer.serviceAccount('${'n'.repeat(64)}', 'builder')`, authorizer), new CelError('Invalid service account namespace'));
  t.deepEqual(authorizer.calls, []);
});

test('decisions: allowed() only for allow, reason() as given, errored() and error() for a failed authorizer', (t) => {
  const read = '[d.allowed(), d.reason(), d.errored(), d.error()]';
  const decide = (decision: AuthorizerDecision, check = "authorizer.group('').resource('pods').check('get')") =>
    evaluate(`[${check}].map(d, ${read})[0]`, recordingAuthorizer(decision));
  t.deepEqual(decide({ decision: 'allow', reason: 'RBAC: allowed by ClusterRoleBinding "admin"' }), [true, 'RBAC: allowed by ClusterRoleBinding "admin"', false, '']);
  t.deepEqual(decide({ decision: 'deny', reason: 'nope' }), [false, 'nope', false, '']);
  t.deepEqual(decide({ decision: 'noOpinion', reason: '' }), [false, '', false, '']);
  t.deepEqual(decide({ decision: 'noOpinion', reason: 'webhook', error: 'webhook failed' }, "authorizer.path('/x').check('get')"), [false, 'webhook', true, 'webhook failed']);
  // An error with an allow is still allowed, as in kube (the decision and the error are apart).
  t.deepEqual(decide({ decision: 'allow', reason: '', error: 'partial' }), [true, '', true, 'partial']);
});

test('an authorizer that throws gives an errored decision, not a failed expression', (t) => {
  const throwing: Authorizer = {
    authorize() {
      throw new Error('connection refused');
    },
  };
  t.deepEqual(evaluate("[authorizer.path('/x').check('get')].map(d, [d.allowed(), d.errored(), d.error()])[0]", throwing), [false, true, 'connection refused']);
});

test('selectors that parse reach the authorizer as requirements in kube order', (t) => {
  const authorizer = recordingAuthorizer();
  const source =
    "authorizer.group('').resource('pods').fieldSelector('spec.nodeName=mynode,metadata.name!=x,a==b').labelSelector('b in (y,x,y),a=1,!c,d,e!=2,g>1').check('list').allowed()";
  t.is(evaluate(source, authorizer), true);
  t.deepEqual(
    authorizer.calls[0],
    resourceAttributes({
      verb: 'list',
      resource: 'pods',
      // Sorted by term text; "==" is "=".
      fieldSelectorRequirements: [
        { field: 'a', operator: '=', value: 'b' },
        { field: 'metadata.name', operator: '!=', value: 'x' },
        { field: 'spec.nodeName', operator: '=', value: 'mynode' },
      ],
      // Sorted by key; set values sorted and distinct.
      labelSelectorRequirements: [
        { key: 'a', operator: '=', values: ['1'] },
        { key: 'b', operator: 'in', values: ['x', 'y'] },
        { key: 'c', operator: 'notexists', values: [] },
        { key: 'd', operator: 'exists', values: [] },
        { key: 'e', operator: '!=', values: ['2'] },
        { key: 'g', operator: 'gt', values: ['1'] },
      ],
    }),
  );
});

test('a selector that does not parse is no CEL error: the check is made with the parse error instead', (t) => {
  const authorizer = recordingAuthorizer();
  const check = (field: string, label: string) => {
    evaluate(`authorizer.group('').resource('pods').fieldSelector(${JSON.stringify(field)}).labelSelector(${JSON.stringify(label)}).check('list').allowed()`, authorizer);
    const call = authorizer.calls.at(-1)!;
    return [call.fieldSelectorRequirements, call.fieldSelectorParsingError, call.labelSelectorRequirements, call.labelSelectorParsingError];
  };
  t.deepEqual(check('a=b=c', 'a=b c'), [undefined, 'invalid field selector: unescaped character in value: 61', undefined, "found 'c', expected: ',' or 'end of string'"]);
  t.deepEqual(check('abcdefghij', 'a'), [undefined, "invalid selector: 'abcdefghij'; can't understand 'abcdefghij'", [{ key: 'a', operator: 'exists', values: [] }], undefined]);
  t.deepEqual(check('a=\\x,b=c', 'a'), [undefined, 'invalid field selector: invalid escape sequence: \\x', [{ key: 'a', operator: 'exists', values: [] }], undefined]);
  t.deepEqual(check('b=\\', 'a'), [undefined, 'invalid field selector: invalid escape sequence: \\', [{ key: 'a', operator: 'exists', values: [] }], undefined]);
  // Terms are read in sorted order, so the error is the first bad term in that order.
  t.deepEqual(check('x=1,a=b=c', 'a')[1], 'invalid field selector: unescaped character in value: 61');
  t.is(authorizer.calls.length, 5);
});

test('empty selectors are not set at all; selectors without terms parse to no requirements', (t) => {
  const authorizer = recordingAuthorizer();
  evaluate("authorizer.group('').resource('pods').fieldSelector('').labelSelector('').check('list')", authorizer);
  evaluate("authorizer.group('').resource('pods').fieldSelector(',').labelSelector(' ').check('list')", authorizer);
  evaluate("authorizer.group('').resource('pods').fieldSelector('=,a=,!=').check('list')", authorizer);
  t.deepEqual(authorizer.calls, [
    resourceAttributes({ verb: 'list', resource: 'pods' }),
    resourceAttributes({ verb: 'list', resource: 'pods', fieldSelectorRequirements: [], labelSelectorRequirements: [] }),
    resourceAttributes({ verb: 'list', resource: 'pods', fieldSelectorRequirements: [{ field: 'a', operator: '=', value: '' }] }),
  ]);
});

test('escaped field selector values reach the authorizer unescaped (any values, any order)', (t) => {
  const escape = (value: string): string => value.replace(/[\\,=]/g, (ch) => `\\${ch}`);
  const term = fc.record({ field: fc.stringMatching(/^[a-z][a-z.]{0,8}$/), operator: fc.constantFrom('=' as const, '!=' as const), value: fc.string({ maxLength: 8 }) });
  fc.assert(
    fc.property(fc.array(term, { minLength: 1, maxLength: 4 }), (terms) => {
      const authorizer = recordingAuthorizer();
      const selector = terms.map(({ field, operator, value }) => `${field}${operator}${escape(value)}`).join(',');
      evaluate(`authorizer.group('').resource('pods').fieldSelector(${JSON.stringify(selector)}).check('list')`, authorizer);
      const received = authorizer.calls[0]?.fieldSelectorRequirements ?? [];
      const key = (r: { field: string; operator: string; value: string }) => JSON.stringify([r.field, r.operator, r.value]);
      t.deepEqual(received.map(key).sort(), terms.map(key).sort());
    }),
  );
});

test("admission's authorizer.requestResource is a resource check of the request's resource", (t) => {
  const authorizer = recordingAuthorizer();
  const requestResource = requestResourceAuthorizerValue(authorizer, alice, { group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'ns', name: 'web' });
  t.is(evaluate("authorizer.requestResource.check('patch').allowed()", authorizer, alice, { 'authorizer.requestResource': requestResource }), true);
  t.deepEqual(authorizer.calls, [resourceAttributes({ verb: 'patch', apiGroup: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'ns', name: 'web' })]);
});

test('the values have their kubernetes.authorization types and no equality', (t) => {
  const authorizer = recordingAuthorizer();
  const typeName = (expression: string) => (evaluate(`type(${expression})`, authorizer) as { name: string }).name;
  t.is(typeName('authorizer'), 'kubernetes.authorization.Authorizer');
  t.is(typeName("authorizer.serviceAccount('default', 'builder')"), 'kubernetes.authorization.Authorizer');
  t.is(typeName("authorizer.path('/x')"), 'kubernetes.authorization.PathCheck');
  t.is(typeName("authorizer.group('')"), 'kubernetes.authorization.GroupCheck');
  t.is(typeName("authorizer.group('').resource('pods')"), 'kubernetes.authorization.ResourceCheck');
  t.is(typeName("authorizer.path('/x').check('get')"), 'kubernetes.authorization.Decision');
  t.deepEqual(evaluate("authorizer.path('/x') == authorizer.path('/x')", authorizer), new CelError('no such overload'));
  t.is(evaluate("authorizer.path('/x') == null", authorizer), false);
});

test('a function on the wrong kind of value has no overload', (t) => {
  const authorizer = recordingAuthorizer();
  const noOverload = (source: string) => {
    const result = evaluate(source, authorizer);
    t.true(result instanceof CelError && result.message.startsWith('no such overload'), source);
  };
  noOverload("authorizer.check('get')");
  noOverload("authorizer.group('').check('get')");
  noOverload("authorizer.path('/x').resource('pods')");
  noOverload("authorizer.path('/x').check(1)");
  t.deepEqual(authorizer.calls, []);
  // The first check is asked; a Decision has no check().
  noOverload("authorizer.group('').resource('pods').check('get').check('get')");
  t.is(authorizer.calls.length, 1);
});

test("costs, as Kubernetes' cost tests count them", (t) => {
  t.is(authzCosts.check.actual(), 350_000);
  t.is(authzCosts.check.cost, 350_000);
  for (const name of ['serviceAccount', 'path', 'group', 'resource', 'subresource', 'namespace', 'name', 'allowed', 'reason', 'error', 'errored'] as const) {
    t.is(authzCosts[name].actual(), 1, name);
  }
  // kube's TestAuthzLibrary: a 71-character selector costs 10 + ceil(71 x 0.1) + ceil(71 / 2) x 50.
  const selector = 'spec.nodeName=example-node-name.fully.qualified.domain.name.example.com';
  t.is(authzCosts.fieldSelector.actual([null, selector]), 1818);
  t.is(authzCosts.labelSelector.actual([null, selector]), 1818);
  // Measured with k8s.io/apiserver: sizes 0, 10 and 11, and code points rather than bytes.
  t.is(selectorCost(0), 10);
  t.is(selectorCost(10), 261);
  t.is(selectorCost(11), 312);
  t.is(authzCosts.labelSelector.actual([null, 'ééé']), selectorCost(3));
});

test("the checker's declarations carry Kubernetes' overload ids", (t) => {
  const ids = (decls: typeof authzDeclarations) => decls.flatMap((decl) => decl.overloads.map((overload) => `${decl.name}:${overload.id}`)).sort();
  t.deepEqual(ids(authzDeclarations), [
    'allowed:decision_allowed',
    'check:pathcheck_check',
    'check:resourcecheck_check',
    'error:decision_error',
    'errored:decision_errored',
    'group:authorizer_group',
    'name:resourcecheck_name',
    'namespace:resourcecheck_namespace',
    'path:authorizer_path',
    'reason:decision_reason',
    'resource:groupcheck_resource',
    'serviceAccount:authorizer_serviceaccount',
    'subresource:resourcecheck_subresource',
  ]);
  t.deepEqual(ids(authzSelectorDeclarations), ['fieldSelector:authorizer_fieldselector', 'labelSelector:authorizer_labelselector']);
  t.true([...authzDeclarations, ...authzSelectorDeclarations].every((decl) => decl.overloads.every((overload) => overload.member)));
});
