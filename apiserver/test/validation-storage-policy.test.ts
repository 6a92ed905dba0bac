// The own checks of PersistentVolumeClaim, StorageClass, PodDisruptionBudget and
// HorizontalPodAutoscaler, worded and ordered as kube-apiserver words and orders them.

import test from 'ava';
import { fieldErrorMessage, type FieldError } from '@capstan/common';
import { horizontalPodAutoscalerErrors } from '../src/resources/autoscaling/horizontalpodautoscalers/hpa-validation.ts';
import { podDisruptionBudgetErrors } from '../src/resources/policy/poddisruptionbudgets/pdb-validation.ts';
import { persistentVolumeClaimErrors } from '../src/resources/core/persistentvolumeclaims/pvc-validation.ts';
import { storageClassErrors } from '../src/resources/storage/storageclasses/storage-class-validation.ts';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const claim = (spec: Record<string, unknown>) => persistentVolumeClaimErrors({ spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } });
const storageClass = (fields: Record<string, unknown>) =>
  storageClassErrors({ provisioner: 'ebs.csi.aws.com', reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate', ...fields });
const budget = (spec: Record<string, unknown>) => podDisruptionBudgetErrors({ spec: { selector: { matchLabels: { app: 'web' } }, ...spec } });
const autoscaler = (spec: Record<string, unknown>) =>
  horizontalPodAutoscalerErrors({ spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 3, ...spec } });

test('a claim with no access modes and no storage request names both, as kube does', (t) => {
  t.deepEqual(messages(persistentVolumeClaimErrors({ spec: {} })), [
    'spec.accessModes: Required value: at least 1 access mode is required',
    'spec.resources[storage]: Required value',
  ]);
  t.deepEqual(messages(claim({})), []);
});

test('a claim lists the supported access modes and keeps ReadWriteOncePod alone', (t) => {
  t.deepEqual(messages(claim({ accessModes: ['ReadWriteSometimes'] })), [
    'spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
  ]);
  t.deepEqual(messages(claim({ accessModes: ['ReadWriteOncePod', 'ReadOnlyMany'] })), ['spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes']);
});

test('a claim storage request must be above zero and quotes zero as "0"', (t) => {
  t.deepEqual(messages(claim({ resources: { requests: { storage: '0Gi' } } })), ['spec.resources[storage]: Invalid value: "0": must be greater than zero']);
  t.deepEqual(messages(claim({ resources: { requests: { storage: '-1Gi' } } })), ['spec.resources[storage]: Invalid value: "-1Gi": must be greater than zero']);
});

test('a claim volume mode, class name, selector and data source are checked', (t) => {
  t.deepEqual(messages(claim({ volumeMode: 'Raw' })), ['spec.volumeMode: Unsupported value: "Raw": supported values: "Block", "Filesystem"']);
  t.deepEqual(messages(claim({ storageClassName: 'Fast_SSD' })), [
    "spec.storageClassName: Invalid value: \"Fast_SSD\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ]);
  t.deepEqual(
    messages(
      claim({
        selector: {
          matchExpressions: [
            { key: 'tier', operator: 'In' },
            { key: 'x', operator: 'Near', values: ['a'] },
          ],
        },
      }),
    ),
    [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      'spec.selector.matchExpressions[1].operator: Invalid value: "Near": not a valid selector operator',
    ],
  );
  t.deepEqual(messages(claim({ dataSource: { kind: 'VolumeSnapshot' } })), [
    'spec.dataSource.name: Required value',
    'spec.dataSource: Invalid value: "VolumeSnapshot": must be \'PersistentVolumeClaim\' when referencing the default apiGroup',
  ]);
  t.deepEqual(messages(claim({ dataSource: { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' } })), []);
});

test('a storage class needs a provisioner that is a qualified name, checked lower-cased', (t) => {
  t.deepEqual(messages(storageClass({ provisioner: '' })), ['provisioner: Required value']);
  t.deepEqual(messages(storageClass({ provisioner: 'Example.com/My Driver' })), [
    "provisioner: Invalid value: \"example.com/my driver\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ]);
  t.deepEqual(messages(storageClass({})), []);
});

test('a storage class reclaim policy and binding mode take only their supported values', (t) => {
  t.deepEqual(messages(storageClass({ reclaimPolicy: 'Recycle', volumeBindingMode: 'Later' })), [
    'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"',
    'volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
  ]);
  t.deepEqual(messages(storageClass({ parameters: { '': 'x' } })), ['parameters: Invalid value: "": field can not be empty.']);
});

test('a budget may not set both minAvailable and maxUnavailable', (t) => {
  t.deepEqual(messages(budget({ minAvailable: 1, maxUnavailable: 1 })), [
    'spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set',
  ]);
  t.deepEqual(messages(budget({ minAvailable: '50%' })), []);
});

test('a budget count is not negative and a percentage is well formed and at most 100%', (t) => {
  t.deepEqual(messages(budget({ minAvailable: -1 })), ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0']);
  t.deepEqual(messages(budget({ maxUnavailable: '150%' })), ['spec.maxUnavailable: Invalid value: "150%": must not be greater than 100%']);
  t.deepEqual(messages(budget({ minAvailable: 'half' })), [
    "spec.minAvailable: Invalid value: \"half\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
  ]);
});

test('a budget selector and eviction policy are checked', (t) => {
  t.deepEqual(messages(budget({ minAvailable: 1, selector: { matchLabels: { app: 'web site' } }, unhealthyPodEvictionPolicy: 'Never' })), [
    "spec.selector.matchLabels: Invalid value: \"web site\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    'spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
  ]);
});

test('an autoscaler needs its target and sane replica bounds', (t) => {
  t.deepEqual(messages(autoscaler({})), []);
  t.deepEqual(messages(autoscaler({ scaleTargetRef: {}, minReplicas: 5, maxReplicas: 2 })), [
    'spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`',
    'spec.scaleTargetRef.kind: Required value',
    'spec.scaleTargetRef.name: Required value',
  ]);
  t.deepEqual(messages(autoscaler({ minReplicas: 0, maxReplicas: 0 })), [
    'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1',
    'spec.maxReplicas: Invalid value: 0: must be greater than 0',
    'spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas',
  ]);
});

test('an autoscaler metric names its source type and fills the matching source', (t) => {
  t.deepEqual(messages(autoscaler({ metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 0 } } }] })), [
    'spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0',
  ]);
  t.deepEqual(messages(autoscaler({ metrics: [{ type: 'Pods', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] })), [
    'spec.metrics[0].pods: Required value: must populate information for the given metric source',
  ]);
  t.deepEqual(messages(autoscaler({ metrics: [{ type: 'Pods', pods: { metric: {}, target: { type: 'Ratio' } } }] })), [
    'spec.metrics[0].pods.metric.name: Required value: must specify a metric name',
    'spec.metrics[0].pods.target.type: Invalid value: "Ratio": must be either Utilization, Value, or AverageValue',
    'spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue',
  ]);
});

test('an autoscaler target value that is not positive is quoted by its canonical text, as the JSON of a resource.Quantity', (t) => {
  const external = (target: Record<string, unknown>) => ({ type: 'External', external: { metric: { name: 'queue' }, target } });
  // ParseQuantity keeps "0" and canonical text such as "-1"; "-1000m" is not canonical, so s is empty.
  t.deepEqual(
    messages(
      autoscaler({ metrics: [external({ type: 'AverageValue', averageValue: '0' }), external({ type: 'Value', value: '-1' }), external({ type: 'Value', value: '-1000m' })] }),
    ),
    [
      'spec.metrics[0].external.target.averageValue: Invalid value: "0": must be positive',
      'spec.metrics[1].external.target.value: Invalid value: "-1": must be positive',
      'spec.metrics[2].external.target.value: Invalid value: "-1": must be positive',
    ],
  );
});

test('an autoscaler behavior needs policies with positive values and a known select policy', (t) => {
  const behavior = { scaleDown: { stabilizationWindowSeconds: 4000, selectPolicy: 'Avg', policies: [{ type: 'Nodes', value: 0, periodSeconds: 2000 }] } };
  t.deepEqual(messages(autoscaler({ behavior })), [
    'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600',
    'spec.behavior.scaleDown.selectPolicy: Unsupported value: "Avg": supported values: "Disabled", "Max", "Min"',
    'spec.behavior.scaleDown.policies[0].type: Unsupported value: "Nodes": supported values: "Percent", "Pods"',
    'spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero',
    'spec.behavior.scaleDown.policies[0].periodSeconds: Invalid value: 2000: must be less than or equal to 1800',
  ]);
  t.deepEqual(messages(autoscaler({ behavior: { scaleUp: { policies: [] } } })), ['spec.behavior.scaleUp.policies: Required value: must specify at least one Policy']);
});
