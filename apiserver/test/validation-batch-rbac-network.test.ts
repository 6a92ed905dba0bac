// The own checks of CronJob, the RBAC kinds, Ingress and NetworkPolicy, worded as kube-apiserver
// 1.35 words them.

import test from 'ava';
import { fieldErrorMessage, type FieldError } from '@capstan/common';
import { cronJobErrors } from '../src/resources/batch/cronjobs/cron-job-validation.ts';
import { clusterRoleBindingErrors, clusterRoleErrors, roleBindingErrors, roleErrors } from '../src/resources/rbac/rbac-validation.ts';
import { ingressErrors } from '../src/resources/networking/ingresses/ingress-validation.ts';
import { networkPolicyErrors } from '../src/resources/networking/networkpolicies/network-policy-validation.ts';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

const jobTemplate = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox' }] } } } };
const cronJob = (spec: Record<string, unknown>) => ({ spec: { schedule: '*/5 * * * *', concurrencyPolicy: 'Allow', jobTemplate, ...spec } });
const cronMessages = (spec: Record<string, unknown>): string[] => messages(cronJobErrors(cronJob(spec)));

test('a valid CronJob, with descriptors and named months and days, has no errors', (t) => {
  for (const schedule of ['0 0 * * *', '@hourly', '@every 1h30m', '0 9 1-15/2 JAN-jun mon-fri', '? * * * *']) t.deepEqual(cronMessages({ schedule }), [], schedule);
  t.deepEqual(cronMessages({ timeZone: 'Europe/Berlin' }), []);
  t.deepEqual(cronMessages({ timeZone: 'US/Eastern' }), []);
});

test('a CronJob schedule is required and worded with robfig/cron parser errors', (t) => {
  t.deepEqual(cronMessages({ schedule: '' }), ['spec.schedule: Required value']);
  t.deepEqual(cronMessages({ schedule: 'every minute' }), ['spec.schedule: Invalid value: "every minute": expected exactly 5 fields, found 2: [every minute]']);
  t.deepEqual(cronMessages({ schedule: '61 * * * *' }), ['spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61']);
  t.deepEqual(cronMessages({ schedule: '* * 0 * *' }), ['spec.schedule: Invalid value: "* * 0 * *": beginning of range (0) below minimum (1): 0']);
  t.deepEqual(cronMessages({ schedule: '5-2 * * * *' }), ['spec.schedule: Invalid value: "5-2 * * * *": beginning of range (5) beyond end of range (2): 5-2']);
  t.deepEqual(cronMessages({ schedule: '*/0 * * * *' }), ['spec.schedule: Invalid value: "*/0 * * * *": step of range should be a positive number: */0']);
  t.deepEqual(cronMessages({ schedule: 'x * * * *' }), ['spec.schedule: Invalid value: "x * * * *": failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax']);
  t.deepEqual(cronMessages({ schedule: '* * * * 1-2-3' }), ['spec.schedule: Invalid value: "* * * * 1-2-3": too many hyphens: 1-2-3']);
  t.deepEqual(cronMessages({ schedule: '@fortnightly' }), ['spec.schedule: Invalid value: "@fortnightly": unrecognized descriptor: @fortnightly']);
  t.deepEqual(cronMessages({ schedule: '@every 5' }), ['spec.schedule: Invalid value: "@every 5": failed to parse duration @every 5: time: missing unit in duration "5"']);
  t.deepEqual(cronMessages({ schedule: '@every 5x' }), ['spec.schedule: Invalid value: "@every 5x": failed to parse duration @every 5x: time: unknown unit "x" in duration "5x"']);
});

test('a CronJob schedule may not carry TZ or CRON_TZ, even a valid one', (t) => {
  t.deepEqual(cronMessages({ schedule: 'TZ=UTC 0 0 * * *' }), [
    'spec.schedule: Invalid value: "TZ=UTC 0 0 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
  ]);
  t.deepEqual(cronMessages({ schedule: 'CRON_TZ=Nowhere/City 0 0 * * *' }), [
    'spec.schedule: Invalid value: "CRON_TZ=Nowhere/City 0 0 * * *": provided bad location Nowhere/City: unknown time zone Nowhere/City',
    'spec.schedule: Invalid value: "CRON_TZ=Nowhere/City 0 0 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
  ]);
});

test('a CronJob timeZone must be an explicit IANA zone, in its exact case', (t) => {
  t.deepEqual(cronMessages({ timeZone: '' }), ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']);
  t.deepEqual(cronMessages({ timeZone: 'Mars/Olympus_Mons' }), ['spec.timeZone: Invalid value: "Mars/Olympus_Mons": unknown time zone Mars/Olympus_Mons']);
  t.deepEqual(cronMessages({ timeZone: 'america/new_york' }), ['spec.timeZone: Invalid value: "america/new_york": unknown time zone america/new_york']);
  t.deepEqual(cronMessages({ timeZone: '+05:00' }), ['spec.timeZone: Invalid value: "+05:00": unknown time zone +05:00']);
  t.deepEqual(cronMessages({ timeZone: 'Local' }), ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']);
});

test('a CronJob checks its policies, limits and job template in kube order', (t) => {
  const spec = {
    startingDeadlineSeconds: -1,
    concurrencyPolicy: 'Sometimes',
    successfulJobsHistoryLimit: -2,
    failedJobsHistoryLimit: -3,
    jobTemplate: { spec: { backoffLimit: -1, selector: { matchLabels: { a: 'b' } }, template: { spec: { restartPolicy: 'Always', containers: [{ name: 'c', image: 'x' }] } } } },
  };
  t.deepEqual(cronMessages(spec), [
    'spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0',
    'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    'spec.jobTemplate.spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0',
    'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    'spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated',
    'spec.successfulJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    'spec.failedJobsHistoryLimit: Invalid value: -3: must be greater than or equal to 0',
  ]);
});

test('Role rules need verbs, and apiGroups and resources unless they name URLs, which only ClusterRoles may', (t) => {
  t.deepEqual(messages(roleErrors({ rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] })), []);
  t.deepEqual(messages(roleErrors({ rules: [{}] })), [
    'rules[0].verbs: Required value: verbs must contain at least one value',
    'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
    'rules[0].resources: Required value: resource rules must supply at least one resource',
  ]);
  t.deepEqual(messages(roleErrors({ rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] })), [
    'rules[0].nonResourceURLs: Invalid value: ["/healthz"]: namespaced rules cannot apply to non-resource URLs',
  ]);
  t.deepEqual(messages(clusterRoleErrors({ rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] })), []);
  t.deepEqual(messages(clusterRoleErrors({ rules: [{ verbs: ['get'], resources: ['pods'], nonResourceURLs: ['/healthz'] }] })), [
    'rules[0].nonResourceURLs: Invalid value: ["/healthz"]: rules cannot apply to both regular resources and non-resource URLs',
  ]);
  t.deepEqual(messages(clusterRoleErrors({ rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'], resourceNames: ['x'] }] })), [
    'rules[0].resourceNames: Required value: resource names cannot apply to multiple resources',
  ]);
});

test('a RoleBinding names an RBAC role and valid subjects', (t) => {
  const roleRef = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' };
  t.deepEqual(messages(roleBindingErrors({ roleRef, subjects: [{ kind: 'ServiceAccount', name: 'default' }] })), []);
  t.deepEqual(messages(roleBindingErrors({ roleRef: { apiGroup: 'example.com', kind: 'Policy', name: 'a/b' } })), [
    'roleRef.apiGroup: Unsupported value: "example.com": supported values: "rbac.authorization.k8s.io"',
    'roleRef.kind: Unsupported value: "Policy": supported values: "Role", "ClusterRole"',
    'roleRef.name: Invalid value: "a/b": may not contain \'/\'',
  ]);
  t.deepEqual(messages(roleBindingErrors({ roleRef: { ...roleRef, name: '' } })), ['roleRef.name: Required value']);
  t.deepEqual(
    messages(
      roleBindingErrors({
        roleRef,
        subjects: [
          { kind: 'ServiceAccount', name: 'Bad_Name', apiGroup: 'v1' },
          { kind: 'User', name: '', apiGroup: 'rbac.authorization.k8s.io' },
          { kind: 'Robot', name: 'r2' },
        ],
      }),
    ),
    [
      "subjects[0].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'subjects[0].apiGroup: Unsupported value: "v1": supported values: ""',
      'subjects[1].name: Required value',
      'subjects[1].name: Invalid value: "": user name cannot be empty',
      'subjects[2].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
    ],
  );
});

test('a ClusterRoleBinding binds only ClusterRoles, and its service accounts need a namespace', (t) => {
  const roleRef = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' };
  t.deepEqual(
    messages(
      clusterRoleBindingErrors({
        roleRef,
        subjects: [
          { kind: 'ServiceAccount', name: 'default' },
          { kind: 'Group', name: 'devs', apiGroup: '' },
        ],
      }),
    ),
    [
      'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
      'subjects[0].namespace: Required value',
      'subjects[1].apiGroup: Unsupported value: "": supported values: "rbac.authorization.k8s.io"',
    ],
  );
});

const backend = { service: { name: 'web', port: { number: 80 } } };
const ingress = (spec: Record<string, unknown>) => messages(ingressErrors({ spec }));

test('a valid Ingress has no errors', (t) => {
  t.deepEqual(
    ingress({ rules: [{ host: '*.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend }] } }], tls: [{ hosts: ['example.com'], secretName: 'tls' }] }),
    [],
  );
  t.deepEqual(ingress({ defaultBackend: { service: { name: 'web', port: { name: 'http' } } } }), []);
});

test('an Ingress needs rules or a default backend', (t) => {
  t.deepEqual(ingress({}), ['spec: Invalid value: null: either `defaultBackend` or `rules` must be specified']);
  t.deepEqual(ingress({ rules: [] }), ['spec: Invalid value: []: either `defaultBackend` or `rules` must be specified']);
});

test('Ingress hosts are DNS names or wildcards, never IP addresses', (t) => {
  t.deepEqual(ingress({ rules: [{ host: '10.0.0.1' }] }), ['spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address']);
  t.deepEqual(ingress({ rules: [{ host: 'foo.*.com' }] }), [
    "spec.rules[0].host: Invalid value: \"foo.*.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
});

test('Ingress paths need a supported pathType and, for Prefix and Exact, a clean absolute path', (t) => {
  const rule = (...paths: unknown[]) => ({ rules: [{ http: { paths } }] });
  t.deepEqual(ingress({ rules: [{ http: { paths: [] } }] }), ['spec.rules[0].http.paths: Required value']);
  t.deepEqual(ingress(rule({ path: '/', backend })), ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified']);
  t.deepEqual(ingress(rule({ path: '/', pathType: 'Regex', backend })), [
    'spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
  ]);
  t.deepEqual(ingress(rule({ path: 'api//v1/..', pathType: 'Prefix', backend })), [
    'spec.rules[0].http.paths[0].path: Invalid value: "api//v1/..": must be an absolute path',
    'spec.rules[0].http.paths[0].path: Invalid value: "api//v1/..": must not contain \'//\'',
    'spec.rules[0].http.paths[0].path: Invalid value: "api//v1/..": cannot end with \'/..\'',
  ]);
  t.deepEqual(ingress(rule({ path: '', pathType: 'ImplementationSpecific', backend })), []);
});

test('an Ingress backend has exactly one target and a port name or number', (t) => {
  const at = (b: unknown) => ingress({ rules: [{ http: { paths: [{ path: '/', pathType: 'Exact', backend: b }] } }] });
  const path = 'spec.rules[0].http.paths[0].backend';
  t.deepEqual(at({}), [`${path}: Invalid value: "": resource or service backend is required`]);
  t.deepEqual(at({ ...backend, resource: { kind: 'Bucket', name: 'b' } }), [`${path}: Invalid value: "": cannot set both resource and service backends`]);
  t.deepEqual(at({ service: { name: 'web' } }), [`${path}: Required value: port name or number is required`]);
  t.deepEqual(at({ service: { name: 'web', port: { name: 'http', number: 80 } } }), [`${path}: Invalid value: "": cannot set both port name & port number`]);
  t.deepEqual(at({ service: { name: 'web', port: { number: 70000 } } }), [`${path}.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive`]);
  t.deepEqual(at({ service: { name: '', port: { name: 'HTTP' } } }), [
    `${path}.service.name: Required value`,
    `${path}.service.port.name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`,
    `${path}.service.port.name: Invalid value: "HTTP": must contain at least one letter (a-z)`,
  ]);
  t.deepEqual(at({ resource: { apiGroup: 'example.com' } }), [`${path}.resource.kind: Required value`, `${path}.resource.name: Required value`]);
});

const policy = (spec: Record<string, unknown>) => messages(networkPolicyErrors({ spec: { podSelector: {}, ...spec } }));

test('a valid NetworkPolicy has no errors', (t) => {
  const from = [{ ipBlock: { cidr: '10.0.0.0/8', except: ['10.1.0.0/16'] } }, { podSelector: { matchLabels: { app: 'web' } } }];
  t.deepEqual(policy({ ingress: [{ from, ports: [{ protocol: 'TCP', port: 80, endPort: 90 }, { port: 'http' }] }], policyTypes: ['Ingress'] }), []);
});

test('NetworkPolicy ports take TCP, UDP or SCTP and valid port numbers or names', (t) => {
  t.deepEqual(policy({ egress: [{ ports: [{ protocol: 'ICMP', port: 0 }, { port: 'http', endPort: 90 }, { port: 90, endPort: 80 }, { endPort: 1 }] }] }), [
    'spec.egress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
    'spec.egress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
    'spec.egress[0].ports[1].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
    'spec.egress[0].ports[2].endPort: Invalid value: 80: must be greater than or equal to `port`',
    'spec.egress[0].ports[3].endPort: Invalid value: 1: may not be specified when `port` is not specified',
  ]);
});

test('NetworkPolicy peers name one kind of peer, and ipBlock CIDRs are valid with strict subsets excepted', (t) => {
  t.deepEqual(policy({ ingress: [{ from: [{}, { ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }] }), [
    'spec.ingress[0].from[0]: Required value: must specify a peer',
    'spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer',
  ]);
  t.deepEqual(
    policy({
      ingress: [{ from: [{ ipBlock: { cidr: '10.0.0.0' } }, { ipBlock: { cidr: '' } }, { ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.0.0/8', '192.168.0.0/24', 'x'] } }] }],
    }),
    [
      'spec.ingress[0].from[0].ipBlock.cidr: Invalid value: "10.0.0.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
      'spec.ingress[0].from[1].ipBlock.cidr: Required value',
      'spec.ingress[0].from[2].ipBlock.except[0]: Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`',
      'spec.ingress[0].from[2].ipBlock.except[1]: Invalid value: "192.168.0.0/24": must be a strict subset of `cidr`',
      'spec.ingress[0].from[2].ipBlock.except[2]: Invalid value: "x": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    ],
  );
  t.deepEqual(policy({ egress: [{ to: [{ ipBlock: { cidr: '2001:db8::/32', except: ['2001:db8:1::/48'] } }] }] }), []);
});

test('NetworkPolicy policyTypes are Ingress or Egress, at most two', (t) => {
  t.deepEqual(policy({ policyTypes: ['Ingress', 'Sideways'] }), ['spec.policyTypes[1]: Unsupported value: "Sideways": supported values: "Ingress", "Egress"']);
  t.deepEqual(policy({ policyTypes: ['Ingress', 'Egress', 'Ingress'] }), [
    'spec.policyTypes: Invalid value: ["Ingress","Egress","Ingress"]: may not specify more than two policyTypes',
  ]);
});
