// The hand-made object types Kubernetes declares to admission expressions: `request`
// (kubernetes.AdmissionRequest, without uid, object and oldObject, which are variables of their
// own) and `namespaceObject` (kubernetes.Namespace, with only the metadata fields policies need),
// as k8s.io/apiserver's admission CEL compiler builds them.

import { boolType, dynType, intType, listOf, mapOf, objectType, stringType, timestampType, type CelType, type DeclField, type ObjectCelType } from '../types/cel-types.ts';

/** A field of a hand-made type: its name is its own CEL identifier. */
export const declField = (name: string, type: CelType, required: boolean): DeclField => ({ name, propertyName: name, type, required });

/** kubernetes.UserInfo: who made the request (also the `user` of authentication rules). */
export const userInfoType: ObjectCelType = objectType('kubernetes.UserInfo', [
  declField('username', stringType, false),
  declField('uid', stringType, false),
  declField('groups', listOf(stringType), false),
  declField('extra', mapOf(stringType, listOf(stringType)), false),
]);

const groupVersionKindType = objectType('kubernetes.GroupVersionKind', [
  declField('group', stringType, true),
  declField('version', stringType, true),
  declField('kind', stringType, true),
]);

const groupVersionResourceType = objectType('kubernetes.GroupVersionResource', [
  declField('group', stringType, true),
  declField('version', stringType, true),
  declField('resource', stringType, true),
]);

export const admissionRequestType: ObjectCelType = objectType('kubernetes.AdmissionRequest', [
  declField('kind', groupVersionKindType, true),
  declField('resource', groupVersionResourceType, true),
  declField('subResource', stringType, false),
  declField('requestKind', groupVersionKindType, true),
  declField('requestResource', groupVersionResourceType, true),
  declField('requestSubResource', stringType, false),
  declField('name', stringType, true),
  declField('namespace', stringType, false),
  declField('operation', stringType, true),
  declField('userInfo', userInfoType, true),
  declField('dryRun', boolType, false),
  declField('options', dynType, false),
]);

const namespaceConditionType = objectType('kubernetes.NamespaceCondition', [
  declField('status', stringType, true),
  declField('type', stringType, true),
  declField('lastTransitionTime', timestampType, true),
  declField('message', stringType, true),
  declField('reason', stringType, true),
]);

export const namespaceObjectType: ObjectCelType = objectType('kubernetes.Namespace', [
  declField(
    'metadata',
    objectType('kubernetes.NamespaceMetadata', [
      declField('name', stringType, true),
      declField('generateName', stringType, true),
      declField('namespace', stringType, true),
      declField('labels', mapOf(stringType, stringType), true),
      declField('annotations', mapOf(stringType, stringType), true),
      // Kubernetes spells it UID here, unlike metadata.uid of the object itself.
      declField('UID', stringType, true),
      declField('creationTimestamp', timestampType, true),
      declField('deletionGracePeriodSeconds', intType, true),
      declField('deletionTimestamp', timestampType, true),
      declField('generation', intType, true),
      declField('resourceVersion', stringType, true),
      declField('finalizers', listOf(stringType), true),
    ]),
    true,
  ),
  declField('spec', objectType('kubernetes.NamespaceSpec', [declField('finalizers', listOf(stringType), true)]), true),
  declField('status', objectType('kubernetes.NamespaceStatus', [declField('conditions', listOf(namespaceConditionType), true), declField('phase', stringType, true)]), true),
]);
