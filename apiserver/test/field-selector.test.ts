import test, { type ExecutionContext } from 'ava';
import { StatusError } from '@capstan/common';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { compileFieldSelector, parseFieldSelector } from '../src/registry/field-selector.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

function definition(group: string, resource: string): ResourceDefinition {
  const found = builtinResources.find((candidate) => candidate.group === group && candidate.resource === resource);
  if (found === undefined) throw new Error(`no built-in ${group}/${resource}`);
  return found;
}

const pods = definition('', 'pods');
const secrets = definition('', 'secrets');
const events = definition('', 'events');
const eventsV1 = definition('events.k8s.io', 'events');
const nodes = definition('', 'nodes');
const namespaces = definition('', 'namespaces');
const deployments = definition('apps', 'deployments');
const jobs = definition('batch', 'jobs');
const configmaps = definition('', 'configmaps');
const persistentVolumes = definition('', 'persistentvolumes');
const resourceSlices = definition('resource.k8s.io', 'resourceslices');

/** The Status a call throws, for comparison with what kube-apiserver sends. */
function statusOf(t: ExecutionContext, fn: () => unknown) {
  const error = t.throws(fn, { instanceOf: StatusError });
  return error?.status;
}

const pod = (name: string, spec: JsonObject, status: JsonObject = {}): JsonObject => ({ metadata: { name, namespace: 'default' }, spec, status });

test('terms are split on commas, = and == are the same, != negates, and "" selects everything', (t) => {
  t.deepEqual(parseFieldSelector('metadata.name==web,status.phase!=Running,spec.nodeName=n1'), [
    { field: 'metadata.name', operator: '=', value: 'web' },
    { field: 'spec.nodeName', operator: '=', value: 'n1' },
    { field: 'status.phase', operator: '!=', value: 'Running' },
  ]);
  t.deepEqual(parseFieldSelector(''), []);
  t.deepEqual(parseFieldSelector(',,'), []);
  t.is(compileFieldSelector(pods, '', 'default'), undefined);
  t.is(compileFieldSelector(pods, ',', 'default'), undefined);
});

test('backslash escapes let a value hold commas, equals signs and backslashes', (t) => {
  t.deepEqual(parseFieldSelector('type=a\\,b\\=c\\\\d'), [{ field: 'type', operator: '=', value: 'a,b=c\\d' }]);
  // An escaped comma does not end the term.
  t.deepEqual(parseFieldSelector('a=x\\,y,b!=z'), [
    { field: 'a', operator: '=', value: 'x,y' },
    { field: 'b', operator: '!=', value: 'z' },
  ]);
  // The first operator splits: the field part is never unescaped, and an empty value is allowed.
  t.deepEqual(parseFieldSelector('a!b=c'), [{ field: 'a!b', operator: '=', value: 'c' }]);
  t.deepEqual(parseFieldSelector('spec.nodeName='), [{ field: 'spec.nodeName', operator: '=', value: '' }]);
});

test("malformed selectors answer 400 with apimachinery's messages", (t) => {
  t.like(
    statusOf(t, () => compileFieldSelector(pods, 'foo', 'default')),
    {
      code: 400,
      reason: 'BadRequest',
      message: "invalid selector: 'foo'; can't understand 'foo'",
    },
  );
  // Terms are sorted before they are read, so "a" is reported before "z".
  t.is(statusOf(t, () => parseFieldSelector('z,a')).message, "invalid selector: 'z,a'; can't understand 'a'");
  t.is(statusOf(t, () => parseFieldSelector('a=b=c')).message, 'invalid field selector: unescaped character in value: 61');
  t.is(statusOf(t, () => parseFieldSelector('a=b\\c')).message, 'invalid field selector: invalid escape sequence: \\c');
  t.is(statusOf(t, () => parseFieldSelector('a=b\\')).message, 'invalid field selector: invalid escape sequence: \\');
  // No trimming: kube reads " a=b" as a term whose field is " a".
  t.is(
    statusOf(t, () => compileFieldSelector(configmaps, ' metadata.name=a', 'default')).message,
    '" metadata.name" is not a known field selector: only "metadata.name", "metadata.namespace"',
  );
});

test("an unsupported field answers 400 with the kind's own wording", (t) => {
  t.like(
    statusOf(t, () => compileFieldSelector(pods, 'spec.foo=bar', 'default')),
    {
      code: 400,
      reason: 'BadRequest',
      message: 'field label not supported: spec.foo',
    },
  );
  t.is(
    statusOf(t, () => compileFieldSelector(deployments, 'status.replicas=1', 'default')).message,
    '"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"',
  );
  t.is(statusOf(t, () => compileFieldSelector(jobs, 'status.active=1', 'default')).message, 'field label "status.active" not supported for Job');
  t.is(
    statusOf(t, () => compileFieldSelector(resourceSlices, 'spec.pool=x', undefined)).message,
    'field label not supported for resource.k8s.io/v1, Kind=ResourceSlice: spec.pool',
  );
  // Nodes and namespaces do not accept metadata.namespace at all.
  t.is(statusOf(t, () => compileFieldSelector(nodes, 'metadata.namespace=x', undefined)).message, 'field label not supported: metadata.namespace');
  t.is(statusOf(t, () => compileFieldSelector(namespaces, 'metadata.namespace=x', undefined)).message, 'field label not supported: metadata.namespace');
  // Parse errors of every term come before label errors.
  t.is(statusOf(t, () => compileFieldSelector(pods, 'spec.foo=bar,zzz', 'default')).message, "invalid selector: 'spec.foo=bar,zzz'; can't understand 'zzz'");
});

test('pods are selected by spec.nodeName and status.phase', (t) => {
  const running = pod('a', { nodeName: 'n1' }, { phase: 'Running' });
  const pending = pod('b', {}, { phase: 'Pending' });
  const onNode = compileFieldSelector(pods, 'spec.nodeName=n1', 'default');
  t.true(onNode?.matches(running));
  t.false(onNode?.matches(pending));
  // An unscheduled pod's nodeName is "", which is how kube-scheduler finds them.
  t.true(compileFieldSelector(pods, 'spec.nodeName=', 'default')?.matches(pending));
  const notRunning = compileFieldSelector(pods, 'status.phase!=Running', 'default');
  t.false(notRunning?.matches(running));
  t.true(notRunning?.matches(pending));
  // Every term must hold.
  const both = compileFieldSelector(pods, 'status.phase=Running,spec.nodeName=n2', 'default');
  t.false(both?.matches(running));
});

test('pod fields render as GetAttrs renders them', (t) => {
  const hostNetwork = compileFieldSelector(pods, 'spec.hostNetwork=false', 'default');
  t.true(hostNetwork?.matches(pod('a', {})));
  t.false(hostNetwork?.matches(pod('a', { hostNetwork: true })));
  // spec.host is the old name of spec.nodeName.
  const legacy = compileFieldSelector(pods, 'spec.host=n1', 'default');
  t.deepEqual(legacy?.requirements, [{ field: 'spec.nodeName', operator: '=', value: 'n1' }]);
  t.true(legacy?.matches(pod('a', { nodeName: 'n1' })));
  // status.podIP is the first pod IP; status.podIPs is accepted but never has a value.
  t.true(compileFieldSelector(pods, 'status.podIP=10.0.0.1', 'default')?.matches(pod('a', {}, { podIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] })));
  t.false(compileFieldSelector(pods, 'status.podIPs=10.0.0.1', 'default')?.matches(pod('a', {}, { podIPs: [{ ip: '10.0.0.1' }] })));
  t.true(compileFieldSelector(pods, 'status.nominatedNodeName=n3', 'default')?.matches(pod('a', {}, { nominatedNodeName: 'n3' })));
});

test('secrets are selected by type', (t) => {
  const tls = { metadata: { name: 's', namespace: 'default' }, type: 'kubernetes.io/tls' };
  t.true(compileFieldSelector(secrets, 'type=kubernetes.io/tls', 'default')?.matches(tls));
  t.false(compileFieldSelector(secrets, 'type=Opaque', 'default')?.matches(tls));
});

test('core events are selected by involvedObject, source and reportingComponent', (t) => {
  const event = {
    metadata: { name: 'e', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', uid: 'u1' },
    reason: 'Scheduled',
    type: 'Normal',
    reportingComponent: 'default-scheduler',
  };
  t.true(compileFieldSelector(events, 'involvedObject.name=web,involvedObject.kind=Pod', 'default')?.matches(event));
  t.false(compileFieldSelector(events, 'involvedObject.name=db', 'default')?.matches(event));
  // source falls back to the reporting controller when source.component is empty.
  t.true(compileFieldSelector(events, 'source=default-scheduler', 'default')?.matches(event));
  t.true(compileFieldSelector(events, 'source=kubelet', 'default')?.matches({ ...event, source: { component: 'kubelet' } }));
  t.is(statusOf(t, () => compileFieldSelector(events, 'regarding.name=web', 'default')).message, 'field label not supported: regarding.name');
});

test('events.k8s.io events are selected by regarding.* and reportingController', (t) => {
  const event = { metadata: { name: 'e', namespace: 'default' }, regarding: { kind: 'Pod', name: 'web' }, reportingController: 'kubelet', type: 'Warning' };
  const selector = compileFieldSelector(eventsV1, 'regarding.name=web,reportingController=kubelet', 'default');
  t.deepEqual(
    selector?.requirements.map((requirement) => requirement.field),
    ['involvedObject.name', 'reportingComponent'],
  );
  t.true(selector?.matches(event));
  t.is(statusOf(t, () => compileFieldSelector(eventsV1, 'involvedObject.name=web', 'default')).message, 'field label not supported: involvedObject.name');
});

test('counts and flags read as Go prints their zero values', (t) => {
  t.true(compileFieldSelector(jobs, 'status.successful=0', 'default')?.matches({ metadata: { name: 'j' } }));
  t.true(compileFieldSelector(jobs, 'status.successful=2', 'default')?.matches({ metadata: { name: 'j' }, status: { succeeded: 2 } }));
  t.true(compileFieldSelector(nodes, 'spec.unschedulable=false', undefined)?.matches({ metadata: { name: 'n' } }));
  t.true(compileFieldSelector(nodes, 'spec.unschedulable=true', undefined)?.matches({ metadata: { name: 'n' }, spec: { unschedulable: true } }));
});

test('a cluster-scoped kind accepts metadata.namespace, which is always empty', (t) => {
  const pv = { metadata: { name: 'pv1' } };
  t.true(compileFieldSelector(persistentVolumes, 'metadata.namespace=', undefined)?.matches(pv));
  t.false(compileFieldSelector(persistentVolumes, 'metadata.namespace=default', undefined)?.matches(pv));
});

test('a metadata.name equality gives the name of a single-object read', (t) => {
  t.is(compileFieldSelector(configmaps, 'metadata.name=web', 'default')?.name, 'web');
  t.is(compileFieldSelector(configmaps, 'metadata.name!=web', 'default')?.name, undefined);
  t.is(compileFieldSelector(configmaps, 'metadata.name=', 'default')?.name, undefined);
  t.is(compileFieldSelector(configmaps, 'metadata.namespace=default,metadata.name==web', 'default')?.name, 'web');
  t.is(compileFieldSelector(configmaps, '', 'default')?.name, undefined);
});

test('metadata.namespace narrows a request without namespace, and contradicting the request matches nothing', (t) => {
  t.is(compileFieldSelector(configmaps, 'metadata.namespace=team-a', undefined)?.namespace, 'team-a');
  t.is(compileFieldSelector(configmaps, 'metadata.namespace=Not_A_Namespace', undefined)?.namespace, undefined);
  const conflicting = compileFieldSelector(configmaps, 'metadata.namespace=team-a', 'team-b');
  t.is(conflicting?.namespace, undefined);
  t.false(conflicting?.matches({ metadata: { name: 'c', namespace: 'team-b' } }));
});

test('every built-in resource accepts metadata.name', (t) => {
  for (const resource of builtinResources) {
    t.true(compileFieldSelector(resource, 'metadata.name=x', undefined)?.matches({ metadata: { name: 'x' } }), `${resource.group}/${resource.resource}`);
  }
});
