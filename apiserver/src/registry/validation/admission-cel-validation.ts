// The CEL expressions of admission objects, compiled when the object is written, as kube-apiserver
// compiles them: a ValidatingAdmissionPolicy's match conditions, variables, validations,
// messageExpressions and audit annotations, and the match conditions of admission webhooks. An
// expression is checked with the variables of its use, must evaluate to its use's type, and must
// plan into a program. On update, an expression the old object already held is compiled in the
// stored expressions environment (so a rollback of the compatibility version does not make it
// unwritable), and match conditions that did not change are not compiled again at all.

import { isDeepStrictEqual } from 'node:util';
import { fieldInternalError, fieldInvalid, type FieldError } from '@capstan/common';
import {
  admissionTypeIdentifiers,
  admissionVariables,
  celTypeName,
  compileExpression,
  formatIssues,
  kubernetesEnvSet,
  missingTypeConversion,
  undefinedTypeReference,
  VariableComposition,
  type CelEnvironment,
  type CelEnvSet,
  type CelType,
} from '@capstan/common/cel';
import { objectOf, objectsAt, stringOf } from '../defaulting/json-fields.ts';
import type { JsonObject } from '../object-meta.ts';

type Declarations = ReadonlyMap<string, CelType>;

/** The types a use's result must have, as cel-go names them; undefined: any type. */
type ResultTypes = readonly string[] | undefined;

const boolResult: ResultTypes = ['bool'];
const stringResult: ResultTypes = ['string'];
const auditAnnotationResult: ResultTypes = ['string', 'null_type'];

type Compilation = { readonly ok: true; readonly type: CelType } | { readonly ok: false; readonly internal: boolean; readonly detail: string };

/**
 * Kube's admission compiler: "compilation failed: <issues>" for what does not parse or check, "must
 * evaluate to ..." for a result of another type (only an exact match counts, so dyn is not bool),
 * and, as an internal error, "program instantiation failed: ..." for a reference to a type name.
 */
function compile(source: string, environment: CelEnvironment, declarations: Declarations, typeIdentifiers: Declarations, resultTypes: ResultTypes): Compilation {
  const result = compileExpression(source, { environment, variables: new Map([...typeIdentifiers, ...declarations]) });
  if (!result.ok) return { ok: false, internal: false, detail: `compilation failed: ${formatIssues(source, result.issues)}` };
  const { checked } = result.compiled;
  const got = celTypeName(checked.type);
  if (resultTypes !== undefined && !resultTypes.includes(got)) {
    const wanted = resultTypes.length === 1 ? resultTypes[0] : `one of [${resultTypes.join(' ')}]`;
    return { ok: false, internal: false, detail: `must evaluate to ${wanted} but got ${got}` };
  }
  // A mutation's Object and JSONPatch values must convert to protobuf, which an untyped field cannot.
  const unconvertible = missingTypeConversion(checked);
  if (unconvertible !== undefined) return { ok: false, internal: true, detail: `unexpected compilation error: ${unconvertible}` };
  const unplannable = undefinedTypeReference(checked, typeIdentifiers);
  if (unplannable !== undefined) return { ok: false, internal: true, detail: `program instantiation failed: ${unplannable}` };
  return { ok: true, type: checked.type };
}

/** An Invalid error quotes the expression as kube's accessor holds it (trimmed or not, by use). */
const compilationErrors = (compilation: Compilation, path: string, quoted: string): FieldError[] =>
  compilation.ok ? [] : [compilation.internal ? fieldInternalError(path, compilation.detail) : fieldInvalid(path, quoted, compilation.detail)];

const expressionsOf = (objects: readonly JsonObject[], key: string): Set<string> => new Set(objects.map((object) => stringOf(object[key])));

/** Compiles a match condition: bool, with `authorizer`, `params` as the owner declares it, no `variables`. */
function matchConditionErrors(envSet: CelEnvSet, stored: ReadonlySet<string>, hasParams: boolean): (expression: string, path: string) => FieldError[] {
  const declarations = admissionVariables({ hasParams, hasAuthorizer: true });
  const typeIdentifiers = admissionTypeIdentifiers(false);
  return (expression, path) => {
    // Kube compiles the trimmed expression and looks it up, trimmed, among the old untrimmed ones.
    const environment = stored.has(expression) ? envSet.storedExpressions : envSet.newExpressions;
    return compilationErrors(compile(expression, environment, declarations, typeIdentifiers, boolResult), path, expression);
  };
}

/**
 * The compilation of one ValidatingAdmissionPolicy's expressions, in the order kube validates them:
 * variables first (each sees the ones before it), then validations and audit annotations (which see
 * them all). Match conditions are compiled apart from the variables.
 */
export class PolicyExpressions {
  /** False on an update that keeps the paramKind and the match conditions: kube skips their validation. */
  readonly checksMatchConditions: boolean;
  /** The compilation of a match condition's (trimmed) expression. */
  readonly matchCondition: (expression: string, path: string) => FieldError[];
  readonly #envSet: CelEnvSet;
  readonly #hasParams: boolean;
  readonly #typeIdentifiers: Declarations;
  readonly #composition: VariableComposition | undefined;
  readonly #stored: { readonly validations: ReadonlySet<string>; readonly messageExpressions: ReadonlySet<string>; readonly auditAnnotations: ReadonlySet<string> };

  readonly #mutations: { readonly envSet: CelEnvSet; readonly stored: ReadonlySet<string> } | undefined;

  /**
   * `mutating`: a MutatingAdmissionPolicy, whose expressions kube's composited compiler always
   * compiles with `variables` declared, and whose mutations see the patch types.
   */
  constructor(policy: JsonObject, old?: JsonObject, envSet: CelEnvSet = kubernetesEnvSet(), mutating = false) {
    const spec = objectOf(policy.spec);
    const oldSpec = objectOf(old?.spec);
    this.#envSet = envSet;
    this.#hasParams = spec.paramKind !== undefined && spec.paramKind !== null;
    const oldValidations = objectsAt(oldSpec, 'validations');
    this.#stored = {
      validations: expressionsOf(oldValidations, 'expression'),
      messageExpressions: expressionsOf(oldValidations, 'messageExpression'),
      auditAnnotations: expressionsOf(objectsAt(oldSpec, 'auditAnnotations'), 'valueExpression'),
    };
    this.checksMatchConditions =
      old === undefined ||
      !isDeepStrictEqual(spec.paramKind ?? null, oldSpec.paramKind ?? null) ||
      !isDeepStrictEqual(spec.matchConditions ?? null, oldSpec.matchConditions ?? null);
    this.matchCondition = matchConditionErrors(envSet, expressionsOf(objectsAt(oldSpec, 'matchConditions'), 'expression'), this.#hasParams);
    // Kube declares `variables` (kubernetes.variables) only to the expressions of a policy that has some.
    const hasVariables = mutating || objectsAt(spec, 'variables').length > 0;
    // Kube looks both kinds of mutation up among the old object's applyConfiguration expressions.
    const oldMutations = objectsAt(oldSpec, 'mutations').map((mutation) => objectOf(mutation.applyConfiguration));
    this.#mutations = mutating ? { envSet: kubernetesEnvSet({ patchTypes: true }), stored: expressionsOf(oldMutations, 'expression') } : undefined;
    this.#typeIdentifiers = admissionTypeIdentifiers(hasVariables);
    // Variables are compiled here, each in its own environment, and only declared to the composition.
    this.#composition = hasVariables ? new VariableComposition(envSet.newExpressions, new Map()) : undefined;
  }

  /**
   * A variable's expression, of any type, added to `variables` for the ones after it (as dyn when it
   * does not compile). Kube picks its environment by looking the expression up among the old
   * object's validation expressions, not its variables.
   */
  variable(name: string, expression: string, path: string): FieldError[] {
    const compilation = this.#compile(expression, this.#stored.validations, true, undefined);
    this.#composition?.declare(name, compilation.ok ? compilation.type : undefined);
    return compilationErrors(compilation, path, expression);
  }

  validation(expression: string, path: string): FieldError[] {
    return compilationErrors(this.#compile(expression, this.#stored.validations, true, boolResult), path, expression);
  }

  /** A validation's messageExpression: a string, without `authorizer`. */
  messageExpression(expression: string, path: string): FieldError[] {
    return compilationErrors(this.#compile(expression, this.#stored.messageExpressions, false, stringResult), path, expression);
  }

  /** An audit annotation's value: compiled trimmed, quoted and looked up among the old ones as written. */
  auditAnnotation(valueExpression: string, path: string): FieldError[] {
    const compilation = this.#compile(valueExpression.trim(), this.#stored.auditAnnotations, true, auditAnnotationResult, valueExpression);
    return compilationErrors(compilation, path, valueExpression);
  }

  /** A mutation's (trimmed) expression: an ApplyConfiguration's must give an Object, a JSONPatch's a list(JSONPatch). */
  mutation(patchType: 'ApplyConfiguration' | 'JSONPatch', expression: string, path: string): FieldError[] {
    const mutations = this.#mutations;
    if (mutations === undefined) throw new Error('mutation expressions belong to mutating policies');
    const resultTypes = patchType === 'ApplyConfiguration' ? ['Object'] : ['list(JSONPatch)'];
    return compilationErrors(this.#compile(expression, mutations.stored, true, resultTypes, expression, mutations.envSet), path, expression);
  }

  #compile(source: string, stored: ReadonlySet<string>, hasAuthorizer: boolean, resultTypes: ResultTypes, asStored = source, envSet = this.#envSet): Compilation {
    const environment = stored.has(asStored) ? envSet.storedExpressions : envSet.newExpressions;
    const variables = admissionVariables({ hasParams: this.#hasParams, hasAuthorizer });
    const declarations = this.#composition === undefined ? variables : this.#composition.declarations(variables);
    return compile(source, environment, declarations, this.#typeIdentifiers, resultTypes);
  }
}

/**
 * The compilation of the match conditions of a webhook configuration's webhooks (no `params`), or
 * undefined on an update that keeps every webhook's match conditions: kube skips their validation.
 */
export function webhookMatchConditions(
  configuration: JsonObject,
  old?: JsonObject,
  envSet: CelEnvSet = kubernetesEnvSet(),
): ((expression: string, path: string) => FieldError[]) | undefined {
  const webhooks = objectsAt(configuration, 'webhooks');
  const oldWebhooks = objectsAt(objectOf(old), 'webhooks');
  const unchanged =
    old !== undefined &&
    webhooks.length === oldWebhooks.length &&
    webhooks.every((webhook, i) => isDeepStrictEqual(webhook.matchConditions ?? null, oldWebhooks[i]!.matchConditions ?? null));
  if (unchanged) return undefined;
  const stored = new Set(oldWebhooks.flatMap((webhook) => [...expressionsOf(objectsAt(webhook, 'matchConditions'), 'expression')]));
  return matchConditionErrors(envSet, stored, false);
}
