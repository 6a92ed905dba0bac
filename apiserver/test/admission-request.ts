// Test support: the admission attributes of a create in the core group, what a test does not say
// taken from a ConfigMap create in "default" by an authenticated user.

import type { AdmissionAttributes } from '../src/admission/admission-attributes.ts';

export function admissionRequest(overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'configmaps' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'ConfigMap' },
    namespace: 'default',
    name: '',
    object: undefined,
    oldObject: undefined,
    dryRun: false,
    userInfo: { username: 'admin', uid: '', groups: ['system:authenticated'], extra: {} },
    ...overrides,
  };
}
