// What cel-go v0.26.0 answers when Kubernetes 1.35 checks these expressions with `self` and `oldSelf`
// typed by checkerSchema (k8s.io/apiserver's SchemaDeclType, root named selfType, compatibility
// version 1.34). Measured with a throwaway Go program on k8s.io/apiserver v0.35.0; test data only.

import type { OpenApiV3Schema } from '../../src/cel/types/schema-types.ts';
import type { CheckerCase } from './checker-cases.ts';

export const checkerSchema: OpenApiV3Schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['replicas'],
      properties: {
        replicas: {
          type: 'integer',
        },
        maxReplicas: {
          type: 'integer',
          format: 'int32',
        },
        name: {
          type: 'string',
          maxLength: 63,
        },
        ratio: {
          type: 'number',
        },
        namespace: {
          type: 'string',
        },
        'foo-bar': {
          type: 'string',
        },
        'a.b': {
          type: 'string',
        },
        'x/y': {
          type: 'string',
        },
        __x: {
          type: 'string',
        },
        in: {
          type: 'integer',
        },
        tags: {
          type: 'array',
          items: {
            type: 'string',
          },
          'x-kubernetes-list-type': 'set',
          maxItems: 10,
        },
        ports: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: {
                type: 'string',
              },
              port: {
                type: 'integer',
              },
            },
          },
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
        },
        labels: {
          type: 'object',
          additionalProperties: {
            type: 'string',
          },
        },
        ios: {
          'x-kubernetes-int-or-string': true,
        },
        created: {
          type: 'string',
          format: 'date-time',
        },
        day: {
          type: 'string',
          format: 'date',
        },
        timeout: {
          type: 'string',
          format: 'duration',
        },
        data: {
          type: 'string',
          format: 'byte',
        },
        free: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
        },
        embedded: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: {
            spec: {
              type: 'object',
              properties: {
                a: {
                  type: 'integer',
                },
              },
            },
          },
        },
        nums: {
          type: 'array',
          items: {
            type: 'number',
          },
        },
        anyof: {
          type: 'object',
          'x-kubernetes-preserve-unknown-fields': true,
          properties: {
            known: {
              type: 'integer',
            },
          },
        },
      },
    },
    status: {
      type: 'object',
      properties: {
        ready: {
          type: 'boolean',
        },
      },
    },
  },
};

export const schemaCheckerCases: readonly CheckerCase[] = [
  { expr: 'self.spec.replicas <= self.spec.maxReplicas', type: 'bool' },
  {
    expr: "self.spec.replicas + 'a'",
    error: "ERROR: <input>:1:20: found no matching overload for '_+_' applied to '(int, string)'\n | self.spec.replicas + 'a'\n | ...................^",
  },
  { expr: "self.spec.name.startsWith('web-')", type: 'bool' },
  { expr: 'self.spec.ratio * 2.0', type: 'double' },
  { expr: 'self.spec.ratio * 2', error: "ERROR: <input>:1:17: found no matching overload for '_*_' applied to '(double, int)'\n | self.spec.ratio * 2\n | ................^" },
  { expr: 'self.spec.namespace', type: 'string' },
  { expr: 'self.spec.__namespace__', type: 'string' },
  { expr: 'self.spec.foo__dash__bar', type: 'string' },
  { expr: 'self.spec.a__dot__b', type: 'string' },
  { expr: 'self.spec.x__slash__y', type: 'string' },
  { expr: 'self.spec.____underscores__x', error: "ERROR: <input>:1:10: undefined field '____underscores__x'\n | self.spec.____underscores__x\n | .........^" },
  { expr: 'self.spec.__in__', type: 'int' },
  {
    expr: 'self.spec.in',
    error:
      "ERROR: <input>:1:11: Syntax error: no viable alternative at input '.in'\n | self.spec.in\n | ..........^\nERROR: <input>:1:13: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}\n | self.spec.in\n | ............^",
  },
  { expr: 'self.spec.tags', type: 'list(string)' },
  { expr: "self.spec.tags + ['a']", type: 'list(string)' },
  { expr: 'self.spec.ports.map(p, p.port)', type: 'list(int)' },
  { expr: 'self.spec.ports[0].name', type: 'string' },
  { expr: 'self.spec.labels', type: 'map(string, string)' },
  { expr: "self.spec.labels['a']", type: 'string' },
  { expr: 'self.spec.ios', type: 'dyn' },
  { expr: 'self.spec.created', type: 'timestamp' },
  { expr: 'self.spec.day', type: 'timestamp' },
  { expr: 'self.spec.timeout', type: 'duration' },
  { expr: 'self.spec.data', type: 'bytes' },
  { expr: 'self.spec.free', type: 'selfType.spec.free' },
  { expr: 'self.spec.free.anything', error: "ERROR: <input>:1:15: undefined field 'anything'\n | self.spec.free.anything\n | ..............^" },
  { expr: 'self.spec.embedded', type: 'selfType.spec.embedded' },
  { expr: 'self.spec.embedded.apiVersion', type: 'string' },
  { expr: 'self.spec.embedded.metadata.name', type: 'string' },
  { expr: 'self.spec.embedded.spec.a', type: 'int' },
  { expr: 'self.spec.nums', type: 'list(double)' },
  { expr: 'self.spec.anyof.known', type: 'int' },
  { expr: 'self.spec.anyof.unknown', error: "ERROR: <input>:1:16: undefined field 'unknown'\n | self.spec.anyof.unknown\n | ...............^" },
  { expr: 'self.status.ready', type: 'bool' },
  { expr: 'self.nope', error: "ERROR: <input>:1:5: undefined field 'nope'\n | self.nope\n | ....^" },
  { expr: 'self.spec.nope', error: "ERROR: <input>:1:10: undefined field 'nope'\n | self.spec.nope\n | .........^" },
  { expr: 'self.metadata.name', type: 'string' },
  { expr: 'self.apiVersion', type: 'string' },
  { expr: 'self.kind', type: 'string' },
  { expr: 'has(self.spec.name)', type: 'bool' },
  { expr: 'has(self.spec.nope)', error: "ERROR: <input>:1:4: undefined field 'nope'\n | has(self.spec.nope)\n | ...^" },
  { expr: 'self.spec.replicas == oldSelf.spec.replicas', type: 'bool' },
  { expr: 'self == oldSelf', type: 'bool' },
  { expr: 'self.spec', type: 'selfType.spec' },
  { expr: 'type(self.spec)', type: 'type(selfType.spec)' },
  { expr: 'self.spec.?name', type: 'optional_type(string)' },
  { expr: "self.spec.?name.orValue('x')", type: 'string' },
  { expr: 'self.spec.tags.all(t, t.size() < 10)', type: 'bool' },
  { expr: 'self.spec.created < now', error: "ERROR: <input>:1:21: undeclared reference to 'now' (in container '')\n | self.spec.created < now\n | ....................^" },
  { expr: 'self.spec.created.getFullYear() > 2000', type: 'bool' },
  { expr: "self.spec.timeout > duration('1s')", type: 'bool' },
  { expr: 'self.spec.data.size()', type: 'int' },
  { expr: 'self.spec.ios == 1', type: 'bool' },
  { expr: "self.spec.ios == 'a'", type: 'bool' },
];
