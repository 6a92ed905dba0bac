// Parts of a pod spec kube validates that were not checked before: its tolerations (kube's
// ValidateTolerations) and its containers' resources (ValidateContainerResourceRequirements:
// extended resources whole and with a limit equal to the request, requests within limits,
// hugepages beside cpu or memory); and every container's resize policy alike, an init container's
// included (kube's "must not be set for init containers" is behind InPlacePodVerticalScaling, GA in 1.35).
// The messages were recorded from the real kube-apiserver 1.35.4, sent the same requests.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-tolerations-' });
});
test.after.always(() => server?.stop());

async function create(spec: object): Promise<{ code: number; message: string }> {
  const { url, token } = server as ApiServerChild;
  const response = await fetch(`${url}/api/v1/namespaces/default/pods?dryRun=All`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } }),
  });
  const body = (await response.json()) as { message?: string };
  return { code: response.status, message: body.message ?? '' };
}

test('tolerations: a key that is no qualified name, an empty key without Exists, the gated numeric operators, tolerationSeconds without NoExecute', async (t) => {
  t.deepEqual(
    await create({
      tolerations: [
        { key: 'a b', operator: 'Equal', value: 'x' },
        { operator: 'Equal', value: 'x' },
        { key: 'k', operator: 'Lt', value: '5' },
        { key: 'k', effect: 'NoSchedule', tolerationSeconds: 5 },
      ],
    }),
    {
      code: 422,
      message:
        'Pod "p" is invalid: [spec.tolerations[0].key: Invalid value: "a b": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\'), spec.tolerations[1].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys", spec.tolerations[2].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt", spec.tolerations[3].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set]',
    },
  );
});

test('an init container may have a resize policy, checked as any container’s; Exists with a value and an unknown effect are refused', async (t) => {
  const init = (resourceName: string) => [{ name: 'i', image: 'busybox', resizePolicy: [{ resourceName, restartPolicy: 'NotRequired' }] }];
  t.is((await create({ initContainers: init('cpu'), tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }] })).code, 201);
  t.deepEqual(await create({ initContainers: init('gpu'), tolerations: [{ key: 'k', operator: 'Exists', value: 'v', effect: 'Bad' }] }), {
    code: 422,
    message:
      'Pod "p" is invalid: [spec.initContainers[0].resizePolicy: Unsupported value: "gpu": supported values: "cpu", "memory", spec.tolerations[0].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\', spec.tolerations[0].effect: Unsupported value: "Bad": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"]',
  });
});

test('container resources: extended resources are whole and their request equals their limit; requests within limits; hugepages need cpu or memory', async (t) => {
  const withResources = (resources: object) => create({ containers: [{ name: 'c', image: 'nginx', resources }] });
  const cases: [object, string][] = [
    [
      { requests: { 'example.com/gpu': '1.5' }, limits: { 'example.com/gpu': '1.5' } },
      'Pod "p" is invalid: [spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "1500m": must be an integer, spec.containers[0].resources.requests[example.com/gpu]: Invalid value: "1500m": must be an integer]',
    ],
    [{ requests: { 'example.com/gpu': '1' } }, 'Pod "p" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources'],
    [
      { requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '2' } },
      'Pod "p" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2',
    ],
    [
      { requests: { cpu: '2' }, limits: { cpu: '1' } },
      'Pod "p" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
    ],
    [{ requests: { 'hugepages-2Mi': '2Mi' }, limits: { 'hugepages-2Mi': '2Mi' } }, 'Pod "p" is invalid: spec.containers[0].resources: Forbidden: HugePages require cpu or memory'],
  ];
  for (const [resources, message] of cases) t.deepEqual(await withResources(resources), { code: 422, message }, JSON.stringify(resources));
  t.is((await withResources({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi', 'example.com/gpu': '1' } })).code, 201);
});
