// The variables of admission expressions (ValidatingAdmissionPolicy and MutatingAdmissionPolicy
// validations, audit annotations, messageExpressions, mutations and match conditions, and the match
// conditions of admission webhooks), as k8s.io/apiserver's admission CEL compiler declares them:
// `object` and `oldObject` (dyn), `request` (kubernetes.AdmissionRequest), `namespaceObject`
// (kubernetes.Namespace), and, as the use asks, `params` (dyn) and `authorizer` with
// `authorizer.requestResource`. The `variables` of a policy are composed in variable-composition.ts.

import { authorizerType, dynType, objectType, resourceCheckType, type CelType } from '../types/cel-types.ts';
import { assignTypeNames } from '../types/object-type-names.ts';
import { schemaCelType, type OpenApiV3Schema } from '../types/schema-types.ts';
import { admissionRequestType, namespaceObjectType } from './admission-types.ts';
import { declaredTypeIdentifiers } from './declared-type-identifiers.ts';
import { uniqueTypeName } from './unique-type-name.ts';
import { variablesTypeName } from './variable-composition.ts';

/**
 * Kubernetes' OptionalVariableDeclarations. What the 1.35 admission plugins declare: policies'
 * validations, audit annotations, variables, mutations and match conditions {hasParams: the policy
 * has a paramKind, hasAuthorizer: true}; validations' messageExpressions {hasParams: as the policy,
 * hasAuthorizer: false}; webhooks' match conditions {hasParams: false, hasAuthorizer: true}, without
 * `variables`. Kubernetes' third option, HasPatchTypes (mutations), adds the Object and JSONPatch
 * message types and jsonpatch.escapeKey: it is an option of the environment, not of the variables
 * (kubernetesEnvSet({ patchTypes: true })).
 */
export interface AdmissionVariableOptions {
  /** `params` is declared (dyn; null at run time when the binding refers to no parameters). */
  readonly hasParams: boolean;
  /** `authorizer` and `authorizer.requestResource` are declared. */
  readonly hasAuthorizer: boolean;
}

/** The variables of an admission expression, without `variables` (see VariableComposition). */
export function admissionVariables(options: AdmissionVariableOptions): Map<string, CelType> {
  const variables = new Map<string, CelType>([
    ['object', dynType],
    ['oldObject', dynType],
    ['namespaceObject', namespaceObjectType],
    ['request', admissionRequestType],
  ]);
  if (options.hasParams) variables.set('params', dynType);
  if (options.hasAuthorizer) {
    variables.set('authorizer', authorizerType);
    // One variable with a dotted name: `authorizer.requestResource` resolves as a whole.
    variables.set('authorizer.requestResource', resourceCheckType);
  }
  return variables;
}

/**
 * The type of a kind's objects for policy type checking: its (fully resolved) schema as a resource
 * root, named `<Kind><nanoseconds>` unless a name is given; undefined when the schema has no CEL type.
 */
export function resourceObjectType(schema: OpenApiV3Schema, kind: string, typeName = uniqueTypeName(kind)): CelType | undefined {
  const type = schemaCelType(schema, true);
  return type === undefined ? undefined : assignTypeNames(type, typeName);
}

/**
 * The type identifiers of admission environments (see declared-type-identifiers.ts): the request
 * and namespace types, plus kubernetes.variables for a policy's expressions (registered while it had
 * no fields, so its fields bring none).
 */
export function admissionTypeIdentifiers(withVariables: boolean, ...types: readonly CelType[]): Map<string, CelType> {
  return declaredTypeIdentifiers([namespaceObjectType, admissionRequestType, ...types, ...(withVariables ? [objectType(variablesTypeName)] : [])]);
}

export interface TypeCheckingTypes {
  /** The type of the matched kind's objects (see resourceObjectType). */
  readonly object: CelType;
  /** The type of the paramKind's objects, when the policy has a paramKind whose schema is known. */
  readonly params?: CelType;
}

/**
 * The variables with which Kubernetes type checks a ValidatingAdmissionPolicy's validations for the
 * warnings of its status (status.typeChecking): the same as admissionVariables, except that `object`
 * and `oldObject` are typed by the schema of each matched kind, `params` is declared only when the
 * paramKind's schema is known (and then typed by it), and only `authorizer` is declared, not
 * `authorizer.requestResource`. Kubernetes checks these against the stored expressions environment.
 */
export function typeCheckingVariables(types: TypeCheckingTypes): Map<string, CelType> {
  const variables = new Map<string, CelType>([
    ['namespaceObject', namespaceObjectType],
    ['request', admissionRequestType],
    ['object', types.object],
    ['oldObject', types.object],
  ]);
  if (types.params !== undefined) variables.set('params', types.params);
  variables.set('authorizer', authorizerType);
  return variables;
}
