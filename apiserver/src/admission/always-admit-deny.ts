// kube-apiserver's deprecated AlwaysAdmit and AlwaysDeny admission plugins: the first lets every
// request through (the same as no plugin), the second refuses every write, in both phases.

import { admissionForbidden } from './admission-forbidden.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';

export const alwaysAdmit: AdmissionPlugin = { name: 'AlwaysAdmit', operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'] };

const deny = (attributes: Parameters<NonNullable<AdmissionPlugin['admit']>>[0]): never => {
  throw admissionForbidden(attributes, 'admission control is denying all modifications');
};

export const alwaysDeny: AdmissionPlugin = { name: 'AlwaysDeny', operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'], admit: deny, validate: deny };
