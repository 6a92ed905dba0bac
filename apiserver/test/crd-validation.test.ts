// The validation of CustomResourceDefinitions (apiextensions.k8s.io/v1) as kube-apiserver 1.35
// does it: the unit checks with kube's exact messages and field paths, and over HTTP, a kubectl
// style POST of an invalid CRD answered with kube's 422 and a valid one created. Every expected
// list marked "(kube-apiserver 1.35.4)" was read from the real kube-apiserver 1.35.4 answering the
// same object (a dry-run POST, or a PUT for the update).

import { fieldErrorMessage, generateSelfSignedCertKey, type FieldError } from '@capstan/common';
import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { defaultCustomResourceDefinition } from '../src/resources/apiextensions/customresourcedefinitions/crd-defaults.ts';
import { customResourceDefinitionStrategy } from '../src/resources/apiextensions/customresourcedefinitions/crd-strategy.ts';
import { customResourceDefinitionErrors, customResourceDefinitionUpdateErrors } from '../src/resources/apiextensions/customresourcedefinitions/crd-validation.ts';
import { structuralSchemaErrors } from '../src/resources/apiextensions/customresourcedefinitions/structural-schema-validation.ts';

const messages = (errors: readonly FieldError[]): string[] => errors.map(fieldErrorMessage);

/** A CRD as a create stores it: defaulted, and prepared by its strategy (the status kube starts it with). */
function created(spec: JsonObject, name = 'widgets.example.com'): JsonObject {
  const crd: JsonObject = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name }, spec };
  defaultCustomResourceDefinition(crd);
  customResourceDefinitionStrategy.prepareForCreate?.(crd);
  return crd;
}

const widgetSpec = (version: JsonObject): JsonObject => ({
  group: 'example.com',
  scope: 'Namespaced',
  names: { plural: 'widgets', kind: 'Widget' },
  versions: [{ name: 'v1', served: true, storage: true, ...version }],
});

/** The CronTab of kube's documentation. */
const cronTab = (): JsonObject => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'crontabs.stable.example.com' },
  spec: {
    group: 'stable.example.com',
    scope: 'Namespaced',
    names: { plural: 'crontabs', singular: 'crontab', kind: 'CronTab', shortNames: ['ct'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', properties: { cronSpec: { type: 'string' }, image: { type: 'string' }, replicas: { type: 'integer' } } } },
          },
        },
      },
    ],
  },
});

const dns1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

test("kube's CronTab is valid, and defaulted as kube defaults it", (t) => {
  const crd = created(cronTab().spec as JsonObject, 'crontabs.stable.example.com');
  t.deepEqual(customResourceDefinitionErrors(crd), []);
  const spec = crd.spec as JsonObject;
  t.is((spec.names as JsonObject).listKind, 'CronTabList');
  t.deepEqual(spec.conversion, { strategy: 'None' });
  t.deepEqual(crd.status, { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
  const noSingular = created(widgetSpec({ schema: { openAPIV3Schema: { type: 'object' } } }));
  t.is(((noSingular.spec as JsonObject).names as JsonObject).singular, 'widget');
});

test('group, scope, names, version names, deprecation, scale paths, printer columns and conversion (kube-apiserver 1.35.4)', (t) => {
  const crd = created({
    group: 'example',
    scope: 'Global',
    names: { plural: 'Crontabs', kind: 'Cron_Tab', listKind: 'Cron_Tab', shortNames: ['c t'], categories: ['All'] },
    conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v3', 'v3'] } },
    versions: [
      {
        name: 'V1',
        served: true,
        storage: true,
        deprecationWarning: '',
        schema: { openAPIV3Schema: { type: 'object' } },
        subresources: { scale: { specReplicasPath: 'spec.r', statusReplicasPath: '.spec.r', labelSelectorPath: '.x' } },
        additionalPrinterColumns: [
          { name: '', type: 'str', format: 'fmt', jsonPath: 'spec' },
          { name: 'a', type: '', jsonPath: '' },
        ],
      },
      { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', properties: { x: { type: 'string' } } } } },
    ],
  });
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    'spec.group: Invalid value: "example": should be a domain with at least one dot',
    'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"',
    `spec.versions[0].name: Invalid value: "V1": ${dns1035}`,
    'spec.versions[0].deprecationWarning: Invalid value: "": can only be set for deprecated versions',
    'spec.versions[0].subresources.scale.specReplicasPath: Invalid value: "spec.r": must be a simple json path starting with .',
    'spec.versions[0].subresources.scale.statusReplicasPath: Invalid value: ".spec.r": should be a json path under .status',
    'spec.versions[0].subresources.scale.labelSelectorPath: Invalid value: ".x": should be a json path under either .spec or .status',
    'spec.versions[0].additionalPrinterColumns[0].name: Required value',
    'spec.versions[0].additionalPrinterColumns[0].type: Invalid value: "str": must be one of boolean,date,integer,number,string',
    'spec.versions[0].additionalPrinterColumns[0].format: Invalid value: "fmt": must be one of byte,date,date-time,double,float,int32,int64,password',
    'spec.versions[0].additionalPrinterColumns[0].JSONPath: Invalid value: "spec": must be a simple json path starting with .',
    'spec.versions[0].additionalPrinterColumns[1].type: Required value: must be one of boolean,date,integer,number,string',
    'spec.versions[0].additionalPrinterColumns[1].JSONPath: Required value',
    `spec.version: Invalid value: "V1": ${dns1035}`,
    `spec.names.plural: Invalid value: "Crontabs": ${dns1035}`,
    `spec.names.singular: Invalid value: "cron_tab": ${dns1035}`,
    `spec.names.kind: Invalid value: "Cron_Tab": may have mixed case, but should otherwise match: ${dns1035}`,
    `spec.names.listKind: Invalid value: "Cron_Tab": may have mixed case, but should otherwise match: ${dns1035}`,
    `spec.names.shortNames[0]: Invalid value: "c t": ${dns1035}`,
    'spec.names.listKind: Invalid value: "Cron_Tab": kind and listKind may not be the same',
    `spec.names.categories[0]: Invalid value: "All": ${dns1035}`,
    'spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook',
    'spec.conversion.conversionReviewVersions[1]: Invalid value: "v3": duplicate version',
    'spec.conversion.conversionReviewVersions: Invalid value: ["v3","v3"]: must include at least one of v1, v1beta1',
  ]);
});

test('no storage version: the versions as kube prints its internal ones, and no stored version (kube-apiserver 1.35.4)', (t) => {
  const crd = created({
    ...widgetSpec({}),
    versions: [
      { name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object' } } },
      {
        name: 'v2',
        served: true,
        storage: false,
        deprecated: true,
        deprecationWarning: 'x',
        schema: { openAPIV3Schema: { type: 'object' } },
        additionalPrinterColumns: [{ name: 'a', type: 'string', jsonPath: '.spec.a' }],
      },
    ],
  });
  // The schema both versions share is lifted to spec.validation, so neither version shows one.
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    'spec.versions: Invalid value: [{"Name":"v1","Served":true,"Storage":false,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null},{"Name":"v2","Served":true,"Storage":false,"Deprecated":true,"DeprecationWarning":"x","Schema":null,"Subresources":null,"AdditionalPrinterColumns":[{"Name":"a","Type":"string","Format":"","Description":"","Priority":0,"JSONPath":".spec.a"}],"SelectableFields":null}]: must have exactly one version marked as storage version',
    'status.storedVersions: Invalid value: null: must have at least one stored version',
  ]);
});

test('a schema all versions share is reported at spec.validation (kube-apiserver 1.35.4)', (t) => {
  const crd = created(widgetSpec({ schema: { openAPIV3Schema: { type: 'object', properties: { spec: { properties: { x: { type: 'string' } } } } } } }));
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    'spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
  ]);
  const missing = created(widgetSpec({}));
  t.deepEqual(messages(customResourceDefinitionErrors(missing)), ['spec.versions[0].schema.openAPIV3Schema: Required value']);
});

test('with the status subresource the root may only have some fields, the schema printed as kube prints it (kube-apiserver 1.35.4)', (t) => {
  const crd = created({
    ...widgetSpec({}),
    versions: [
      { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } },
      {
        name: 'v2',
        served: true,
        storage: false,
        schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, default: { a: 1 } } },
        subresources: { status: {} },
      },
    ],
  });
  const errors = messages(customResourceDefinitionErrors(crd));
  t.is(
    errors[0],
    'spec.versions[1].schema.openAPIV3Schema: Invalid value: {"ID":"","Schema":"","Ref":null,"Description":"","Type":"object","Nullable":false,"Format":"","Title":"","Default":{"a":1},"Maximum":null,"ExclusiveMaximum":false,"Minimum":null,"ExclusiveMinimum":false,"MaxLength":null,"MinLength":null,"Pattern":"","MaxItems":null,"MinItems":null,"UniqueItems":false,"MultipleOf":null,"Enum":null,"MaxProperties":null,"MinProperties":null,"Required":null,"Items":null,"AllOf":null,"OneOf":null,"AnyOf":null,"Not":null,"Properties":null,"AdditionalProperties":null,"PatternProperties":null,"Dependencies":null,"AdditionalItems":null,"Definitions":null,"ExternalDocs":null,"Example":null,"XPreserveUnknownFields":true,"XEmbeddedResource":false,"XIntOrString":false,"XListMapKeys":null,"XListType":null,"XMapType":null,"XValidations":null}: only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled',
  );
  // The root's default is an object's root: kube then reports its missing apiVersion and kind.
  t.deepEqual(errors.slice(1), [
    'spec.versions[1].schema.openAPIV3Schema.default.apiVersion: Required value',
    'spec.versions[1].schema.openAPIV3Schema.default.kind: Required value',
  ]);
});

test('structural schema rules, list types, rule shapes and an RE2 pattern (kube-apiserver 1.35.4)', (t) => {
  const crd = created(
    widgetSpec({
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                s: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object' } },
                v: {
                  type: 'string',
                  'x-kubernetes-validations': [
                    { rule: '', reason: 'Bad' },
                    { rule: 'self.size() > 1', message: '  ', fieldPath: '.nope' },
                  ],
                },
                w: { type: 'string', pattern: '(' },
                t: { type: 'array' },
              },
            },
          },
          items: { type: 'string' },
        },
      },
    }),
  );
  const at = 'spec.validation.openAPIV3Schema.properties[spec].properties';
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    `${at}[t].items: Required value: must be specified`,
    `${at}[w].pattern: Invalid value: "(": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): \`(\``,
    `${at}[s].items.x-kubernetes-map-type: Invalid value: null: must be atomic as item of a list with x-kubernetes-list-type=set`,
    `${at}[v].x-kubernetes-validations[0].rule: Required value: rule is not specified`,
    `${at}[v].x-kubernetes-validations[0].reason: Unsupported value: "Bad": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
    `${at}[v].x-kubernetes-validations[1].message: Invalid value: "  ": must be non-empty if specified`,
    `${at}[v].x-kubernetes-validations[1].fieldPath: Invalid value: ".nope": must be a valid path`,
  ]);
});

test('a schema that cannot be read as structural says why only when nothing else is wrong (kube-apiserver 1.35.4)', (t) => {
  const schema = { type: 'object', $schema: 'x', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': false } } };
  t.deepEqual(messages(customResourceDefinitionErrors(created(widgetSpec({ schema: { openAPIV3Schema: schema } })))), [
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined',
  ]);
  const onlySchema = { type: 'object', $schema: 'x' };
  t.deepEqual(messages(customResourceDefinitionErrors(created(widgetSpec({ schema: { openAPIV3Schema: onlySchema } })))), [
    `spec.validation.openAPIV3Schema: Invalid value: "": OpenAPIV3Schema 'schema' is not supported`,
  ]);
});

test('structural rules: the root, metadata, embedded resources, int-or-string and value validations', (t) => {
  const errors = structuralSchemaErrors(
    {
      type: 'object',
      additionalProperties: { type: 'string' },
      properties: {
        metadata: { type: 'object', properties: { labels: { type: 'object' } } },
        kind: { type: 'integer' },
        a: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
        b: { type: 'object', allOf: [{ properties: { q: { type: 'string', description: 'd' } } }] },
        e: { type: 'object', 'x-kubernetes-embedded-resource': true },
      },
      anyOf: [{ properties: { missing: {} } }],
    },
    's',
  );
  // Sorted by their text, as kube sorts them.
  t.deepEqual(messages(errors), [
    's.additionalProperties: Forbidden: must not be used at the root',
    's.properties[b].allOf[0].properties[q].description: Forbidden: must be empty to be structural',
    's.properties[b].allOf[0].properties[q].type: Forbidden: must be empty to be structural',
    's.properties[e].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
    's.properties[kind].type: Invalid value: "integer": must be string',
    's.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
    's.properties[missing]: Required value: because it is defined in s.anyOf[0].properties[missing]',
  ]);
});

test('an update keeps group and plural, and the stored versions (kube-apiserver 1.35.4, of an established CRD)', (t) => {
  const old = created(cronTab().spec as JsonObject, 'crontabs.stable.example.com');
  (old.status as JsonObject).conditions = [{ type: 'Established', status: 'True' }];
  const next = structuredClone(old);
  const spec = next.spec as JsonObject;
  spec.group = 'other.example.com';
  (spec.names as JsonObject).plural = 'crons';
  spec.scope = 'Cluster';
  const version = (spec.versions as JsonObject[])[0] as JsonObject;
  version.storage = false;
  version.name = 'v2';
  customResourceDefinitionStrategy.prepareForUpdate?.(next, old);
  t.deepEqual(messages(customResourceDefinitionUpdateErrors(next, old, [])), [
    'spec.versions: Invalid value: [{"Name":"v2","Served":true,"Storage":false,"Deprecated":false,"DeprecationWarning":null,"Schema":null,"Subresources":null,"AdditionalPrinterColumns":null,"SelectableFields":null}]: must have exactly one version marked as storage version',
    'spec.scope: Invalid value: "Cluster": field is immutable',
    'spec.group: Invalid value: "other.example.com": field is immutable',
    'spec.names.plural: Invalid value: "crons": field is immutable',
    'status.storedVersions[0]: Invalid value: "v1": missing from spec.versions; v1 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v1 and removes v1 from status.storedVersions',
  ]);
  // A new storage version joins the stored ones.
  const moved = structuredClone(old);
  ((moved.spec as JsonObject).versions as JsonObject[]).push({ name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object' } } });
  const versions = (moved.spec as JsonObject).versions as JsonObject[];
  (versions[0] as JsonObject).storage = false;
  (versions[1] as JsonObject).storage = true;
  customResourceDefinitionStrategy.prepareForUpdate?.(moved, old);
  t.deepEqual((moved.status as JsonObject).storedVersions, ['v1', 'v2']);
  t.deepEqual(customResourceDefinitionUpdateErrors(moved, old, []), []);
});

test('selectable fields, protected groups and preserveUnknownFields', (t) => {
  const crd = created({
    ...widgetSpec({
      schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'object' } } } } } },
      selectableFields: [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }, { jsonPath: 'spec' }, { jsonPath: '.spec.color' }, { jsonPath: '.spec[0]' }],
    }),
    group: 'widgets.k8s.io',
    preserveUnknownFields: true,
  });
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    'spec.selectableFields[1].jsonPath: Invalid value: ".spec.size": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
    'spec.selectableFields[2].jsonPath: Invalid value: "spec": is an invalid path: expected [ or . but got: spec',
    'spec.selectableFields[3].jsonPath: Duplicate value: ".spec.color"',
    'spec.selectableFields[4].jsonPath: Invalid value: ".spec[0]": is an invalid path: array notation is not allowed',
    'metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
    'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
  ]);
});

test("a conversion webhook's service: kube checks its name as the namespace and the other way round (kube-apiserver 1.35.4)", (t) => {
  const service = { name: '', namespace: 'ns', path: 'x', port: 70000 };
  const webhook = { clientConfig: { service }, conversionReviewVersions: ['v1'] };
  const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } };
  const crd = created({ ...widgetSpec({ schema }), conversion: { strategy: 'Webhook', webhook } });
  const at = 'spec.conversion.webhookClientConfig.service';
  t.deepEqual(messages(customResourceDefinitionErrors(crd)), [
    `${at}.namespace: Required value`,
    `${at}.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive`,
    `${at}.path: Invalid value: "x": must start with a '/'`,
    `${at}.path: Invalid value: "x": segment[0] may not be empty`,
  ]);
  const none = created({ ...widgetSpec({ schema }), conversion: { strategy: 'None', webhook } });
  t.deepEqual(messages(customResourceDefinitionErrors(none)), [
    'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
    'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
  ]);
});

test("an established CRD's conversion webhook caBundle must hold a certificate; a new or unestablished one may not (kube-apiserver 1.35.4)", async (t) => {
  const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } };
  const withBundle = (text: string): JsonObject => {
    const caBundle = Buffer.from(text).toString('base64');
    const webhook = { clientConfig: { url: 'https://127.0.0.1:18443/convert', caBundle }, conversionReviewVersions: ['v1'] };
    return created({ ...widgetSpec({ schema }), conversion: { strategy: 'Webhook', webhook } });
  };
  const at = 'spec.conversion.webhookClientConfig.caBundle';
  t.deepEqual(customResourceDefinitionErrors(withBundle('garbage')), []);
  const old = withBundle('');
  (old.status as JsonObject).conditions = [{ type: 'Established', status: 'True' }];
  const cases: readonly (readonly [string, string])[] = [
    ['garbage', 'unable to parse bytes as PEM block'],
    ['   \n', 'unable to parse bytes as PEM block'],
    ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', 'failed to parse certificate: x509: malformed certificate'],
    ['-----BEGIN FOO-----\nAAAA\n-----END FOO-----\n', 'no valid certificate authority data seen'],
  ];
  for (const [text, reason] of cases) {
    t.deepEqual(messages(customResourceDefinitionUpdateErrors(withBundle(text), old, [])), [
      `${at}: Invalid value: "${Buffer.from(text).toString('base64')}": unable to load root certificates: ${reason}`,
    ]);
  }
  // An established CRD whose bundle was invalid already may keep an invalid one.
  t.deepEqual(customResourceDefinitionUpdateErrors(withBundle('other garbage'), { ...withBundle('garbage'), status: old.status }, []), []);
  const { certificate } = await generateSelfSignedCertKey('127.0.0.1');
  t.deepEqual(customResourceDefinitionUpdateErrors(withBundle(certificate), old, []), []);
});

let server: ApiServerChild | undefined;
const url = (): string => (server as ApiServerChild).url;
const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-crd-validation-' });
});
test.after.always(() => server?.stop());

async function post(body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const answer = await fetch(`${url()}${crds}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}

test("over HTTP: an invalid CRD gets kube's 422, kube's CronTab is created (kube-apiserver 1.35.4)", async (t) => {
  const invalid = cronTab();
  const version = ((invalid.spec as JsonObject).versions as JsonObject[])[0] as JsonObject;
  (((version.schema as JsonObject).openAPIV3Schema as JsonObject).properties as JsonObject).spec = { properties: { x: { type: 'string' } } };
  const refused = await post(invalid);
  t.is(refused.status, 422);
  t.deepEqual(refused.body, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message:
      'CustomResourceDefinition.apiextensions.k8s.io "crontabs.stable.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
    reason: 'Invalid',
    details: {
      name: 'crontabs.stable.example.com',
      group: 'apiextensions.k8s.io',
      kind: 'CustomResourceDefinition',
      causes: [
        { reason: 'FieldValueRequired', message: 'Required value: must not be empty for specified object fields', field: 'spec.validation.openAPIV3Schema.properties[spec].type' },
      ],
    },
    code: 422,
  });
  const accepted = await post(cronTab());
  t.is(accepted.status, 201);
  t.is(accepted.body.metadata.generation, 1);
  t.deepEqual(accepted.body.spec.names, { plural: 'crontabs', singular: 'crontab', shortNames: ['ct'], kind: 'CronTab', listKind: 'CronTabList' });
  t.deepEqual(accepted.body.spec.conversion, { strategy: 'None' });
  t.deepEqual(accepted.body.status, { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
});
