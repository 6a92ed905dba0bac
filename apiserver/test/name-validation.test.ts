import test from 'ava';
import { fieldErrorMessage, type FieldError } from '@capstan/common';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import { generateNameErrorsFor, isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, nameErrorsFor, objectNameErrors, type NameRule } from '../src/registry/name-validation.ts';
import { ipErrors } from '../src/registry/validation/ip-formats.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

function definition(group: string, resource: string): ResourceDefinition {
  const found = builtinResources.find((candidate) => candidate.group === group && candidate.resource === resource);
  if (found === undefined) throw new Error(`no built-in ${group}/${resource}`);
  return found;
}

const messages = (errors: readonly FieldError[]): string[] => errors.map(fieldErrorMessage);

const subdomainMessage =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const labelMessage =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const dns1035Message =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

const nameRules: ReadonlySet<NameRule> = new Set<NameRule>([
  'dns1123Subdomain',
  'dns1123Label',
  'dns1035Label',
  'pathSegment',
  'ipAddress',
  'cronJob',
  'customResourceDefinition',
  'apiService',
  'priorityClass',
  'csiDriver',
  'none',
]);

test('every built-in resource has a name rule of its own', (t) => {
  const missing = builtinResources.filter((resource) => !nameRules.has(resource.behaviour.names)).map((resource) => `${resource.group}/${resource.resource}`);
  t.deepEqual(missing, []);
});

test('the DNS checks word their errors as apimachinery does', (t) => {
  t.deepEqual(isDNS1123Subdomain('Web'), [subdomainMessage]);
  t.deepEqual(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
  t.deepEqual(isDNS1123Subdomain(`${'a'.repeat(253)}-`), ['must be no more than 253 characters', subdomainMessage]);
  t.deepEqual(isDNS1123Label('web.example'), ['must not contain dots']);
  t.deepEqual(isDNS1123Label('-web'), [labelMessage]);
  t.deepEqual(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  t.deepEqual(isDNS1035Label('1web'), [dns1035Message]);
  t.deepEqual(isDNS1035Label('web-1'), []);
});

test('most kinds want a DNS subdomain', (t) => {
  const configmaps = definition('', 'configmaps');
  t.deepEqual(nameErrorsFor(configmaps, 'web.example.com'), []);
  t.deepEqual(messages(nameErrorsFor(configmaps, 'Web')), [`metadata.name: Invalid value: "Web": ${subdomainMessage}`]);
  t.deepEqual(nameErrorsFor(definition('', 'pods'), 'web-0'), []);
  t.deepEqual(nameErrorsFor(definition('apps', 'deployments'), 'web.v2'), []);
});

test('namespaces and statefulsets want a DNS label, services a DNS-1035 label', (t) => {
  t.deepEqual(messages(nameErrorsFor(definition('', 'namespaces'), 'team.a')), ['metadata.name: Invalid value: "team.a": must not contain dots']);
  t.deepEqual(messages(nameErrorsFor(definition('apps', 'statefulsets'), 'db.primary')), ['metadata.name: Invalid value: "db.primary": must not contain dots']);
  t.deepEqual(messages(nameErrorsFor(definition('', 'services'), '1st')), [`metadata.name: Invalid value: "1st": ${dns1035Message}`]);
  t.deepEqual(nameErrorsFor(definition('', 'services'), 'frontend'), []);
});

test('RBAC names only have to be path segments', (t) => {
  const roles = definition('rbac.authorization.k8s.io', 'clusterroles');
  t.deepEqual(nameErrorsFor(roles, 'system:controller:job-controller'), []);
  t.deepEqual(messages(nameErrorsFor(roles, '..')), ['metadata.name: Invalid value: "..": may not be \'..\'']);
  t.deepEqual(messages(nameErrorsFor(roles, 'a/b%c')), [
    'metadata.name: Invalid value: "a/b%c": may not contain \'/\'',
    'metadata.name: Invalid value: "a/b%c": may not contain \'%\'',
  ]);
});

test('kinds that accept any name still get the generic path-segment check', (t) => {
  const csrs = definition('certificates.k8s.io', 'certificatesigningrequests');
  t.deepEqual(nameErrorsFor(csrs, 'node-csr-ABC_123'), []);
  t.deepEqual(messages(nameErrorsFor(csrs, 'a/b')), ['metadata.name: Invalid value: "a/b": may not contain \'/\'']);
  // core/v1 Events keep legacy validation; events.k8s.io/v1 ones must be subdomains.
  t.deepEqual(nameErrorsFor(definition('', 'events'), 'Pod_Event'), []);
  t.is(nameErrorsFor(definition('events.k8s.io', 'events'), 'Pod_Event').length, 1);
  // Virtual resources are never validated.
  t.deepEqual(nameErrorsFor(definition('authorization.k8s.io', 'selfsubjectaccessreviews'), 'a/b'), []);
});

test('cron jobs leave room for the timestamp of their jobs', (t) => {
  const cronjobs = definition('batch', 'cronjobs');
  t.deepEqual(nameErrorsFor(cronjobs, 'a'.repeat(52)), []);
  t.deepEqual(messages(nameErrorsFor(cronjobs, 'a'.repeat(53))), [`metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`]);
});

test('IP address names must be canonical IPs', (t) => {
  const ipaddresses = definition('networking.k8s.io', 'ipaddresses');
  t.deepEqual(nameErrorsFor(ipaddresses, '10.0.0.1'), []);
  t.deepEqual(nameErrorsFor(ipaddresses, '2001:db8::1'), []);
  t.deepEqual(ipErrors('web'), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
  t.deepEqual(ipErrors('010.0.0.1'), ['must not have leading 0s']);
  t.deepEqual(ipErrors('::ffff:10.0.0.1'), ['must not be an IPv4-mapped IPv6 address']);
  t.deepEqual(ipErrors('2001:DB8:0:0:0:0:0:1'), ['must be in canonical form ("2001:db8::1")']);
  t.deepEqual(ipErrors('2001:db8:0:1:0:0:0:1'), ['must be in canonical form ("2001:db8:0:1::1")']);
  t.deepEqual(ipErrors('1:0:0:2:0:0:3:4'), ['must be in canonical form ("1::2:0:0:3:4")']);
  t.deepEqual(ipErrors('::'), []);
  t.deepEqual(ipErrors('fe80::1%eth0'), ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
});

test('CRD, APIService and PriorityClass names are checked against the object', (t) => {
  const crds = definition('apiextensions.k8s.io', 'customresourcedefinitions');
  const crd = { spec: { group: 'example.com', names: { plural: 'widgets' } } };
  t.deepEqual(nameErrorsFor(crds, 'widgets.example.com', crd), []);
  t.deepEqual(messages(nameErrorsFor(crds, 'widget.example.com', crd)), ['metadata.name: Invalid value: "widget.example.com": must be spec.names.plural+"."+spec.group']);

  const apiservices = definition('apiregistration.k8s.io', 'apiservices');
  const apiservice = { spec: { group: 'metrics.k8s.io', version: 'v1beta1' } };
  t.deepEqual(nameErrorsFor(apiservices, 'v1beta1.metrics.k8s.io', apiservice), []);
  t.deepEqual(messages(nameErrorsFor(apiservices, 'metrics', apiservice)), [
    'metadata.name: Invalid value: "metrics": must be `spec.version+"."+spec.group`: "v1beta1.metrics.k8s.io"',
  ]);

  const priorityclasses = definition('scheduling.k8s.io', 'priorityclasses');
  t.deepEqual(nameErrorsFor(priorityclasses, 'system-node-critical', { value: 2000001000 }), []);
  t.deepEqual(messages(nameErrorsFor(priorityclasses, 'system-important', { value: 1 })), [
    "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-important is not a known system priority class",
  ]);
});

test('CSIDriver names are checked at field "name"', (t) => {
  const csidrivers = definition('storage.k8s.io', 'csidrivers');
  t.deepEqual(nameErrorsFor(csidrivers, 'ebs.csi.aws.com'), []);
  // Upper case passes: kube lower-cases the driver name before the DNS check.
  t.deepEqual(nameErrorsFor(csidrivers, 'EBS.csi.aws.com'), []);
  t.deepEqual(messages(nameErrorsFor(csidrivers, 'a'.repeat(64))), ['name: Too long: may not be more than 63 bytes']);
});

test("a generateName may end in a dash, and is checked with the kind's rule", (t) => {
  const configmaps = definition('', 'configmaps');
  t.deepEqual(generateNameErrorsFor(configmaps, 'web-'), []);
  t.deepEqual(messages(generateNameErrorsFor(configmaps, 'Web-')), [`metadata.generateName: Invalid value: "Web-": ${subdomainMessage}`]);
  // maskTrailingDash replaces the last two characters with "a", so "a.-" is checked as "aa".
  t.deepEqual(generateNameErrorsFor(configmaps, 'a.-'), []);
  t.deepEqual(generateNameErrorsFor(definition('', 'services'), 'svc-'), []);
  t.is(generateNameErrorsFor(definition('', 'services'), '1svc-').length, 1);
  // Path-segment prefixes may be "." or ".." since a suffix follows.
  t.deepEqual(generateNameErrorsFor(definition('rbac.authorization.k8s.io', 'roles'), '.'), []);
});

test('object names are checked generateName first, and a missing name is required', (t) => {
  const configmaps = definition('', 'configmaps');
  t.deepEqual(messages(objectNameErrors(configmaps, {})), ['metadata.name: Required value: name or generateName is required']);
  t.deepEqual(messages(objectNameErrors(configmaps, { generateName: 'Bad-', name: 'Bad-x7k2q' })), [
    `metadata.generateName: Invalid value: "Bad-": ${subdomainMessage}`,
    `metadata.name: Invalid value: "Bad-x7k2q": ${subdomainMessage}`,
  ]);
  t.deepEqual(objectNameErrors(configmaps, { generateName: 'web-', name: 'web-x7k2q' }), []);
  t.deepEqual(messages(objectNameErrors(definition('rbac.authorization.k8s.io', 'roles'), { generateName: 'a/', name: 'a/x7k2q' })), [
    'metadata.generateName: Invalid value: "a/": may not contain \'/\'',
    'metadata.name: Invalid value: "a/x7k2q": may not contain \'/\'',
  ]);
});
