// Kubernetes' authorizer library for CEL: the `authorizer` variable and the checks built from it,
// `authorizer.path(p).check(verb)` and `authorizer.group(g).resource(r)[.subresource(s)]
// [.namespace(n)][.name(n)][.fieldSelector(s)][.labelSelector(s)].check(verb)`, whose Decision
// answers allowed(), reason(), errored() and error(); `authorizer.serviceAccount(ns, name)` asks
// as that service account. Builders are immutable values; only check() calls the authorizer.

import { noSuchOverload, type FunctionImpl, type FunctionOverloads, type FunctionTable } from '../interpreter/functions.ts';
import { CelError, CelType, type CelLibraryValue, type CelValue } from '../values/values.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../validation/name-formats.ts';
import { LabelSelectorError, parseLabelSelector, type LabelRequirement } from '../../selectors/label-selector.ts';
import { FieldSelectorError, parseFieldSelector } from '../../selectors/field-selector.ts';
import { actualSize, nominalCost, stringTraversalCostFactor } from './call-cost.ts';
import { serviceAccountUser, type Authorizer, type AuthorizerAttributes, type AuthorizerDecision, type UserInfo } from './authorizer.ts';
import { errorMessage } from '../../text/error-message.ts';

export const authorizerTypeValue = new CelType('kubernetes.authorization.Authorizer');
export const pathCheckTypeValue = new CelType('kubernetes.authorization.PathCheck');
export const groupCheckTypeValue = new CelType('kubernetes.authorization.GroupCheck');
export const resourceCheckTypeValue = new CelType('kubernetes.authorization.ResourceCheck');
export const decisionTypeValue = new CelType('kubernetes.authorization.Decision');

/** Kubernetes' values of this library have no equality: `==` on them is an error. */
abstract class AuthzValue implements CelLibraryValue {
  abstract readonly celType: CelType;
  equals(): CelError {
    return new CelError('no such overload');
  }
}

/** The value of the `authorizer` variable: an authorizer and the user it asks for. */
export class CelAuthorizer extends AuthzValue {
  readonly celType = authorizerTypeValue;
  readonly authorizer: Authorizer;
  readonly user: UserInfo;
  constructor(authorizer: Authorizer, user: UserInfo) {
    super();
    this.authorizer = authorizer;
    this.user = user;
  }
}

export class CelPathCheck extends AuthzValue {
  readonly celType = pathCheckTypeValue;
  readonly authorizer: CelAuthorizer;
  readonly path: string;
  constructor(authorizer: CelAuthorizer, path: string) {
    super();
    this.authorizer = authorizer;
    this.path = path;
  }
}

export class CelGroupCheck extends AuthzValue {
  readonly celType = groupCheckTypeValue;
  readonly authorizer: CelAuthorizer;
  readonly group: string;
  constructor(authorizer: CelAuthorizer, group: string) {
    super();
    this.authorizer = authorizer;
    this.group = group;
  }
}

/** What a resource check asks about; "" means unset (the cluster scope, any name, no selector). */
export interface ResourceCheckFields {
  readonly resource: string;
  readonly subresource: string;
  readonly namespace: string;
  readonly name: string;
  readonly fieldSelector: string;
  readonly labelSelector: string;
}

export class CelResourceCheck extends AuthzValue {
  readonly celType = resourceCheckTypeValue;
  readonly groupCheck: CelGroupCheck;
  readonly fields: ResourceCheckFields;
  constructor(groupCheck: CelGroupCheck, fields: ResourceCheckFields) {
    super();
    this.groupCheck = groupCheck;
    this.fields = fields;
  }
  with(change: Partial<ResourceCheckFields>): CelResourceCheck {
    return new CelResourceCheck(this.groupCheck, { ...this.fields, ...change });
  }
}

export class CelDecision extends AuthzValue {
  readonly celType = decisionTypeValue;
  readonly decision: AuthorizerDecision;
  constructor(decision: AuthorizerDecision) {
    super();
    this.decision = decision;
  }
}

/** The `authorizer` variable of an expression evaluated for a request by `user`. */
export const authorizerValue = (authorizer: Authorizer, user: UserInfo): CelAuthorizer => new CelAuthorizer(authorizer, user);

/** The resource of a request, as admission sees it (kube's library.Resource). */
export interface RequestResource {
  readonly group: string;
  readonly resource: string;
  readonly subresource: string;
  readonly namespace: string;
  readonly name: string;
}

/**
 * The `authorizer.requestResource` variable of admission: a resource check of the request's own
 * resource (kube builds it without the emptiness check of resource()).
 */
export function requestResourceAuthorizerValue(authorizer: Authorizer, user: UserInfo, request: RequestResource): CelResourceCheck {
  const groupCheck = new CelGroupCheck(authorizerValue(authorizer, user), request.group);
  const { resource, subresource, namespace, name } = request;
  return new CelResourceCheck(groupCheck, { resource, subresource, namespace, name, fieldSelector: '', labelSelector: '' });
}

type Receiver<T> = abstract new (...args: never[]) => T;

/** `target.f(s)` on one receiver class with a string argument. */
function withString<T>(name: string, receiver: Receiver<T>, call: (target: T, text: string) => CelValue): FunctionImpl {
  return (args) => {
    const [target, text] = args;
    return target instanceof receiver && typeof text === 'string' && args.length === 2 ? call(target, text) : noSuchOverload(name);
  };
}

/** Empty once Go's strings.TrimSpace has removed its white space (unicode.IsSpace, as goSpace in strings.ts). */
const isBlank = (text: string): boolean => /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(text);

const pathCheck = (target: CelAuthorizer, path: string): CelValue => (isBlank(path) ? new CelError('path must not be empty') : new CelPathCheck(target, path));

const resourceCheck = (target: CelGroupCheck, resource: string): CelValue =>
  isBlank(resource)
    ? new CelError('resource must not be empty')
    : new CelResourceCheck(target, { resource, subresource: '', namespace: '', name: '', fieldSelector: '', labelSelector: '' });

const serviceAccount: FunctionImpl = (args) => {
  const [target, namespace, name] = args;
  if (!(target instanceof CelAuthorizer) || typeof namespace !== 'string' || typeof name !== 'string' || args.length !== 3) return noSuchOverload('serviceAccount');
  // kube checks the name first.
  if (isDNS1123Subdomain(name).length > 0) return new CelError('Invalid service account name');
  if (isDNS1123Label(namespace).length > 0) return new CelError('Invalid service account namespace');
  return new CelAuthorizer(target.authorizer, serviceAccountUser(namespace, name));
};

function ask(authorizer: CelAuthorizer, attributes: AuthorizerAttributes): CelDecision {
  try {
    return new CelDecision(authorizer.authorizer.authorize(attributes));
  } catch (error) {
    // A synchronous authorizer that throws failed as a Go one returning an error does.
    return new CelDecision({ decision: 'noOpinion', reason: '', error: errorMessage(error) });
  }
}

function checkPath(target: CelPathCheck, verb: string): CelValue {
  return ask(target.authorizer, {
    user: target.authorizer.user,
    verb,
    resourceRequest: false,
    path: target.path,
    apiGroup: '',
    apiVersion: '',
    resource: '',
    subresource: '',
    namespace: '',
    name: '',
  });
}

function checkResource(target: CelResourceCheck, verb: string): CelValue {
  const { authorizer, group } = target.groupCheck;
  const { resource, subresource, namespace, name, fieldSelector, labelSelector } = target.fields;
  return ask(authorizer, {
    user: authorizer.user,
    verb,
    resourceRequest: true,
    path: '',
    apiGroup: group,
    apiVersion: '*',
    resource,
    subresource,
    namespace,
    name,
    ...(fieldSelector === '' ? {} : fieldSelectorAttributes(fieldSelector)),
    ...(labelSelector === '' ? {} : labelSelectorAttributes(labelSelector)),
  });
}

/** A selector that does not parse is no CEL error: the check goes on without it, its error attached. */
function fieldSelectorAttributes(selector: string): Pick<AuthorizerAttributes, 'fieldSelectorRequirements' | 'fieldSelectorParsingError'> {
  try {
    // A term with neither field nor value ("=") selects everything: it is no requirement.
    return { fieldSelectorRequirements: parseFieldSelector(selector).filter(({ field, value }) => field !== '' || value !== '') };
  } catch (error) {
    if (error instanceof FieldSelectorError) return { fieldSelectorParsingError: error.message };
    throw error;
  }
}

function labelSelectorAttributes(selector: string): Pick<AuthorizerAttributes, 'labelSelectorRequirements' | 'labelSelectorParsingError'> {
  try {
    return { labelSelectorRequirements: parseLabelSelector(selector).map(withSortedValues).sort(byKey) };
  } catch (error) {
    if (error instanceof LabelSelectorError) return { labelSelectorParsingError: error.message };
    throw error;
  }
}

// kube's parser keeps the values of `in` and `notin` as a set (sorted, each once) and sorts the
// requirements by key.
function withSortedValues(requirement: LabelRequirement): LabelRequirement {
  return requirement.values.length < 2 ? requirement : { ...requirement, values: [...new Set(requirement.values)].sort() };
}

const byKey = (a: LabelRequirement, b: LabelRequirement): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

const decisionAccessor =
  (name: string, read: (decision: AuthorizerDecision) => CelValue): FunctionImpl =>
  (args) => {
    const [target] = args;
    return target instanceof CelDecision && args.length === 1 ? read(target.decision) : noSuchOverload(name);
  };

const resourceCheckSetter = (field: keyof ResourceCheckFields): FunctionImpl => withString(field, CelResourceCheck, (target, value) => target.with({ [field]: value }));

const checkPathOrResource: FunctionImpl = (args) =>
  args[0] instanceof CelPathCheck ? withString('check', CelPathCheck, checkPath)(args) : withString('check', CelResourceCheck, checkResource)(args);

export const authzFunctions: FunctionTable = new Map<string, FunctionOverloads>([
  ['path', { member: withString('path', CelAuthorizer, pathCheck) }],
  ['group', { member: withString('group', CelAuthorizer, (target, group) => new CelGroupCheck(target, group)) }],
  ['serviceAccount', { member: serviceAccount }],
  ['resource', { member: withString('resource', CelGroupCheck, resourceCheck) }],
  ['subresource', { member: resourceCheckSetter('subresource') }],
  ['namespace', { member: resourceCheckSetter('namespace') }],
  ['name', { member: resourceCheckSetter('name') }],
  ['fieldSelector', { member: resourceCheckSetter('fieldSelector') }],
  ['labelSelector', { member: resourceCheckSetter('labelSelector') }],
  ['check', { member: checkPathOrResource }],
  ['allowed', { member: decisionAccessor('allowed', (decision) => decision.decision === 'allow') }],
  ['reason', { member: decisionAccessor('reason', (decision) => decision.reason) }],
  ['errored', { member: decisionAccessor('errored', (decision) => decision.error !== undefined) }],
  ['error', { member: decisionAccessor('error', (decision) => decision.error ?? '') }],
]);

// Kubernetes' estimate of a selector's parse: a list (10), a tenth of its length to read it, and
// for every two characters (the shortest requirement, "k,") a requirement struct (40) and its values list (10).
const selectorListCost = 10;
const selectorRequirementsPerCharacter = 0.5;
const selectorRequirementCost = 10 + 40;

/** The cost of parsing a selector of the given length (in code points). */
export function selectorCost(length: number): number {
  return selectorListCost + Math.ceil(length * stringTraversalCostFactor) + Math.ceil(length * selectorRequirementsPerCharacter) * selectorRequirementCost;
}

/** An authorization check's fixed cost, set by Kubernetes to allow two checks per expression. */
export const authorizationCheckCost = 350_000;

const nominal = { kind: 'nominal', actual: nominalCost } as const;

/**
 * Each call's cost as Kubernetes accounts it (library/cost.go), by function name: check() costs
 * 350,000 at run time and in the estimate; fieldSelector() and labelSelector() cost
 * selectorCost(size of the selector) (the estimate applies it to the bounds of the size); every
 * builder and accessor is nominal. Equality of these values costs 1.
 */
export const authzCosts = {
  check: { kind: 'fixed', cost: authorizationCheckCost, actual: (): number => authorizationCheckCost },
  serviceAccount: nominal,
  path: nominal,
  group: nominal,
  resource: nominal,
  subresource: nominal,
  namespace: nominal,
  name: nominal,
  allowed: nominal,
  reason: nominal,
  error: nominal,
  errored: nominal,
  fieldSelector: { kind: 'selector', estimate: selectorCost, actual: (args: readonly CelValue[]): number => selectorCost(actualSize(args[1])) },
  labelSelector: { kind: 'selector', estimate: selectorCost, actual: (args: readonly CelValue[]): number => selectorCost(actualSize(args[1])) },
} as const;
