import test from 'ava';
import { lifecycleWarning } from '../src/endpoints/deprecated-api.ts';

test("a deprecated kind's Warning is kube's, with the removal and the replacement when there are", (t) => {
  t.is(lifecycleWarning('v1', 'ComponentStatus', { deprecated: [1, 19] }), 'v1 ComponentStatus is deprecated in v1.19+');
  t.is(
    lifecycleWarning('v1', 'Endpoints', { deprecated: [1, 33], replacement: { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' } }),
    'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice',
  );
  t.is(
    lifecycleWarning('batch/v1beta1', 'CronJob', { deprecated: [1, 21], removed: [1, 25], replacement: { group: 'batch', version: 'v1', kind: 'CronJob' } }),
    'batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob',
  );
  t.is(
    lifecycleWarning('admissionregistration.k8s.io/v1beta1', 'MutatingAdmissionPolicy', { deprecated: [1, 37], removed: [1, 40] }),
    'admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicy is deprecated in v1.37+, unavailable in v1.40+',
  );
});
