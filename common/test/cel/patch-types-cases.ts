// What Kubernetes 1.35 answers for message literals in the expressions of MutatingAdmissionPolicy
// mutations: each expression compiled by k8s.io/apiserver v0.35.4's admission compiler (cel-go
// v0.26.0, MustBaseEnvSet(1.35), new expressions, HasParams and HasAuthorizer, HasPatchTypes unless
// patchTypes is false) in a throwaway Go program, then its estimated cost (library.CostEstimator,
// no sizes), its evaluation with its runtime cost (object = the evaluated object of
// patch-types.test.ts, the other variables null), and the JSON kube's mutating patchers make of
// the result: the object of an ApplyConfiguration, the RFC 6902 operations of a JSONPatch list, or
// their error. Test data only.
//
// Left out, where Capstan differs on purpose from what are accidents of kube's implementation:
// selecting a field of an object reached as dyn (`dyn(Object{a: 1}).a`: kube's "no such key",
// Capstan the field); `Object{a: 1}.?a` (kube's none, as its field test looks for a map where it
// gets the object, Capstan optional.of(1), as kube answers through an optional); equality of
// objects holding list literals (kube's reflect.DeepEqual finds two such lists unequal); the order
// of several type name errors (Go's map order).

export interface PatchTypeCase {
  readonly expr: string;
  /** Checked without the patch types (kube's environments of validations, match conditions, ...). */
  readonly patchTypes?: false;
  /** kube's compilation error (CompilationResult.Error). */
  readonly error?: string;
  /** The checked output type, as cel-go prints it. */
  readonly type?: string;
  /** The estimated cost, min and max. */
  readonly cost?: readonly [bigint, bigint];
  readonly runtimeCost?: number;
  readonly evalError?: string;
  /** The JSON of the result. */
  readonly json?: unknown;
  /** The patchers' error for the result. */
  readonly patchError?: string;
}

export const patchTypeCases: readonly PatchTypeCase[] = [
  { expr: 'Object{}', type: 'Object', cost: [40n, 40n], runtimeCost: 40, json: {} },
  { expr: 'Object{spec: Object.spec{replicas: 3}}', type: 'Object', cost: [80n, 80n], runtimeCost: 80, json: { spec: { replicas: 3 } } },
  { expr: 'Object{spec: Object.spec{replicas: 3}}.spec', type: 'dyn', cost: [81n, 81n], runtimeCost: 82, json: { replicas: 3 } },
  { expr: 'Object{spec: Object.spec{replicas: 3}}.spec.replicas', type: 'dyn', cost: [81n, 81n], runtimeCost: 83, json: 3 },
  { expr: 'has(Object{spec: 1}.spec)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, json: true },
  { expr: 'has(Object{spec: 1}.status)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, json: false },
  { expr: 'Object{spec: 1}.status', type: 'dyn', cost: [41n, 41n], runtimeCost: 42, json: null },
  { expr: 'Object{a: 1} == Object{a: 1}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  {
    expr: 'Object{a: 1} == Object.x{a: 1}',
    error: "compilation failed: ERROR: <input>:1:14: found no matching overload for '_==_' applied to '(Object, Object.x)'\n | Object{a: 1} == Object.x{a: 1}\n | .............^",
  },
  { expr: 'type(Object{})', type: 'type(Object)', cost: [41n, 41n], runtimeCost: 41 },
  { expr: 'type(Object{}) == Object', error: 'program instantiation failed: reference to undefined type: Object' },
  { expr: 'Object', error: 'program instantiation failed: reference to undefined type: Object' },
  { expr: 'Object.spec', error: 'program instantiation failed: reference to undefined type: Object.spec' },
  { expr: 'JSONPatch{op: "add", path: "/a", value: 1}', type: 'JSONPatch', cost: [40n, 40n], runtimeCost: 40 },
  {
    expr: 'JSONPatch{op: 1}',
    error: "compilation failed: ERROR: <input>:1:13: expected type of field 'op' is 'string' but provided type is 'int'\n | JSONPatch{op: 1}\n | ............^",
  },
  {
    expr: 'JSONPatch{foo: 1}',
    error: "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'int'\n | JSONPatch{foo: 1}\n | .............^",
  },
  {
    expr: '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("a/b~c"), value: "x"}]',
    type: 'list(JSONPatch)',
    cost: [54n, 54n],
    runtimeCost: 54,
    json: [{ op: 'add', path: '/metadata/labels/a~1b~0c', value: 'x' }],
  },
  { expr: 'JSONPatch{op: "add"}.path', type: 'string', cost: [41n, 41n], runtimeCost: 42, json: '' },
  { expr: 'has(JSONPatch{op: "add"}.path)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, json: false },
  { expr: 'has(JSONPatch{op: "add"}.value)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, json: false },
  { expr: 'JSONPatch{op: "add"}.value', type: 'dyn', cost: [41n, 41n], runtimeCost: 42, json: null },
  { expr: 'JSONPatch{op: "add"}.foo', error: 'unexpected compilation error: missing type conversion to proto: ' },
  { expr: 'JSONPatch{op: "add"} == JSONPatch{op: "add"}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'type(JSONPatch{})', type: 'type(JSONPatch)', cost: [41n, 41n], runtimeCost: 41 },
  { expr: 'Foo{}', error: "compilation failed: ERROR: <input>:1:4: undeclared reference to 'Foo' (in container '')\n | Foo{}\n | ...^" },
  { expr: 'Object.spec{x: Object.spec.x{y: 1}}', type: 'Object.spec', cost: [80n, 80n], runtimeCost: 80, json: { x: { y: 1 } } },
  {
    expr: 'Object{spec: Object.spec.wrong{}}',
    type: 'Object',
    cost: [80n, 80n],
    runtimeCost: 80,
    patchError: 'type mismatch: unexpected type name "Object.spec.wrong", expected "Object.spec", which matches field name path from root Object type',
  },
  { expr: 'Object{a: "x"} == Object{a: "x"}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{a: 1} == Object{a: 1u}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: false },
  { expr: 'Object{a: 1.0} == Object{a: 1.0}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{a: null} == Object{a: null}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{} == Object{}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'JSONPatch{foo: dyn(1)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: 'unexpected JSONPatchType field: foo' },
  { expr: 'has(JSONPatch{}.foo)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, evalError: 'unsupported field: foo' },
  { expr: 'JSONPatch{}.?op', type: 'optional_type(string)', cost: [41n, 41n], runtimeCost: 41 },
  { expr: 'Object{}.?spec', type: 'optional_type(dyn)', cost: [41n, 41n], runtimeCost: 41 },
  { expr: 'Object{?spec: optional.of(1)}', type: 'Object', cost: [41n, 41n], runtimeCost: 41, json: { spec: 1 } },
  { expr: 'Object{?spec: optional.none()}', type: 'Object', cost: [41n, 41n], runtimeCost: 41, json: {} },
  { expr: 'JSONPatch{?op: optional.of("a")}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 41 },
  {
    expr: 'Object{spec: 1}["spec"]',
    error: "compilation failed: ERROR: <input>:1:16: found no matching overload for '_[_]' applied to '(Object, string)'\n | Object{spec: 1}[\"spec\"]\n | ...............^",
  },
  {
    expr: 'Object{spec: 1} == {"spec": 1}',
    error:
      "compilation failed: ERROR: <input>:1:17: found no matching overload for '_==_' applied to '(Object, map(string, int))'\n | Object{spec: 1} == {\"spec\": 1}\n | ................^",
  },
  { expr: 'dyn(Object{spec: 1}) == {"spec": 1}', type: 'bool', cost: [72n, 72n], runtimeCost: 42, json: false },
  { expr: 'Object{spec: 1} != Object{spec: 2}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'size(Object{})', error: "compilation failed: ERROR: <input>:1:5: found no matching overload for 'size' applied to '(Object)'\n | size(Object{})\n | ....^" },
  { expr: 'string(Object{})', error: "compilation failed: ERROR: <input>:1:7: found no matching overload for 'string' applied to '(Object)'\n | string(Object{})\n | ......^" },
  { expr: 'Object{a: 1} in [Object{a: 1}]', type: 'bool', cost: [91n, 91n], runtimeCost: 91, json: true },
  { expr: 'JSONPatch{value: Object{a: 1}}', type: 'JSONPatch', cost: [80n, 80n], runtimeCost: 80 },
  { expr: 'JSONPatch{value: Object{a: 1}} == JSONPatch{value: Object{a: 1}}', type: 'bool', cost: [161n, 1844674407370955424n], runtimeCost: 161, json: true },
  { expr: 'int{}', error: "compilation failed: ERROR: <input>:1:4: 'int' is not a message type\n | int{}\n | ...^" },
  { expr: 'object{}', error: "compilation failed: ERROR: <input>:1:7: 'dyn' is not a type\n | object{}\n | ......^" },
  { expr: 'kubernetes.AdmissionRequest{}', type: 'kubernetes.AdmissionRequest', cost: [40n, 40n], runtimeCost: 40, evalError: "unknown type 'kubernetes.AdmissionRequest'" },
  {
    expr: 'kubernetes.AdmissionRequest{name: "x"}',
    type: 'kubernetes.AdmissionRequest',
    cost: [40n, 40n],
    runtimeCost: 40,
    evalError: "unknown type 'kubernetes.AdmissionRequest'",
  },
  {
    expr: 'kubernetes.AdmissionRequest{foo: 1}',
    error: "compilation failed: ERROR: <input>:1:32: undefined field 'foo'\n | kubernetes.AdmissionRequest{foo: 1}\n | ...............................^",
  },
  {
    expr: 'kubernetes.AdmissionRequest{name: 1}',
    error:
      "compilation failed: ERROR: <input>:1:33: expected type of field 'name' is 'string' but provided type is 'int'\n | kubernetes.AdmissionRequest{name: 1}\n | ................................^",
  },
  {
    expr: 'kubernetes.AdmissionRequest{userInfo: {}}',
    error:
      "compilation failed: ERROR: <input>:1:37: expected type of field 'userInfo' is 'kubernetes.UserInfo' but provided type is 'map(_var0, _var1)'\n | kubernetes.AdmissionRequest{userInfo: {}}\n | ....................................^",
  },
  {
    expr: 'kubernetes.AdmissionRequest.userInfo{}',
    error:
      "compilation failed: ERROR: <input>:1:37: undeclared reference to 'kubernetes.AdmissionRequest.userInfo' (in container '')\n | kubernetes.AdmissionRequest.userInfo{}\n | ....................................^",
  },
  { expr: 'dyn{}', error: "compilation failed: ERROR: <input>:1:4: undeclared reference to 'dyn' (in container '')\n | dyn{}\n | ...^" },
  { expr: 'null_type{}', type: 'null_type', cost: [40n, 40n], runtimeCost: 40, evalError: "unknown type 'null_type'" },
  { expr: 'list{}', error: "compilation failed: ERROR: <input>:1:5: 'list' is not a message type\n | list{}\n | ....^" },
  { expr: 'type{}', error: "compilation failed: ERROR: <input>:1:5: 'type' is not a message type\n | type{}\n | ....^" },
  {
    expr: 'int{a: 1}',
    error: "compilation failed: ERROR: <input>:1:4: 'int' is not a message type\n | int{a: 1}\n | ...^\nERROR: <input>:1:6: undefined field 'a'\n | int{a: 1}\n | .....^",
  },
  {
    expr: 'object{a: 1}',
    error:
      "compilation failed: ERROR: <input>:1:7: 'dyn' is not a type\n | object{a: 1}\n | ......^\nERROR: <input>:1:9: unexpected failed resolution of 'object'\n | object{a: 1}\n | ........^",
  },
  { expr: 'Foo{a: bar}', error: "compilation failed: ERROR: <input>:1:4: undeclared reference to 'Foo' (in container '')\n | Foo{a: bar}\n | ...^" },
  { expr: 'request{}', error: "compilation failed: ERROR: <input>:1:8: 'kubernetes.AdmissionRequest' is not a type\n | request{}\n | .......^" },
  { expr: 'Object{spec: 1, spec: 2}', type: 'Object', cost: [40n, 40n], runtimeCost: 40, json: { spec: 2 } },
  { expr: 'JSONPatch{op: "a", op: "b"}', type: 'JSONPatch', cost: [40n, 40n], runtimeCost: 40 },
  { expr: 'Object{?spec: 1}', error: "compilation failed: ERROR: <input>:1:15: expected type 'optional_type(int)' but found 'int'\n | Object{?spec: 1}\n | ..............^" },
  { expr: 'Object.spec == Object.spec', error: 'program instantiation failed: reference to undefined type: Object.spec' },
  { expr: 'JSONPatch{op: "add"}.op.size()', type: 'int', cost: [42n, 42n], runtimeCost: 43, json: 3 },
  { expr: 'JSONPatch{op: dyn(1)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type int64 for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{path: dyn(1)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type int64 for JSONPatchType 'path' field" },
  { expr: 'JSONPatch{from: dyn(1)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type int64 for JSONPatchType 'from' field" },
  {
    expr: 'JSONPatch{op: null}',
    error: "compilation failed: ERROR: <input>:1:13: expected type of field 'op' is 'string' but provided type is 'null'\n | JSONPatch{op: null}\n | ............^",
  },
  { expr: 'JSONPatch{value: null}', type: 'JSONPatch', cost: [40n, 40n], runtimeCost: 40 },
  { expr: 'has(JSONPatch{value: null}.value)', type: 'bool', cost: [40n, 40n], runtimeCost: 41, json: true },
  { expr: 'JSONPatch{value: 1, value: 2}', type: 'JSONPatch', cost: [40n, 40n], runtimeCost: 40 },
  { expr: 'Object{a: 1/0}', type: 'Object', cost: [41n, 41n], runtimeCost: 41, evalError: 'division by zero' },
  { expr: 'Object{a: 1/0, b: 2/0}', type: 'Object', cost: [42n, 42n], runtimeCost: 41, evalError: 'division by zero' },
  { expr: 'object.spec{}', error: "compilation failed: ERROR: <input>:1:12: undeclared reference to 'object.spec' (in container '')\n | object.spec{}\n | ...........^" },
  { expr: '.Object{}', type: 'Object', cost: [40n, 40n], runtimeCost: 40, json: {} },
  { expr: 'Object.spec.template.spec.containers{name: "x"}', type: 'Object.spec.template.spec.containers', cost: [40n, 40n], runtimeCost: 40, json: { name: 'x' } },
  {
    expr: 'JSONPatch{}.foo == 1',
    error: "compilation failed: ERROR: <input>:1:17: found no matching overload for '_==_' applied to '(, int)'\n | JSONPatch{}.foo == 1\n | ................^",
  },
  {
    expr: 'JSONPatch{}.foo + 1',
    error: "compilation failed: ERROR: <input>:1:17: found no matching overload for '_+_' applied to '(, int)'\n | JSONPatch{}.foo + 1\n | ................^",
  },
  { expr: '[JSONPatch{}.foo]', error: 'unexpected compilation error: missing type conversion to proto: ' },
  { expr: 'JSONPatch{}.?foo', error: 'unexpected compilation error: missing type conversion to proto: ' },
  { expr: 'JSONPatch{foo: object.spec}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 42, evalError: 'unexpected JSONPatchType field: foo' },
  {
    expr: 'JSONPatch{foo: null}',
    error: "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'null'\n | JSONPatch{foo: null}\n | .............^",
  },
  {
    expr: 'JSONPatch{foo: []}',
    error: "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'list(_var0)'\n | JSONPatch{foo: []}\n | .............^",
  },
  {
    expr: 'JSONPatch{foo: 1, bar: 2}',
    error:
      "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'int'\n | JSONPatch{foo: 1, bar: 2}\n | .............^\nERROR: <input>:1:22: expected type of field 'bar' is '' but provided type is 'int'\n | JSONPatch{foo: 1, bar: 2}\n | .....................^",
  },
  {
    expr: 'JSONPatch{op: 1, foo: 2}',
    error:
      "compilation failed: ERROR: <input>:1:13: expected type of field 'op' is 'string' but provided type is 'int'\n | JSONPatch{op: 1, foo: 2}\n | ............^\nERROR: <input>:1:21: expected type of field 'foo' is '' but provided type is 'int'\n | JSONPatch{op: 1, foo: 2}\n | ....................^",
  },
  {
    expr: 'JSONPatch{foo: Foo{}}',
    error: "compilation failed: ERROR: <input>:1:19: undeclared reference to 'Foo' (in container '')\n | JSONPatch{foo: Foo{}}\n | ..................^",
  },
  { expr: 'JSONPatch{value: 1}.value + 1', type: 'int', cost: [42n, 42n], runtimeCost: 43, json: 2 },
  { expr: 'Object{spec: Object.spec{a: 1}}.spec.a', type: 'dyn', cost: [81n, 81n], runtimeCost: 83, json: 1 },
  { expr: 'JSONPatch{op: "x"}.op + "y"', type: 'string', cost: [42n, 1844674407370955305n], runtimeCost: 43, json: 'xy' },
  { expr: 'JSONPatch{?value: optional.none()}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 41 },
  { expr: 'has(JSONPatch{?value: optional.none()}.value)', type: 'bool', cost: [41n, 41n], runtimeCost: 42, json: false },
  {
    expr: 'JSONPatch{foo: optional.of(1)}',
    error:
      "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'optional_type(int)'\n | JSONPatch{foo: optional.of(1)}\n | .............^",
  },
  {
    expr: 'JSONPatch{foo: Object{}}',
    error: "compilation failed: ERROR: <input>:1:14: expected type of field 'foo' is '' but provided type is 'Object'\n | JSONPatch{foo: Object{}}\n | .............^",
  },
  {
    expr: 'JSONPatch{?foo: optional.of(1)}',
    error: "compilation failed: ERROR: <input>:1:15: expected type of field 'foo' is '' but provided type is 'int'\n | JSONPatch{?foo: optional.of(1)}\n | ..............^",
  },
  { expr: 'Object{a: 1, b: x}', error: "compilation failed: ERROR: <input>:1:17: undeclared reference to 'x' (in container '')\n | Object{a: 1, b: x}\n | ................^" },
  { expr: 'jsonpatch.escapeKey("a/b~c")', type: 'string', cost: [1n, 1n], runtimeCost: 1, json: 'a~1b~0c' },
  {
    expr: 'jsonpatch.escapeKey("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/b~c")',
    type: 'string',
    cost: [6n, 6n],
    runtimeCost: 6,
    json: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa~1b~0c',
  },
  { expr: 'jsonpatch.escapeKey(object.metadata.name)', type: 'string', cost: [1n, 1844674407370955265n], runtimeCost: 4, json: 'x' },
  {
    expr: 'jsonpatch.escapeKey(1)',
    error: "compilation failed: ERROR: <input>:1:20: found no matching overload for 'jsonpatch.escapeKey' applied to '(int)'\n | jsonpatch.escapeKey(1)\n | ...................^",
  },
  { expr: '"/x/" + jsonpatch.escapeKey(object.metadata.name)', type: 'string', cost: [2n, 3689348814741910529n], runtimeCost: 5, json: '/x/x' },
  { expr: '[JSONPatch{value: duration("1h")}]', type: 'list(JSONPatch)', cost: [51n, 51n], runtimeCost: 50, json: [{ op: '', path: '', value: '3600s' }] },
  {
    expr: '[JSONPatch{op: "add", value: timestamp("2020-01-01T00:00:00.5Z")}, JSONPatch{from: "/x", value: b"ab"}]',
    type: 'list(JSONPatch)',
    cost: [91n, 91n],
    runtimeCost: 90,
    json: [
      { op: 'add', path: '', value: '2020-01-01T00:00:00.5Z' },
      { from: '/x', op: '', path: '', value: 'YWI=' },
    ],
  },
  {
    expr: '[JSONPatch{value: 1u}, JSONPatch{value: 1.5}, JSONPatch{value: 9007199254740993}, JSONPatch{value: 18446744073709551615u}, JSONPatch{value: -9007199254740993}]',
    type: 'list(JSONPatch)',
    cost: [210n, 210n],
    runtimeCost: 210,
    json: [
      { op: '', path: '', value: 1 },
      { op: '', path: '', value: 1.5 },
      { op: '', path: '', value: '9007199254740993' },
      { op: '', path: '', value: '18446744073709551615' },
      { op: '', path: '', value: '-9007199254740993' },
    ],
  },
  {
    expr: '[JSONPatch{value: type(1)}]',
    type: 'list(JSONPatch)',
    cost: [51n, 51n],
    runtimeCost: 50,
    patchError: "JSONPath valueExpression evaluated to a type that could not marshal to JSON: type conversion not supported for 'type'",
  },
  { expr: '[JSONPatch{value: null}]', type: 'list(JSONPatch)', cost: [50n, 50n], runtimeCost: 50, json: [{ op: '', path: '', value: null }] },
  {
    expr: '[JSONPatch{value: JSONPatch{}}]',
    type: 'list(JSONPatch)',
    cost: [90n, 90n],
    runtimeCost: 90,
    patchError: 'JSONPath valueExpression evaluated to a type that could not marshal to JSON: cannot convert to native type: *structpb.Value',
  },
  {
    expr: '[JSONPatch{value: Object.x{a: Object.y{}}}]',
    type: 'list(JSONPatch)',
    cost: [130n, 130n],
    runtimeCost: 130,
    patchError: 'type mismatch: unexpected type name "Object.y", expected "Object.x.a", which matches field name path from root Object type',
  },
  {
    expr: 'Object{a: Object.b{}}',
    type: 'Object',
    cost: [80n, 80n],
    runtimeCost: 80,
    patchError: 'type mismatch: unexpected type name "Object.b", expected "Object.a", which matches field name path from root Object type',
  },
  {
    expr: 'Object{a: [Object.a{b: Object.a.c{}}]}',
    type: 'Object',
    cost: [130n, 130n],
    runtimeCost: 130,
    patchError: 'type mismatch: unexpected type name "Object.a.c", expected "Object.a.b", which matches field name path from root Object type',
  },
  {
    expr: 'Object{a: {"k": Object.x{}}}',
    type: 'Object',
    cost: [110n, 110n],
    runtimeCost: 110,
    patchError: 'type mismatch: unexpected type name "Object.x", expected "Object.a", which matches field name path from root Object type',
  },
  { expr: 'Object{a: [Object.a{b: 1}], m: {"k": Object.m{z: 1}}}', type: 'Object', cost: [160n, 160n], runtimeCost: 160, json: { a: [{ b: 1 }], m: { k: { z: 1 } } } },
  { expr: 'Object{metadata: Object.metadata{labels: {"env": "prod"}}}', type: 'Object', cost: [110n, 110n], runtimeCost: 80, json: { metadata: { labels: { env: 'prod' } } } },
  {
    expr: 'Object{metadata: Object.metadata{labels: object.metadata.labels.map(k, k).filter(k, k != "a").size() > 0 ? {"b": "c"} : {"d": "e"}}}',
    type: 'Object',
    cost: [135n, 18446744073709551615n],
    runtimeCost: 102,
    json: { metadata: { labels: { d: 'e' } } },
  },
  {
    expr: '[JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/x"), value: object.metadata.name}]',
    type: 'list(JSONPatch)',
    cost: [56n, 56n],
    runtimeCost: 59,
    json: [{ op: 'add', path: '/metadata/labels/example.com~1x', value: 'x' }],
  },
  {
    expr: 'object.spec.replicas > 1 ? [JSONPatch{op: "replace", path: "/spec/replicas", value: 1}] : []',
    type: 'list(JSONPatch)',
    cost: [12n, 52n],
    runtimeCost: 54,
    json: [{ op: 'replace', path: '/spec/replicas', value: 1 }],
  },
  { expr: 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}', type: 'Object', cost: [82n, 82n], runtimeCost: 84, json: { spec: { replicas: 3 } } },
  {
    expr: '[1, 2].map(x, JSONPatch{op: "add", path: "/a/" + string(x), value: x})',
    type: 'list(JSONPatch)',
    cost: [133n, 3689348814741910659n],
    runtimeCost: 113,
    json: [
      { op: 'add', path: '/a/1', value: 1 },
      { op: 'add', path: '/a/2', value: 2 },
    ],
  },
  { expr: 'Object{a: [1, 2]}.a.size()', type: 'int', cost: [52n, 52n], runtimeCost: 43, json: 2 },
  { expr: 'Object{a: Object.a{}}.a == {}', type: 'bool', cost: [111n, 111n], runtimeCost: 82, json: true },
  { expr: 'Object{a: Object.a{b: 1}}.a', type: 'dyn', cost: [81n, 81n], runtimeCost: 82, json: { b: 1 } },
  { expr: 'Object{a: [Object.a{b: 1}]}.a[0].b', type: 'dyn', cost: [92n, 92n], runtimeCost: 94, json: 1 },
  { expr: 'Object{a: optional.none()}', type: 'Object', cost: [41n, 41n], runtimeCost: 41, json: { a: null } },
  { expr: 'JSONPatch{value: Object{a: 1}}.value', type: 'dyn', cost: [81n, 81n], runtimeCost: 82, json: { a: 1 } },
  {
    expr: 'Object{a: Object.a{b: Object.x{}}}',
    type: 'Object',
    cost: [120n, 120n],
    runtimeCost: 120,
    patchError: 'type mismatch: unexpected type name "Object.x", expected "Object.a.b", which matches field name path from root Object type',
  },
  { expr: 'Object{a: 1, b: 2}.b + 1', type: 'int', cost: [42n, 42n], runtimeCost: 43, json: 3 },
  {
    expr: '[JSONPatch{op: "test", path: "/spec/replicas", value: 2}, JSONPatch{op: "copy", from: "/a", path: "/b"}, JSONPatch{op: "remove", path: "/c"}]',
    type: 'list(JSONPatch)',
    cost: [130n, 130n],
    runtimeCost: 130,
    json: [
      { op: 'test', path: '/spec/replicas', value: 2 },
      { from: '/a', op: 'copy', path: '/b' },
      { op: 'remove', path: '/c' },
    ],
  },
  {
    expr: 'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "c", image: "i"}]}}}}',
    type: 'Object',
    cost: [210n, 210n],
    runtimeCost: 210,
    json: { spec: { template: { spec: { containers: [{ image: 'i', name: 'c' }] } } } },
  },
  {
    expr: '[Object{}, Object.x{}]',
    error: "compilation failed: ERROR: <input>:1:20: expected type 'Object' but found 'Object.x'\n | [Object{}, Object.x{}]\n | ...................^",
  },
  {
    expr: '{"a": Object{}, "b": Object.spec{}}',
    error:
      'compilation failed: ERROR: <input>:1:33: expected type \'Object\' but found \'Object.spec\'\n | {"a": Object{}, "b": Object.spec{}}\n | ................................^',
  },
  { expr: '[JSONPatch{}, dyn(1)]', error: "compilation failed: ERROR: <input>:1:18: expected type 'JSONPatch' but found 'dyn'\n | [JSONPatch{}, dyn(1)]\n | .................^" },
  {
    expr: 'true ? Object{} : Object.x{}',
    error: "compilation failed: ERROR: <input>:1:6: found no matching overload for '_?_:_' applied to '(bool, Object, Object.x)'\n | true ? Object{} : Object.x{}\n | .....^",
  },
  { expr: 'true ? Object{} : null', type: 'Object', cost: [0n, 40n], runtimeCost: 40, json: {} },
  { expr: 'Object{} == null', type: 'bool', cost: [41n, 41n], runtimeCost: 41, json: false },
  {
    expr: 'object.metadata.labels.map(k, JSONPatch{op: "remove", path: "/metadata/labels/" + jsonpatch.escapeKey(k)})',
    type: 'list(JSONPatch)',
    cost: [12n, 18446744073709551615n],
    runtimeCost: 60,
    json: [{ op: 'remove', path: '/metadata/labels/a' }],
  },
  {
    expr: 'Object{spec: Object.spec{initContainers: [Object.spec.initContainers{name: "mesh-proxy", image: "mesh/proxy:v1.0.0", args: ["proxy", "sidecar"], restartPolicy: "Always"}]}}',
    type: 'Object',
    cost: [140n, 140n],
    runtimeCost: 130,
    json: { spec: { initContainers: [{ args: ['proxy', 'sidecar'], image: 'mesh/proxy:v1.0.0', name: 'mesh-proxy', restartPolicy: 'Always' }] } },
  },
  {
    expr: '[JSONPatch{op: "add", path: "/spec/initContainers/-", value: Object.spec.initContainers{name: "mesh-proxy", image: "mesh-proxy/v1.0.0", restartPolicy: "Always"}}]',
    type: 'list(JSONPatch)',
    cost: [90n, 90n],
    runtimeCost: 90,
    json: [{ op: 'add', path: '/spec/initContainers/-', value: { image: 'mesh-proxy/v1.0.0', name: 'mesh-proxy', restartPolicy: 'Always' } }],
  },
  {
    expr: '!has(object.spec.initContainers) ? [JSONPatch{op: "add", path: "/spec/initContainers", value: []}] : []',
    type: 'list(JSONPatch)',
    cost: [12n, 62n],
    runtimeCost: 53,
    json: [{ op: 'add', path: '/spec/initContainers', value: [] }],
  },
  {
    expr: '[JSONPatch{op: "add", path: "/metadata/annotations", value: {}}, JSONPatch{op: "add", path: "/metadata/annotations/" + jsonpatch.escapeKey("a/b"), value: string(object.spec.replicas)}]',
    type: 'list(JSONPatch)',
    cost: [125n, 1844674407370955389n],
    runtimeCost: 98,
    json: [
      { op: 'add', path: '/metadata/annotations', value: {} },
      { op: 'add', path: '/metadata/annotations/a~1b', value: '2' },
    ],
  },
  { expr: 'Object{metadata: Object.metadata{labels: object.metadata.labels}}', type: 'Object', cost: [81n, 81n], runtimeCost: 83, json: { metadata: { labels: { a: 'b' } } } },
  {
    expr: 'Object{metadata: Object.metadata{labels: {"x": "y"}.filter(k, k != "z").map(k, k)}}',
    type: 'Object',
    cost: [148n, 160n],
    runtimeCost: 110,
    json: { metadata: { labels: ['x'] } },
  },
  {
    expr: 'cel.bind(x, Object{a: 1}, [x, x])',
    error:
      "compilation failed: ERROR: <input>:1:1: undeclared reference to 'cel' (in container '')\n | cel.bind(x, Object{a: 1}, [x, x])\n | ^\nERROR: <input>:1:9: undeclared reference to 'bind' (in container '')\n | cel.bind(x, Object{a: 1}, [x, x])\n | ........^\nERROR: <input>:1:10: undeclared reference to 'x' (in container '')\n | cel.bind(x, Object{a: 1}, [x, x])\n | .........^\nERROR: <input>:1:28: undeclared reference to 'x' (in container '')\n | cel.bind(x, Object{a: 1}, [x, x])\n | ...........................^\nERROR: <input>:1:31: undeclared reference to 'x' (in container '')\n | cel.bind(x, Object{a: 1}, [x, x])\n | ..............................^",
  },
  { expr: '[Object{a: 1}].exists(o, o.a == 1)', type: 'bool', cost: [55n, 58n], runtimeCost: 58, json: true },
  { expr: '[Object{a: 1}].all(o, has(o.a))', type: 'bool', cost: [54n, 55n], runtimeCost: 55, json: true },
  { expr: 'optional.of(Object{a: 1}).value()', type: 'Object', cost: [42n, 42n], runtimeCost: 42, json: { a: 1 } },
  { expr: 'optional.of(Object{a: 1}).?a', type: 'optional_type(dyn)', cost: [42n, 42n], runtimeCost: 43 },
  { expr: 'JSONPatch{value: 1}.?value.orValue(2)', type: 'dyn', cost: [42n, 42n], runtimeCost: 42, json: 1 },
  { expr: 'JSONPatch{op: object.metadata.name}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 43 },
  { expr: 'JSONPatch{op: object.spec.replicas}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 43, evalError: "unexpected type int64 for JSONPatchType 'op' field" },
  { expr: 'Object{a: object.spec.replicas}', type: 'Object', cost: [41n, 41n], runtimeCost: 43, json: { a: 2 } },
  { expr: 'Object{a: object}.a.metadata.name', type: 'dyn', cost: [42n, 42n], runtimeCost: 45, json: 'x' },
  { expr: 'Object{a: object}', type: 'Object', cost: [41n, 41n], runtimeCost: 41, json: { a: { metadata: { labels: { a: 'b' }, name: 'x' }, spec: { replicas: 2 } } } },
  {
    expr: '[JSONPatch{op: "replace", path: "/spec", value: object.spec}]',
    type: 'list(JSONPatch)',
    cost: [51n, 51n],
    runtimeCost: 52,
    json: [{ op: 'replace', path: '/spec', value: { replicas: 2 } }],
  },
  { expr: 'Object{}.a == null', type: 'bool', cost: [42n, 42n], runtimeCost: 43, json: true },
  { expr: 'JSONPatch{}.value == null', type: 'bool', cost: [42n, 42n], runtimeCost: 43, json: true },
  { expr: 'Object{a: {"b": 1}} == Object{a: {"b": 1}}', type: 'bool', cost: [141n, 1844674407370955404n], runtimeCost: 81, json: true },
  { expr: 'Object{a: Object.a{b: 1}} == Object{a: Object.a{b: 1}}', type: 'bool', cost: [161n, 1844674407370955424n], runtimeCost: 161, json: true },
  { expr: 'Object{a: 1} == Object{a: 2}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: false },
  { expr: 'Object{a: 1} == Object{b: 1}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: false },
  { expr: '[JSONPatch{}] == [JSONPatch{}]', type: 'bool', cost: [101n, 101n], runtimeCost: 101, json: true },
  { expr: 'JSONPatch{value: [1]} == JSONPatch{value: [1]}', type: 'bool', cost: [101n, 1844674407370955364n], runtimeCost: 81, json: true },
  { expr: 'JSONPatch{value: 1} == JSONPatch{value: 1u}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{a: 1}.?b.hasValue()', type: 'bool', cost: [42n, 42n], runtimeCost: 42, json: false },
  { expr: 'type(Object.spec{}) == type(Object.spec{})', type: 'bool', cost: [83n, 1844674407370955346n], runtimeCost: 83, json: true },
  {
    expr: 'string(type(Object.spec{}))',
    error: "compilation failed: ERROR: <input>:1:7: found no matching overload for 'string' applied to '(type(Object.spec))'\n | string(type(Object.spec{}))\n | ......^",
  },
  { expr: 'Object{a: object.metadata.labels} == Object{a: object.metadata.labels}', type: 'bool', cost: [83n, 1844674407370955346n], runtimeCost: 87, json: true },
  { expr: 'Object{a: object.metadata} == Object{a: object.metadata}', type: 'bool', cost: [83n, 1844674407370955346n], runtimeCost: 85, json: true },
  { expr: 'Object{a: "x", b: 2} == Object{b: 2, a: "x"}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{a: object.spec.replicas} == Object{a: 2}', type: 'bool', cost: [82n, 1844674407370955345n], runtimeCost: 84, json: true },
  {
    expr: 'Object{a: timestamp("2020-01-01T00:00:00Z")} == Object{a: timestamp("2020-01-01T00:00:00Z")}',
    type: 'bool',
    cost: [83n, 1844674407370955346n],
    runtimeCost: 81,
    json: true,
  },
  { expr: 'Object{a: b"x"} == Object{a: b"x"}', type: 'bool', cost: [81n, 1844674407370955344n], runtimeCost: 81, json: true },
  { expr: 'Object{a: JSONPatch{}} == Object{a: JSONPatch{}}', type: 'bool', cost: [161n, 1844674407370955424n], runtimeCost: 161, json: true },
  { expr: 'Object{a: optional.of(1)} == Object{a: optional.of(1)}', type: 'bool', cost: [83n, 1844674407370955346n], runtimeCost: 83, json: true },
  { expr: 'Object{a: {"b": object.spec.replicas}} == Object{a: {"b": 2}}', type: 'bool', cost: [142n, 1844674407370955405n], runtimeCost: 114, json: true },
  { expr: 'optional.of(Object{a: 1}).?a.value()', type: 'dyn', cost: [43n, 43n], runtimeCost: 44, json: 1 },
  { expr: 'optional.of(Object{a: 1}).?b.hasValue()', type: 'bool', cost: [43n, 43n], runtimeCost: 43, json: false },
  { expr: 'optional.of(Object{a: 1}).a', type: 'optional_type(dyn)', cost: [41n, 41n], runtimeCost: 43 },
  { expr: 'optional.of(JSONPatch{op: "x"}).?op.value()', type: 'string', cost: [43n, 43n], runtimeCost: 44, json: 'x' },
  { expr: 'JSONPatch{op: dyn([1])}', type: 'JSONPatch', cost: [51n, 51n], runtimeCost: 40, evalError: "unexpected type []ref.Val for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn({"a": 1})}', type: 'JSONPatch', cost: [71n, 71n], runtimeCost: 40, evalError: "unexpected type map[ref.Val]ref.Val for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(null)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type structpb.NullValue for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(1.5)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type float64 for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(b"x")}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type []uint8 for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(true)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type bool for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(1u)}', type: 'JSONPatch', cost: [41n, 41n], runtimeCost: 40, evalError: "unexpected type uint64 for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(duration("1s"))}', type: 'JSONPatch', cost: [42n, 42n], runtimeCost: 40, evalError: "unexpected type time.Duration for JSONPatchType 'op' field" },
  {
    expr: 'JSONPatch{op: dyn(timestamp("2020-01-01T00:00:00Z"))}',
    type: 'JSONPatch',
    cost: [42n, 42n],
    runtimeCost: 40,
    evalError: "unexpected type time.Time for JSONPatchType 'op' field",
  },
  { expr: 'JSONPatch{op: dyn(Object{})}', type: 'JSONPatch', cost: [81n, 81n], runtimeCost: 81, evalError: "unexpected type map[string]interface {} for JSONPatchType 'op' field" },
  {
    expr: 'JSONPatch{op: dyn(JSONPatch{})}',
    type: 'JSONPatch',
    cost: [81n, 81n],
    runtimeCost: 81,
    evalError: "unexpected type *mutation.JSONPatchVal for JSONPatchType 'op' field",
  },
  {
    expr: 'JSONPatch{op: dyn(object.metadata)}',
    type: 'JSONPatch',
    cost: [42n, 42n],
    runtimeCost: 43,
    evalError: "unexpected type map[string]interface {} for JSONPatchType 'op' field",
  },
  {
    expr: 'JSONPatch{op: dyn(object.metadata.labels)}',
    type: 'JSONPatch',
    cost: [42n, 42n],
    runtimeCost: 44,
    evalError: "unexpected type map[string]interface {} for JSONPatchType 'op' field",
  },
  { expr: 'JSONPatch{op: dyn([object.spec])}', type: 'JSONPatch', cost: [52n, 52n], runtimeCost: 53, evalError: "unexpected type []ref.Val for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(optional.of(1))}', type: 'JSONPatch', cost: [42n, 42n], runtimeCost: 42, evalError: "unexpected type int64 for JSONPatchType 'op' field" },
  { expr: 'JSONPatch{op: dyn(type(1))}', type: 'JSONPatch', cost: [42n, 42n], runtimeCost: 40 },
  { expr: 'JSONPatch{op: dyn({1: 2})}', type: 'JSONPatch', cost: [71n, 71n], runtimeCost: 40, evalError: "unexpected type map[ref.Val]ref.Val for JSONPatchType 'op' field" },
  { expr: 'Object{}', patchTypes: false, error: "compilation failed: ERROR: <input>:1:7: undeclared reference to 'Object' (in container '')\n | Object{}\n | ......^" },
  {
    expr: 'JSONPatch{op: "add"}',
    patchTypes: false,
    error: "compilation failed: ERROR: <input>:1:10: undeclared reference to 'JSONPatch' (in container '')\n | JSONPatch{op: \"add\"}\n | .........^",
  },
  {
    expr: 'jsonpatch.escapeKey("a")',
    patchTypes: false,
    error:
      "compilation failed: ERROR: <input>:1:1: undeclared reference to 'jsonpatch' (in container '')\n | jsonpatch.escapeKey(\"a\")\n | ^\nERROR: <input>:1:20: undeclared reference to 'escapeKey' (in container '')\n | jsonpatch.escapeKey(\"a\")\n | ...................^",
  },
  { expr: 'int{}', patchTypes: false, error: "compilation failed: ERROR: <input>:1:4: 'int' is not a message type\n | int{}\n | ...^" },
  { expr: 'object{}', patchTypes: false, error: "compilation failed: ERROR: <input>:1:7: 'dyn' is not a type\n | object{}\n | ......^" },
  {
    expr: 'kubernetes.AdmissionRequest{name: "x"}',
    patchTypes: false,
    type: 'kubernetes.AdmissionRequest',
    cost: [40n, 40n],
    runtimeCost: 40,
    evalError: "unknown type 'kubernetes.AdmissionRequest'",
  },
  {
    expr: 'kubernetes.AdmissionRequest{foo: 1}',
    patchTypes: false,
    error: "compilation failed: ERROR: <input>:1:32: undefined field 'foo'\n | kubernetes.AdmissionRequest{foo: 1}\n | ...............................^",
  },
  { expr: 'Object', patchTypes: false, error: "compilation failed: ERROR: <input>:1:1: undeclared reference to 'Object' (in container '')\n | Object\n | ^" },
  { expr: 'Foo{a: 1}', patchTypes: false, error: "compilation failed: ERROR: <input>:1:4: undeclared reference to 'Foo' (in container '')\n | Foo{a: 1}\n | ...^" },
];
