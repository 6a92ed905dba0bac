// The message types Kubernetes declares for the expressions of MutatingAdmissionPolicy mutations
// (k8s.io/apiserver's mutation.DynamicTypeResolver): `Object` and every `Object.<field>...` name,
// the types of an ApplyConfiguration's parts, which accept any field of any type since nothing
// is known of the object's schema; and `JSONPatch`, one RFC 6902 operation.

import { dynType, objectType, stringType, untypedFieldType, type DeclField, type ObjectCelType } from './cel-types.ts';

export const patchObjectTypeName = 'Object';
export const jsonPatchTypeName = 'JSONPatch';

const stringField = (name: string): DeclField => ({ name, propertyName: name, type: stringType, required: false });

/** JSONPatch: op, path and from are strings, value any value; any other field is found without a type. */
export const jsonPatchType: ObjectCelType = {
  ...objectType(jsonPatchTypeName, [stringField('op'), stringField('path'), stringField('from'), { name: 'value', propertyName: 'value', type: dynType, required: false }]),
  otherFields: untypedFieldType,
};

/** Whether a name is `Object` or one of its field paths (`Object.spec.template`). */
export const isPatchObjectTypeName = (name: string): boolean => name === patchObjectTypeName || name.startsWith(`${patchObjectTypeName}.`);

/** A dynamic object type: any field name, each field dyn. */
export const patchObjectType = (name: string): ObjectCelType => ({ ...objectType(name), otherFields: dynType });

/** The mutation type of that name, if it is one (the type provider of the patch types environment). */
export function resolvePatchType(name: string): ObjectCelType | undefined {
  if (name === jsonPatchTypeName) return jsonPatchType;
  return isPatchObjectTypeName(name) ? patchObjectType(name) : undefined;
}
