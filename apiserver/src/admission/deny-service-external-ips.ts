// kube-apiserver's DenyServiceExternalIPs admission: no Service may gain an external IP it did not
// have (a create with any, an update adding one); existing ones may stay or go.

import { stringsOf, objectOf } from '../registry/defaulting/json-fields.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { resourceOf } from './resource-match.ts';

export const denyServiceExternalIPs: AdmissionPlugin = {
  name: 'DenyServiceExternalIPs',
  operations: ['CREATE', 'UPDATE'],
  validates: resourceOf('', 'services'),
  validate: (attributes) => {
    if (!isWriteOf(attributes, '', 'services')) return;
    const had = new Set(stringsOf(objectOf(attributes.oldObject?.spec).externalIPs));
    if (stringsOf(objectOf(attributes.object?.spec).externalIPs).every((ip) => had.has(ip))) return;
    throw admissionForbidden(attributes, 'Use of external IPs is denied by admission control');
  },
};
