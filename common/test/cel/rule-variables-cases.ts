// What Kubernetes 1.35 (k8s.io/apiserver v0.35.0, cel-go v0.26.0, compatibility version 1.34) answers
// when it compiles these expressions with the variables of each use: custom resource rules (self and
// oldSelf typed by a node of crdSchema, root named selfType1), admission expressions (request,
// namespaceObject, object, oldObject, params, authorizer, composed variables), the type checking of
// policies (object typed by deploymentSchema as Deployment1, params by configMapSchema as ConfigMap2)
// and authorization webhooks' match conditions. Measured with a throwaway Go program that uses
// k8s.io/apiserver's admission and authorization compilers; test data only.

import type { OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';

export interface Answer {
  readonly expr: string;
  readonly type?: string;
  readonly error?: string;
}

export interface CrdRuleCase extends Answer {
  /** The path of the rule's schema node in crdSchema. */
  readonly node: readonly string[];
  readonly optionalOldSelf: boolean;
}

export interface PolicyVariable {
  readonly name: string;
  readonly expression: string;
  /** What Kubernetes answered for the variable: its type or its issues. */
  readonly result: string;
}

export interface AdmissionCase extends Answer {
  readonly hasParams: boolean;
  readonly hasAuthorizer: boolean;
  /** The policy's variables (a key of policyVariableSets), checked by its composited compiler; none: a webhook's compiler. */
  readonly variableSet?: string;
}

export interface TypeCheckingCase extends Answer {
  /** Whether the paramKind's schema (configMapSchema) is known. The variables are policyVariableSets.typeChecking. */
  readonly params: boolean;
}

export const crdSchema: OpenApiV3Schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['replicas'],
      properties: {
        replicas: {
          type: 'integer',
        },
        name: {
          type: 'string',
          maxLength: 63,
        },
        ratio: {
          type: 'number',
        },
        port: {
          'x-kubernetes-int-or-string': true,
        },
        tags: {
          type: 'array',
          items: {
            type: 'string',
          },
          'x-kubernetes-list-type': 'set',
        },
        containers: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: {
                type: 'string',
              },
              image: {
                type: 'string',
              },
            },
          },
        },
        labels: {
          type: 'object',
          additionalProperties: {
            type: 'string',
          },
        },
        free: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
        },
        freeWithProps: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          properties: {
            known: {
              type: 'string',
            },
          },
        },
        untyped: {
          'x-kubernetes-preserve-unknown-fields': true,
        },
        untypedList: {
          type: 'array',
          items: {
            'x-kubernetes-preserve-unknown-fields': true,
          },
        },
        embedded: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          'x-kubernetes-preserve-unknown-fields': true,
        },
        embeddedTyped: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: {
            spec: {
              type: 'object',
              properties: {
                x: {
                  type: 'integer',
                },
              },
            },
          },
        },
        namespace: {
          type: 'string',
        },
        created: {
          type: 'string',
          format: 'date-time',
        },
        timeout: {
          type: 'string',
          format: 'duration',
        },
        data: {
          type: 'string',
          format: 'byte',
        },
        'foo-bar': {
          type: 'string',
        },
      },
    },
    status: {
      type: 'object',
      properties: {
        phase: {
          type: 'string',
        },
      },
    },
  },
};

export const deploymentSchema: OpenApiV3Schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        replicas: {
          type: 'integer',
        },
        selector: {
          type: 'object',
          properties: {
            matchLabels: {
              type: 'object',
              additionalProperties: {
                type: 'string',
              },
            },
          },
        },
      },
    },
    status: {
      type: 'object',
      properties: {
        readyReplicas: {
          type: 'integer',
        },
      },
    },
  },
};

export const configMapSchema: OpenApiV3Schema = {
  type: 'object',
  properties: {
    metadata: {
      type: 'object',
      properties: {
        name: {
          type: 'string',
        },
        generateName: {
          type: 'string',
        },
        labels: {
          type: 'object',
          additionalProperties: {
            type: 'string',
          },
        },
      },
    },
    data: {
      type: 'object',
      additionalProperties: {
        type: 'string',
      },
    },
  },
};

export const policyVariableSets: Readonly<Record<string, readonly PolicyVariable[]>> = {
  policy: [
    { name: 'foo', expression: 'request.userInfo.groups', result: 'list(string)' },
    { name: 'bar', expression: 'variables.foo.size() > 1', result: 'bool' },
    { name: 'baz', expression: 'object.metadata.name', result: 'dyn' },
    { name: 'nsLabels', expression: 'namespaceObject.metadata.labels', result: 'map(string, string)' },
    { name: 'req', expression: 'request', result: 'kubernetes.AdmissionRequest' },
    { name: 'opt', expression: 'optional.of(1)', result: 'optional_type(int)' },
    { name: 'bad', expression: 'variables.later + 1', result: "ERROR: <input>:1:10: undefined field 'later'\n | variables.later + 1\n | .........^" },
    { name: 'later', expression: '1', result: 'int' },
    { name: 'ts', expression: 'namespaceObject.metadata.creationTimestamp', result: 'timestamp' },
    { name: 'lst', expression: '[request.userInfo]', result: 'list(kubernetes.UserInfo)' },
    { name: 'mp', expression: '{"a": request.kind}', result: 'map(string, kubernetes.GroupVersionKind)' },
    { name: 'nested', expression: '[{"a": [1u]}]', result: 'list(map(string, list(uint)))' },
    { name: 'nul', expression: 'null', result: 'null' },
    { name: 'dur', expression: 'duration("1s")', result: 'duration' },
    { name: 'ty', expression: 'type(1)', result: 'type(int)' },
    { name: 'dbl', expression: '1.5', result: 'double' },
    { name: 'byt', expression: 'b"x"', result: 'bytes' },
    { name: 'decision', expression: 'authorizer.requestResource.check("get")', result: 'kubernetes.authorization.Decision' },
    { name: 'selfref', expression: 'variables.selfref', result: "ERROR: <input>:1:10: undefined field 'selfref'\n | variables.selfref\n | .........^" },
    { name: 'usesParams', expression: 'params.spec', result: 'dyn' },
    { name: 'mapDyn', expression: 'object.metadata', result: 'dyn' },
    { name: 'emptyList', expression: '[]', result: 'list(dyn)' },
  ],
  order: [
    { name: 'a', expression: 'variables.b', result: "ERROR: <input>:1:10: undefined field 'b'\n | variables.b\n | .........^" },
    { name: 'b', expression: '2', result: 'int' },
    { name: 'c', expression: 'variables.a + variables.b', result: 'int' },
    { name: 'b', expression: '"replaced"', result: 'string' },
  ],
  withoutParams: [{ name: 'p', expression: 'params', result: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params\n | ^" }],
  none: [],
  typeChecking: [
    { name: 'v', expression: 'object.spec.replicas', result: 'int' },
    { name: 'w', expression: 'object.spec', result: 'Deployment1.spec' },
    { name: 'x', expression: 'Deployment1.spec', result: 'type(Deployment1.spec)' },
  ],
  typeCheckingWithoutParams: [
    { name: 'v', expression: 'object.spec.replicas', result: 'int' },
    { name: 'w', expression: 'object.spec', result: 'Deployment1.spec' },
    { name: 'x', expression: 'Deployment1.spec', result: 'type(Deployment1.spec)' },
  ],
};

export const crdRuleCases: readonly CrdRuleCase[] = [
  { node: [], optionalOldSelf: false, expr: 'self.spec.replicas', type: 'int' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.replicas > 1', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'self.metadata.name', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.metadata.generateName', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.metadata.labels', error: "ERROR: <input>:1:14: undefined field 'labels'\n | self.metadata.labels\n | .............^" },
  { node: [], optionalOldSelf: false, expr: 'self.apiVersion', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.kind', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec', type: 'selfType1.spec' },
  { node: [], optionalOldSelf: false, expr: 'self.status.phase', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.name.size() <= 63', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.ratio', type: 'double' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.port', type: 'dyn' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.tags', type: 'list(string)' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.containers', type: 'list(selfType1.spec.containers.@idx)' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.containers.all(c, c.name != "")', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.containers[0]', type: 'selfType1.spec.containers.@idx' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.labels', type: 'map(string, string)' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.labels["a"]', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.free', type: 'selfType1.spec.free' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.free.x', error: "ERROR: <input>:1:15: undefined field 'x'\n | self.spec.free.x\n | ..............^" },
  { node: [], optionalOldSelf: false, expr: 'self.spec.freeWithProps.known', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.untyped', error: "ERROR: <input>:1:10: undefined field 'untyped'\n | self.spec.untyped\n | .........^" },
  { node: [], optionalOldSelf: false, expr: 'self.spec.untypedList', error: "ERROR: <input>:1:10: undefined field 'untypedList'\n | self.spec.untypedList\n | .........^" },
  { node: [], optionalOldSelf: false, expr: 'self.spec.embedded', type: 'selfType1.spec.embedded' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.embedded.metadata.name', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.embedded.spec', error: "ERROR: <input>:1:19: undefined field 'spec'\n | self.spec.embedded.spec\n | ..................^" },
  { node: [], optionalOldSelf: false, expr: 'self.spec.embeddedTyped.spec.x', type: 'int' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.embeddedTyped.kind', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.namespace', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.__namespace__', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.created', type: 'timestamp' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.timeout', type: 'duration' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.data', type: 'bytes' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.foo__dash__bar', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.foo_bar', error: "ERROR: <input>:1:10: undefined field 'foo_bar'\n | self.spec.foo_bar\n | .........^" },
  { node: [], optionalOldSelf: false, expr: 'self + 1', error: "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(selfType1, int)'\n | self + 1\n | .....^" },
  {
    node: [],
    optionalOldSelf: false,
    expr: 'self.spec + 1',
    error: "ERROR: <input>:1:11: found no matching overload for '_+_' applied to '(selfType1.spec, int)'\n | self.spec + 1\n | ..........^",
  },
  { node: [], optionalOldSelf: false, expr: 'self == oldSelf', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.replicas >= oldSelf.spec.replicas', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'oldSelf.status', type: 'selfType1.status' },
  { node: [], optionalOldSelf: false, expr: 'has(self.spec.name)', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'has(oldSelf.spec)', type: 'bool' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.?name', type: 'optional_type(string)' },
  { node: [], optionalOldSelf: false, expr: 'self.spec.?name.orValue("")', type: 'string' },
  { node: [], optionalOldSelf: false, expr: 'self.foo', error: "ERROR: <input>:1:5: undefined field 'foo'\n | self.foo\n | ....^" },
  { node: [], optionalOldSelf: false, expr: 'selfType1', error: 'program instantiation failed: reference to undefined type: selfType1' },
  { node: [], optionalOldSelf: false, expr: 'selfType1.spec', error: 'program instantiation failed: reference to undefined type: selfType1.spec' },
  { node: [], optionalOldSelf: false, expr: 'selfType1.spec.tags', error: 'program instantiation failed: reference to undefined type: selfType1.spec.tags' },
  { node: [], optionalOldSelf: false, expr: 'selfType1.spec.labels', error: 'program instantiation failed: reference to undefined type: selfType1.spec.labels' },
  { node: [], optionalOldSelf: false, expr: 'type(self) == selfType1', error: 'program instantiation failed: reference to undefined type: selfType1' },
  { node: [], optionalOldSelf: false, expr: 'selfType1.spec.containers', error: 'program instantiation failed: reference to undefined type: selfType1.spec.containers' },
  {
    node: [],
    optionalOldSelf: false,
    expr: 'self.spec.containers[0] == selfType1.spec.containers',
    error:
      "ERROR: <input>:1:25: found no matching overload for '_==_' applied to '(selfType1.spec.containers.@idx, type(list(selfType1.spec.containers.@idx)))'\n | self.spec.containers[0] == selfType1.spec.containers\n | ........................^",
  },
  { node: [], optionalOldSelf: true, expr: 'oldSelf', type: 'optional_type(selfType1)' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.hasValue()', type: 'bool' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.value().spec.replicas', type: 'int' },
  { node: [], optionalOldSelf: true, expr: '!oldSelf.hasValue() || self.spec.replicas >= oldSelf.value().spec.replicas', type: 'bool' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.spec', type: 'optional_type(selfType1.spec)' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.spec.replicas', type: 'optional_type(int)' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.?spec', type: 'optional_type(selfType1.spec)' },
  { node: [], optionalOldSelf: true, expr: 'oldSelf.orValue(self).spec.replicas', type: 'int' },
  {
    node: [],
    optionalOldSelf: true,
    expr: 'self == oldSelf',
    error: "ERROR: <input>:1:6: found no matching overload for '_==_' applied to '(selfType1, optional_type(selfType1))'\n | self == oldSelf\n | .....^",
  },
  { node: [], optionalOldSelf: true, expr: 'oldSelf == optional.of(self)', type: 'bool' },
  {
    node: [],
    optionalOldSelf: true,
    expr: 'oldSelf.spec.replicas > 1',
    error: "ERROR: <input>:1:23: found no matching overload for '_>_' applied to '(optional_type(int), int)'\n | oldSelf.spec.replicas > 1\n | ......................^",
  },
  {
    node: [],
    optionalOldSelf: true,
    expr: 'oldSelf + 1',
    error: "ERROR: <input>:1:9: found no matching overload for '_+_' applied to '(optional_type(selfType1), int)'\n | oldSelf + 1\n | ........^",
  },
  { node: ['properties', 'spec'], optionalOldSelf: false, expr: 'self.replicas', type: 'int' },
  { node: ['properties', 'spec'], optionalOldSelf: false, expr: 'self.metadata', error: "ERROR: <input>:1:5: undefined field 'metadata'\n | self.metadata\n | ....^" },
  { node: ['properties', 'spec'], optionalOldSelf: false, expr: 'self.apiVersion', error: "ERROR: <input>:1:5: undefined field 'apiVersion'\n | self.apiVersion\n | ....^" },
  {
    node: ['properties', 'spec'],
    optionalOldSelf: false,
    expr: 'self + 1',
    error: "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(selfType1, int)'\n | self + 1\n | .....^",
  },
  { node: ['properties', 'spec'], optionalOldSelf: false, expr: 'self == oldSelf', type: 'bool' },
  { node: ['properties', 'spec'], optionalOldSelf: false, expr: 'oldSelf.replicas', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: false, expr: 'self', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: false, expr: 'self > 0', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: false, expr: 'self >= oldSelf', type: 'bool' },
  {
    node: ['properties', 'spec', 'properties', 'replicas'],
    optionalOldSelf: false,
    expr: 'self.foo',
    error: "ERROR: <input>:1:5: type 'int' does not support field selection\n | self.foo\n | ....^",
  },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: false, expr: 'self + oldSelf', type: 'int' },
  {
    node: ['properties', 'spec', 'properties', 'replicas'],
    optionalOldSelf: false,
    expr: 'oldSelf.orValue(0) <= self',
    error: "ERROR: <input>:1:16: found no matching overload for 'orValue' applied to 'int.(int)'\n | oldSelf.orValue(0) <= self\n | ...............^",
  },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: true, expr: 'oldSelf', type: 'optional_type(int)' },
  { node: ['properties', 'spec', 'properties', 'replicas'], optionalOldSelf: true, expr: 'oldSelf.orValue(0) <= self', type: 'bool' },
  {
    node: ['properties', 'spec', 'properties', 'replicas'],
    optionalOldSelf: true,
    expr: 'oldSelf > 0',
    error: "ERROR: <input>:1:9: found no matching overload for '_>_' applied to '(optional_type(int), int)'\n | oldSelf > 0\n | ........^",
  },
  { node: ['properties', 'spec', 'properties', 'name'], optionalOldSelf: false, expr: 'self.startsWith("web-")', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'name'], optionalOldSelf: false, expr: 'self.size()', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'name'], optionalOldSelf: false, expr: 'self == oldSelf', type: 'bool' },
  {
    node: ['properties', 'spec', 'properties', 'name'],
    optionalOldSelf: false,
    expr: 'self + 1',
    error: "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(string, int)'\n | self + 1\n | .....^",
  },
  { node: ['properties', 'spec', 'properties', 'port'], optionalOldSelf: false, expr: 'self', type: 'dyn' },
  { node: ['properties', 'spec', 'properties', 'port'], optionalOldSelf: false, expr: 'type(self) == string', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'port'], optionalOldSelf: false, expr: 'type(self) == int ? self > 0 : self.matches("^[0-9]+%$")', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'port'], optionalOldSelf: false, expr: 'self.foo', type: 'dyn' },
  { node: ['properties', 'spec', 'properties', 'port'], optionalOldSelf: false, expr: 'oldSelf', type: 'dyn' },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: false, expr: 'self', type: 'list(string)' },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: false, expr: 'self.all(t, t.size() < 10)', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: false, expr: 'self + ["a"]', type: 'list(string)' },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: false, expr: 'self.size() >= oldSelf.size()', type: 'bool' },
  {
    node: ['properties', 'spec', 'properties', 'tags'],
    optionalOldSelf: false,
    expr: 'oldSelf.orValue([]).size()',
    error: "ERROR: <input>:1:16: found no matching overload for 'orValue' applied to 'list(string).(list(dyn))'\n | oldSelf.orValue([]).size()\n | ...............^",
  },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: true, expr: 'oldSelf', type: 'optional_type(list(string))' },
  { node: ['properties', 'spec', 'properties', 'tags'], optionalOldSelf: true, expr: 'oldSelf.orValue([]).size()', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'tags', 'items'], optionalOldSelf: false, expr: 'self', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'tags', 'items'], optionalOldSelf: false, expr: 'self.size() < 10', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'containers', 'items'], optionalOldSelf: false, expr: 'self', type: 'selfType1' },
  { node: ['properties', 'spec', 'properties', 'containers', 'items'], optionalOldSelf: false, expr: 'self.name', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'containers', 'items'], optionalOldSelf: false, expr: 'self.image != ""', type: 'bool' },
  {
    node: ['properties', 'spec', 'properties', 'containers', 'items'],
    optionalOldSelf: false,
    expr: 'self + 1',
    error: "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(selfType1, int)'\n | self + 1\n | .....^",
  },
  {
    node: ['properties', 'spec', 'properties', 'containers', 'items'],
    optionalOldSelf: false,
    expr: 'self.foo',
    error: "ERROR: <input>:1:5: undefined field 'foo'\n | self.foo\n | ....^",
  },
  {
    node: ['properties', 'spec', 'properties', 'containers', 'items'],
    optionalOldSelf: false,
    expr: 'selfType1.name',
    error: "ERROR: <input>:1:10: type 'type(selfType1)' does not support field selection\n | selfType1.name\n | .........^",
  },
  { node: ['properties', 'spec', 'properties', 'labels'], optionalOldSelf: false, expr: 'self', type: 'map(string, string)' },
  { node: ['properties', 'spec', 'properties', 'labels'], optionalOldSelf: false, expr: 'self.all(k, self[k] != "")', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'labels'], optionalOldSelf: false, expr: 'self.a', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'labels'], optionalOldSelf: false, expr: 'self.size()', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'labels', 'additionalProperties'], optionalOldSelf: false, expr: 'self', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'labels', 'additionalProperties'], optionalOldSelf: false, expr: 'self.size() > 0', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'free'], optionalOldSelf: false, expr: 'self', type: 'selfType1' },
  { node: ['properties', 'spec', 'properties', 'free'], optionalOldSelf: false, expr: 'self.foo', error: "ERROR: <input>:1:5: undefined field 'foo'\n | self.foo\n | ....^" },
  {
    node: ['properties', 'spec', 'properties', 'free'],
    optionalOldSelf: false,
    expr: 'has(self.foo)',
    error: "ERROR: <input>:1:4: undefined field 'foo'\n | has(self.foo)\n | ...^",
  },
  { node: ['properties', 'spec', 'properties', 'free'], optionalOldSelf: false, expr: 'self == oldSelf', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'freeWithProps'], optionalOldSelf: false, expr: 'self.known', type: 'string' },
  {
    node: ['properties', 'spec', 'properties', 'freeWithProps'],
    optionalOldSelf: false,
    expr: 'self.unknown',
    error: "ERROR: <input>:1:5: undefined field 'unknown'\n | self.unknown\n | ....^",
  },
  { node: ['properties', 'spec', 'properties', 'untyped'], optionalOldSelf: false, expr: 'self == oldSelf', error: 'unable to convert structural schema to CEL declarations' },
  { node: ['properties', 'spec', 'properties', 'untypedList'], optionalOldSelf: false, expr: 'self.size() > 0', error: 'unable to convert structural schema to CEL declarations' },
  { node: ['properties', 'spec', 'properties', 'embedded'], optionalOldSelf: false, expr: 'self.apiVersion', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'embedded'], optionalOldSelf: false, expr: 'self.kind', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'embedded'], optionalOldSelf: false, expr: 'self.metadata.name', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'embedded'], optionalOldSelf: false, expr: 'self.metadata.generateName', type: 'string' },
  {
    node: ['properties', 'spec', 'properties', 'embedded'],
    optionalOldSelf: false,
    expr: 'self.spec',
    error: "ERROR: <input>:1:5: undefined field 'spec'\n | self.spec\n | ....^",
  },
  {
    node: ['properties', 'spec', 'properties', 'embedded'],
    optionalOldSelf: false,
    expr: 'self + 1',
    error: "ERROR: <input>:1:6: found no matching overload for '_+_' applied to '(selfType1, int)'\n | self + 1\n | .....^",
  },
  { node: ['properties', 'spec', 'properties', 'embeddedTyped'], optionalOldSelf: false, expr: 'self.spec.x', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'embeddedTyped'], optionalOldSelf: false, expr: 'self.metadata.name', type: 'string' },
  { node: ['properties', 'spec', 'properties', 'embeddedTyped'], optionalOldSelf: false, expr: 'self.spec.x >= oldSelf.spec.x', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'created'], optionalOldSelf: false, expr: 'self', type: 'timestamp' },
  { node: ['properties', 'spec', 'properties', 'created'], optionalOldSelf: false, expr: 'self < oldSelf', type: 'bool' },
  { node: ['properties', 'spec', 'properties', 'created'], optionalOldSelf: false, expr: 'self + duration("1h")', type: 'timestamp' },
  { node: ['properties', 'spec', 'properties', 'data'], optionalOldSelf: false, expr: 'self.size()', type: 'int' },
  { node: ['properties', 'spec', 'properties', 'data'], optionalOldSelf: false, expr: 'self', type: 'bytes' },
  { node: ['properties', 'status'], optionalOldSelf: false, expr: 'self.phase', type: 'string' },
  { node: ['properties', 'status'], optionalOldSelf: false, expr: 'self.phase in ["a", "b"]', type: 'bool' },
];

export const admissionCases: readonly AdmissionCase[] = [
  { hasParams: false, hasAuthorizer: true, expr: 'request', type: 'kubernetes.AdmissionRequest' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo', type: 'kubernetes.UserInfo' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.username', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.uid', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.groups', type: 'list(string)' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.extra', type: 'map(string, list(string))' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.extra["a"][0]', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.operation', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.operation == "CREATE"', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.dryRun', type: 'bool' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'request.dryRun + 1',
    error: "ERROR: <input>:1:16: found no matching overload for '_+_' applied to '(bool, int)'\n | request.dryRun + 1\n | ...............^",
  },
  { hasParams: false, hasAuthorizer: true, expr: 'request.options', type: 'dyn' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.options.propagationPolicy', type: 'dyn' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.kind', type: 'kubernetes.GroupVersionKind' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.kind.group', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.kind.kind', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.kind.version', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.resource', type: 'kubernetes.GroupVersionResource' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.resource.resource', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.requestKind.version', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.requestResource', type: 'kubernetes.GroupVersionResource' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.requestResource.group', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.subResource', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.requestSubResource', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.name', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.namespace', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.uid', error: "ERROR: <input>:1:8: undefined field 'uid'\n | request.uid\n | .......^" },
  { hasParams: false, hasAuthorizer: true, expr: 'request.object', error: "ERROR: <input>:1:8: undefined field 'object'\n | request.object\n | .......^" },
  { hasParams: false, hasAuthorizer: true, expr: 'request.oldObject', error: "ERROR: <input>:1:8: undefined field 'oldObject'\n | request.oldObject\n | .......^" },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.foo', error: "ERROR: <input>:1:17: undefined field 'foo'\n | request.userInfo.foo\n | ................^" },
  { hasParams: false, hasAuthorizer: true, expr: 'request.kind.resource', error: "ERROR: <input>:1:13: undefined field 'resource'\n | request.kind.resource\n | ............^" },
  { hasParams: false, hasAuthorizer: true, expr: 'request.userInfo.groups.exists(g, g == "system:masters")', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.?namespace', type: 'optional_type(string)' },
  { hasParams: false, hasAuthorizer: true, expr: 'request.?namespace.orValue("")', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'has(request.namespace)', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'request == null', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'object', type: 'dyn' },
  { hasParams: false, hasAuthorizer: true, expr: 'object.metadata.name', type: 'dyn' },
  { hasParams: false, hasAuthorizer: true, expr: 'oldObject.spec', type: 'dyn' },
  { hasParams: false, hasAuthorizer: true, expr: 'object == null', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'object.metadata.labels.exists(k, k == "env")', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject', type: 'kubernetes.Namespace' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata', type: 'kubernetes.NamespaceMetadata' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.name', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.labels["env"]', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.annotations', type: 'map(string, string)' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.UID', type: 'string' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'namespaceObject.metadata.uid',
    error: "ERROR: <input>:1:25: undefined field 'uid'\n | namespaceObject.metadata.uid\n | ........................^",
  },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.creationTimestamp', type: 'timestamp' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.deletionTimestamp', type: 'timestamp' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.deletionGracePeriodSeconds', type: 'int' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.generation', type: 'int' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.resourceVersion', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.finalizers', type: 'list(string)' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.generateName', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.metadata.namespace', type: 'string' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'namespaceObject.metadata.ownerReferences',
    error: "ERROR: <input>:1:25: undefined field 'ownerReferences'\n | namespaceObject.metadata.ownerReferences\n | ........................^",
  },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.spec', type: 'kubernetes.NamespaceSpec' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.spec.finalizers', type: 'list(string)' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status', type: 'kubernetes.NamespaceStatus' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.phase', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.conditions', type: 'list(kubernetes.NamespaceCondition)' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.conditions[0].lastTransitionTime', type: 'timestamp' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.conditions[0].type', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.conditions[0].message', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.status.conditions.exists(c, c.status == "True")', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'namespaceObject.kind', error: "ERROR: <input>:1:16: undefined field 'kind'\n | namespaceObject.kind\n | ...............^" },
  { hasParams: false, hasAuthorizer: true, expr: 'params', error: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params\n | ^" },
  { hasParams: false, hasAuthorizer: true, expr: 'params.spec', error: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.spec\n | ^" },
  { hasParams: false, hasAuthorizer: true, expr: 'variables', error: "ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables\n | ^" },
  { hasParams: false, hasAuthorizer: true, expr: 'variables.foo', error: "ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.foo\n | ^" },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer', type: 'kubernetes.authorization.Authorizer' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.requestResource', type: 'kubernetes.authorization.ResourceCheck' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.requestResource.check("update").allowed()', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.requestResource.subresource("status").check("get").errored()', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.group("apps").resource("deployments").namespace("ns").name("n").check("get").allowed()', type: 'bool' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.path("/healthz").check("get").reason()', type: 'string' },
  { hasParams: false, hasAuthorizer: true, expr: 'authorizer.serviceAccount("ns", "sa").group("").resource("pods").check("get").error()', type: 'string' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'authorizer.foo',
    error: "ERROR: <input>:1:11: unexpected failed resolution of 'kubernetes.authorization.Authorizer'\n | authorizer.foo\n | ..........^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'authorizer.requestResource.foo',
    error: "ERROR: <input>:1:27: unexpected failed resolution of 'kubernetes.authorization.ResourceCheck'\n | authorizer.requestResource.foo\n | ..........................^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'authorizer.requestResource.check(1)',
    error:
      "ERROR: <input>:1:33: found no matching overload for 'check' applied to 'kubernetes.authorization.ResourceCheck.(int)'\n | authorizer.requestResource.check(1)\n | ................................^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'authorizer.check("get")',
    error:
      "ERROR: <input>:1:17: found no matching overload for 'check' applied to 'kubernetes.authorization.Authorizer.(string)'\n | authorizer.check(\"get\")\n | ................^",
  },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.AdmissionRequest', error: 'program instantiation failed: reference to undefined type: kubernetes.AdmissionRequest' },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.UserInfo', error: 'program instantiation failed: reference to undefined type: kubernetes.UserInfo' },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.GroupVersionKind', error: 'program instantiation failed: reference to undefined type: kubernetes.GroupVersionKind' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.GroupVersionResource',
    error: 'program instantiation failed: reference to undefined type: kubernetes.GroupVersionResource',
  },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.Namespace', error: 'program instantiation failed: reference to undefined type: kubernetes.Namespace' },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.NamespaceMetadata', error: 'program instantiation failed: reference to undefined type: kubernetes.NamespaceMetadata' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.NamespaceCondition',
    error: 'program instantiation failed: reference to undefined type: kubernetes.NamespaceCondition',
  },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.NamespaceStatus', error: 'program instantiation failed: reference to undefined type: kubernetes.NamespaceStatus' },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.NamespaceSpec', error: 'program instantiation failed: reference to undefined type: kubernetes.NamespaceSpec' },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.AdmissionRequest.userInfo.groups',
    error: 'program instantiation failed: reference to undefined type: kubernetes.AdmissionRequest.userInfo.groups',
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.AdmissionRequest.userInfo.extra',
    error: 'program instantiation failed: reference to undefined type: kubernetes.AdmissionRequest.userInfo.extra',
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.Namespace.metadata.labels',
    error: 'program instantiation failed: reference to undefined type: kubernetes.Namespace.metadata.labels',
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.Namespace.status.conditions',
    error: 'program instantiation failed: reference to undefined type: kubernetes.Namespace.status.conditions',
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.AdmissionRequest.userInfo',
    error:
      "ERROR: <input>:1:28: type 'type(kubernetes.AdmissionRequest)' does not support field selection\n | kubernetes.AdmissionRequest.userInfo\n | ...........................^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.variables',
    error: "ERROR: <input>:1:1: undeclared reference to 'kubernetes' (in container '')\n | kubernetes.variables\n | ^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'type(request) == kubernetes.AdmissionRequest',
    error: 'program instantiation failed: reference to undefined type: kubernetes.AdmissionRequest',
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.authorization.Authorizer',
    error: "ERROR: <input>:1:1: undeclared reference to 'kubernetes' (in container '')\n | kubernetes.authorization.Authorizer\n | ^",
  },
  {
    hasParams: false,
    hasAuthorizer: true,
    expr: 'kubernetes.authorization.ResourceCheck',
    error: "ERROR: <input>:1:1: undeclared reference to 'kubernetes' (in container '')\n | kubernetes.authorization.ResourceCheck\n | ^",
  },
  { hasParams: false, hasAuthorizer: true, expr: 'kubernetes.Foo', error: "ERROR: <input>:1:1: undeclared reference to 'kubernetes' (in container '')\n | kubernetes.Foo\n | ^" },
  { hasParams: true, hasAuthorizer: false, expr: 'params', type: 'dyn' },
  { hasParams: true, hasAuthorizer: false, expr: 'params.spec.max', type: 'dyn' },
  { hasParams: true, hasAuthorizer: false, expr: 'params == null', type: 'bool' },
  { hasParams: true, hasAuthorizer: false, expr: 'authorizer', error: "ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer\n | ^" },
  {
    hasParams: true,
    hasAuthorizer: false,
    expr: 'authorizer.requestResource',
    error: "ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.requestResource\n | ^",
  },
  {
    hasParams: true,
    hasAuthorizer: false,
    expr: 'authorizer.requestResource.check("get")',
    error: "ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.requestResource.check(\"get\")\n | ^",
  },
  { hasParams: true, hasAuthorizer: false, expr: 'request.name + ": " + string(params.max)', type: 'string' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables', type: 'kubernetes.variables' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.foo', type: 'list(string)' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.bar', type: 'bool' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.baz', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.nsLabels["a"]', type: 'string' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.nsLabels', type: 'map(string, string)' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.req', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.req.userInfo', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.opt', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.bad', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.later', type: 'int' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.later + 1', type: 'int' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.ts', type: 'timestamp' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.lst', type: 'list(dyn)' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.mp', type: 'map(string, dyn)' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.nested', type: 'list(map(string, list(uint)))' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.nul', type: 'null' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.dur', type: 'duration' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.ty', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.dbl', type: 'double' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.byt', type: 'bytes' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.decision', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.selfref', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.usesParams', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.mapDyn', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.emptyList', type: 'list(dyn)' },
  {
    hasParams: true,
    hasAuthorizer: true,
    variableSet: 'policy',
    expr: 'variables.undeclared',
    error: "ERROR: <input>:1:10: undefined field 'undeclared'\n | variables.undeclared\n | .........^",
  },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.foo.all(g, g.startsWith("system:"))', type: 'bool' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.bar && params.enabled', type: 'bool' },
  {
    hasParams: true,
    hasAuthorizer: true,
    variableSet: 'policy',
    expr: 'variables.foo + 1',
    error: "ERROR: <input>:1:15: found no matching overload for '_+_' applied to '(list(string), int)'\n | variables.foo + 1\n | ..............^",
  },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'has(variables.foo)', type: 'bool' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.?foo', type: 'optional_type(list(string))' },
  {
    hasParams: true,
    hasAuthorizer: true,
    variableSet: 'policy',
    expr: 'kubernetes.variables',
    error: 'program instantiation failed: reference to undefined type: kubernetes.variables',
  },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.foo.exists(g, g == request.userInfo.username)', type: 'bool' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'policy', expr: 'variables.ts + variables.dur', type: 'timestamp' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'order', expr: 'variables.a', type: 'dyn' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'order', expr: 'variables.b', type: 'string' },
  { hasParams: true, hasAuthorizer: true, variableSet: 'order', expr: 'variables.c', type: 'int' },
  { hasParams: false, hasAuthorizer: true, variableSet: 'withoutParams', expr: 'variables.p', type: 'dyn' },
  {
    hasParams: false,
    hasAuthorizer: true,
    variableSet: 'withoutParams',
    expr: 'params',
    error: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params\n | ^",
  },
  { hasParams: false, hasAuthorizer: false, variableSet: 'none', expr: 'variables', type: 'kubernetes.variables' },
  { hasParams: false, hasAuthorizer: false, variableSet: 'none', expr: 'variables.x', error: "ERROR: <input>:1:10: undefined field 'x'\n | variables.x\n | .........^" },
];

export const typeCheckingCases: readonly TypeCheckingCase[] = [
  { params: true, expr: 'object', type: 'Deployment1' },
  { params: true, expr: 'object.spec.replicas', type: 'int' },
  { params: true, expr: 'oldObject.spec.replicas > object.spec.replicas', type: 'bool' },
  { params: true, expr: 'object.metadata.name', type: 'string' },
  { params: true, expr: 'object.metadata.labels', error: "ERROR: <input>:1:16: undefined field 'labels'\n | object.metadata.labels\n | ...............^" },
  { params: true, expr: 'object.kind', type: 'string' },
  { params: true, expr: 'object.spec.foo', error: "ERROR: <input>:1:12: undefined field 'foo'\n | object.spec.foo\n | ...........^" },
  { params: true, expr: 'object.spec.selector.matchLabels["app"]', type: 'string' },
  { params: true, expr: 'object.spec', type: 'Deployment1.spec' },
  {
    params: true,
    expr: 'object.spec + 1',
    error: "ERROR: <input>:1:13: found no matching overload for '_+_' applied to '(Deployment1.spec, int)'\n | object.spec + 1\n | ............^",
  },
  { params: true, expr: 'params.data["x"]', type: 'string' },
  { params: true, expr: 'params.metadata.labels', error: "ERROR: <input>:1:16: undefined field 'labels'\n | params.metadata.labels\n | ...............^" },
  { params: true, expr: 'params', type: 'ConfigMap2' },
  {
    params: true,
    expr: 'authorizer.requestResource',
    error: "ERROR: <input>:1:11: unexpected failed resolution of 'kubernetes.authorization.Authorizer'\n | authorizer.requestResource\n | ..........^",
  },
  { params: true, expr: 'authorizer.path("/x").check("get").allowed()', type: 'bool' },
  { params: true, expr: 'request.userInfo.username', type: 'string' },
  { params: true, expr: 'namespaceObject.metadata.name', type: 'string' },
  { params: true, expr: 'variables.v + 1', type: 'int' },
  { params: true, expr: 'variables.w', type: 'dyn' },
  { params: true, expr: 'Deployment1.spec', type: 'type(Deployment1.spec)' },
  { params: true, expr: 'ConfigMap2.data', type: 'type(map(string, string))' },
  { params: true, expr: 'variables.v.foo', error: "ERROR: <input>:1:12: type 'int' does not support field selection\n | variables.v.foo\n | ...........^" },
  { params: true, expr: 'variables.x', type: 'dyn' },
  { params: false, expr: 'params', error: "ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params\n | ^" },
  { params: false, expr: 'object.status.readyReplicas', type: 'int' },
];

export const authorizationCases: readonly Answer[] = [
  { expr: 'request', type: 'kubernetes.SubjectAccessReviewSpec' },
  { expr: 'request.user', type: 'string' },
  { expr: 'request.groups', type: 'list(string)' },
  { expr: 'request.uid', type: 'string' },
  { expr: 'request.extra', type: 'map(string, list(string))' },
  { expr: 'request.extra["a"]', type: 'list(string)' },
  { expr: 'request.resourceAttributes', type: 'kubernetes.ResourceAttributes' },
  { expr: 'request.resourceAttributes.verb', type: 'string' },
  { expr: 'request.resourceAttributes.namespace', type: 'string' },
  { expr: 'request.resourceAttributes.name', type: 'string' },
  { expr: 'request.resourceAttributes.subresource', type: 'string' },
  { expr: 'request.resourceAttributes.version', type: 'string' },
  { expr: 'request.resourceAttributes.fieldSelector', type: 'kubernetes.FieldSelectorAttributes' },
  { expr: 'request.resourceAttributes.fieldSelector.rawSelector', type: 'string' },
  { expr: 'request.resourceAttributes.labelSelector.requirements', type: 'list(kubernetes.SelectorRequirement)' },
  { expr: 'request.resourceAttributes.labelSelector.requirements[0].values', type: 'list(string)' },
  { expr: 'request.resourceAttributes.labelSelector.requirements[0].operator', type: 'string' },
  { expr: 'request.resourceAttributes.?fieldSelector', type: 'optional_type(kubernetes.FieldSelectorAttributes)' },
  { expr: 'request.nonResourceAttributes', type: 'kubernetes.NonResourceAttributes' },
  { expr: 'request.nonResourceAttributes.path', type: 'string' },
  { expr: 'request.nonResourceAttributes.verb', type: 'string' },
  { expr: 'request.resourceAttributes.foo', error: "ERROR: <input>:1:27: undefined field 'foo'\n | request.resourceAttributes.foo\n | ..........................^" },
  { expr: 'request.userInfo', error: "ERROR: <input>:1:8: undefined field 'userInfo'\n | request.userInfo\n | .......^" },
  { expr: 'has(request.resourceAttributes) && request.resourceAttributes.verb == "get"', type: 'bool' },
  { expr: 'object', error: "ERROR: <input>:1:1: undeclared reference to 'object' (in container '')\n | object\n | ^" },
  { expr: 'authorizer', error: "ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer\n | ^" },
  { expr: 'request.user.startsWith("system:")', type: 'bool' },
  { expr: 'kubernetes.SubjectAccessReviewSpec', type: 'type(kubernetes.SubjectAccessReviewSpec)' },
  { expr: 'kubernetes.SelectorRequirement', type: 'type(kubernetes.SelectorRequirement)' },
  { expr: 'kubernetes.SubjectAccessReviewSpec.groups', type: 'type(list(string))' },
];
