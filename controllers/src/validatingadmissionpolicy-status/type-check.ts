// kube's ValidatingAdmissionPolicy TypeChecker: each validation's expression and messageExpression
// compiled against the schema of every kind its matchConstraints name exactly (no wildcards, at
// most 10 kinds), with `params` typed by the paramKind's schema when there is one. What does not
// compile for a kind becomes a warning of the policy's status.typeChecking, naming the kind.

import {
  admissionTypeIdentifiers,
  compileExpression,
  formatIssues,
  kubernetesEnvSet,
  resourceObjectType,
  typeCheckingVariables,
  VariableComposition,
  type CelType,
  type OpenApiV3Schema,
  type TypeCheckingTypes,
} from '@capstan/common/cel';
import type { ExpressionWarning, ValidatingAdmissionPolicy } from '@capstan/common/api-types/admissionregistration-v1';
import type { GroupVersionKind } from './schema-resolver.ts';

/** What the checker reads: the kind of a resource, and a kind's resolved schema. */
export interface TypeCheckSources {
  kindOf(group: string, version: string, resource: string): GroupVersionKind | undefined;
  schemaOf(gvk: GroupVersionKind): Promise<OpenApiV3Schema | undefined>;
}

/** kube's maxTypesToCheck. */
const maxTypesToCheck = 10;

/** A Go schema.GroupVersionKind as %v prints it. */
const gvkText = (gvk: GroupVersionKind): string => `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;

/** Go's strings.Compare, by bytes (the names are ASCII). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const exact = (values: readonly string[] | undefined, forbidden: RegExp): string[] | undefined => {
  const list = values ?? [];
  return list.some((value) => forbidden.test(value)) ? undefined : [...list].sort(compare);
};

const compareGvk = (a: GroupVersionKind, b: GroupVersionKind): number => compare(a.group, b.group) || compare(a.version, b.version) || compare(a.kind, b.kind);

/** kube's typesToCheck: the kinds of the rules' exact groups, versions and resources (subresources left out). */
function typesToCheck(policy: ValidatingAdmissionPolicy, sources: TypeCheckSources): GroupVersionKind[] {
  const found = new Map<string, GroupVersionKind>();
  let count = 0;
  for (const rule of policy.spec?.matchConstraints?.resourceRules ?? []) {
    const groups = exact(rule.apiGroups, /\*/);
    const versions = exact(rule.apiVersions, /\*/);
    const resources = [...(rule.resources ?? [])].filter((resource) => !/[*/]/.test(resource)).sort(compare);
    if (groups === undefined || versions === undefined || groups.length === 0 || versions.length === 0 || resources.length === 0) continue;
    for (const group of groups) {
      for (const version of versions) {
        for (const resource of resources) {
          const gvk = sources.kindOf(group, version, resource);
          if (gvk === undefined) continue;
          found.set(gvkText(gvk), gvk);
          if (++count === maxTypesToCheck) return [...found.values()].sort(compareGvk);
        }
      }
    }
  }
  return [...found.values()].sort(compareGvk);
}

function paramsKindOf(policy: ValidatingAdmissionPolicy): GroupVersionKind | undefined {
  const paramKind = policy.spec?.paramKind;
  if (paramKind?.apiVersion === undefined || paramKind.kind === undefined) return undefined;
  const parts = paramKind.apiVersion.split('/');
  if (parts.length > 2) return undefined;
  const [group, version] = parts.length === 1 ? ['', parts[0] as string] : (parts as [string, string]);
  return { group, version, kind: paramKind.kind };
}

/** One expression against one kind's types: its compilation error, or undefined. */
function issuesOf(expression: string, policy: ValidatingAdmissionPolicy, types: TypeCheckingTypes): string | undefined {
  const environment = kubernetesEnvSet().storedExpressions;
  const variables = policy.spec?.variables ?? [];
  const typeIdentifiers = admissionTypeIdentifiers(variables.length > 0, types.object, ...(types.params === undefined ? [] : [types.params]));
  const declarations = typeCheckingVariables(types);
  const composition = new VariableComposition(environment, new Map([...typeIdentifiers, ...declarations]));
  // Variables that do not compile are not reported here (their uses are, as dyn).
  for (const variable of variables) composition.add(variable.name, variable.expression);
  const result = compileExpression(expression, { environment, variables: new Map([...typeIdentifiers, ...composition.declarations(declarations)]) });
  // kube's warning quotes the checker's issues alone, without the admission compiler's prefix.
  return result.ok ? undefined : formatIssues(expression, result.issues);
}

/** The warnings of status.typeChecking, in kube's order: each validation's expression, then its messageExpression. */
export async function typeCheckPolicy(policy: ValidatingAdmissionPolicy, sources: TypeCheckSources): Promise<ExpressionWarning[]> {
  const kinds: { readonly gvk: GroupVersionKind; readonly object: CelType }[] = [];
  for (const gvk of typesToCheck(policy, sources)) {
    const schema = await sources.schemaOf(gvk);
    const object = schema === undefined ? undefined : resourceObjectType(schema, gvk.kind);
    if (object !== undefined) kinds.push({ gvk, object });
  }
  const paramsKind = paramsKindOf(policy);
  const paramsSchema = paramsKind === undefined ? undefined : await sources.schemaOf(paramsKind);
  const params = paramsSchema === undefined || paramsKind === undefined ? undefined : resourceObjectType(paramsSchema, paramsKind.kind);
  const check = (expression: string, fieldRef: string): ExpressionWarning[] => {
    const found = kinds.flatMap(({ gvk, object }) => {
      const issues = issuesOf(expression, policy, params === undefined ? { object } : { object, params });
      return issues === undefined ? [] : [`${gvkText(gvk)}: ${issues}\n`];
    });
    return found.length === 0 ? [] : [{ fieldRef, warning: found.join('\n') }];
  };
  return (policy.spec?.validations ?? []).flatMap((validation, i) => [
    ...check(validation.expression, `spec.validations[${i}].expression`),
    ...(validation.messageExpression === undefined || validation.messageExpression === '' ? [] : check(validation.messageExpression, `spec.validations[${i}].messageExpression`)),
  ]);
}
