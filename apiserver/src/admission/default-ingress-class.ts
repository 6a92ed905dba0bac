// kube-apiserver's DefaultIngressClass admission (plugin/pkg/admission/network/defaultingressclass):
// an Ingress created without spec.ingressClassName and without the deprecated
// kubernetes.io/ingress.class annotation gets the default IngressClass, the newest of those
// annotated ingressclass.kubernetes.io/is-default-class=true.

import { isObject, objectOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import { isWriteOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { defaultClassName } from './default-class.ts';

const ingressClassAnnotation = 'kubernetes.io/ingress.class';
const defaultIngressClassAnnotation = 'ingressclass.kubernetes.io/is-default-class';

const isIngresses = (group: string, resource: string): boolean => group === 'networking.k8s.io' && resource === 'ingresses';

export function defaultIngressClass(ingressClasses: GenericStore): AdmissionPlugin {
  return {
    name: 'DefaultIngressClass',
    operations: ['CREATE'],
    mutates: isIngresses,
    admit: async (attributes) => {
      const ingress = attributes.object;
      if (!isWriteOf(attributes, 'networking.k8s.io', 'ingresses') || ingress === undefined) return;
      const spec = objectOf(ingress.spec);
      if ((spec.ingressClassName !== undefined && spec.ingressClassName !== null) || ingressClassAnnotation in objectOf(metadataOf(ingress).annotations)) return;
      const found = await defaultClassName(attributes, ingressClasses, [defaultIngressClassAnnotation]);
      if (found === undefined) return;
      if (!isObject(ingress.spec)) ingress.spec = {};
      (ingress.spec as JsonObject).ingressClassName = found;
    },
  };
}
