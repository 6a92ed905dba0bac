// certificatesigningrequests/approval as kube serves it: listed in discovery, written by kubectl
// certificate approve/deny (PUT) and by patches; only the conditions change, and they are
// validated as kube's ValidateCertificateSigningRequestApprovalUpdate validates them.

import test from 'ava';
import { sharedApiServer } from '../src/shared-api-server.ts';
import { aliceCsrPem } from '../src/csr-fixture.ts';

const { server, kubectl } = sharedApiServer();

const csrs = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
const spec = { request: Buffer.from(aliceCsrPem).toString('base64'), signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] };
type Csr = {
  metadata: { resourceVersion: string; annotations?: Record<string, string> };
  spec: typeof spec;
  status?: { conditions?: { type: string; status: string; lastTransitionTime?: string; lastUpdateTime?: string }[]; certificate?: string };
};
type Status = { code: number; details?: { causes?: { field: string; message: string }[] } };

async function create(name: string): Promise<Csr> {
  const response = await fetch(`${server().url}${csrs}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name }, spec }) });
  if (response.status !== 201) throw new Error(await response.text());
  return (await response.json()) as Csr;
}

const putApproval = async (name: string, body: object): Promise<{ status: number; body: Csr & Status }> => {
  const response = await fetch(`${server().url}${csrs}/${name}/approval`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Csr & Status };
};

test('kubectl certificate approve and deny write the condition through approval; discovery lists it', async (t) => {
  const discovery = (await (await fetch(`${server().url}/apis/certificates.k8s.io/v1`)).json()) as { resources: { name: string; verbs: string[] }[] };
  t.deepEqual(discovery.resources.find((r) => r.name === 'certificatesigningrequests/approval')?.verbs, ['get', 'patch', 'update']);
  await create('alice');
  t.is((await kubectl('certificate', 'approve', 'alice')).stdout, 'certificatesigningrequest.certificates.k8s.io/alice approved\n');
  const approved = JSON.parse((await kubectl('get', 'csr', 'alice', '-o', 'json')).stdout) as Csr;
  t.like(approved.status?.conditions?.[0], { type: 'Approved', status: 'True' });
  t.truthy(approved.status?.conditions?.[0]?.lastTransitionTime);
  await create('bob');
  t.is((await kubectl('certificate', 'deny', 'bob')).stdout, 'certificatesigningrequest.certificates.k8s.io/bob denied\n');
  t.regex((await kubectl('get', 'csr', 'bob')).stdout, /Denied/);
  const got = await fetch(`${server().url}${csrs}/bob/approval`);
  t.is(got.status, 200);
  t.like(await got.json(), { kind: 'CertificateSigningRequest', status: { conditions: [{ type: 'Denied' }] } });
});

test('an approval write changes the conditions only; its metadata changes as a status write’s', async (t) => {
  const csr = await create('carol');
  const { status, body } = await putApproval('carol', {
    ...csr,
    metadata: { ...csr.metadata, annotations: { by: 'test' } },
    spec: { ...spec, usages: ['server auth'] },
    status: { certificate: Buffer.from('x').toString('base64'), conditions: [{ type: 'Approved', status: 'True', reason: 'Test' }] },
  });
  t.is(status, 200);
  t.deepEqual(body.spec.usages, ['client auth']);
  t.is(body.status?.certificate, undefined);
  t.like(body.status?.conditions?.[0], { type: 'Approved', status: 'True', reason: 'Test' });
  t.truthy(body.status?.conditions?.[0]?.lastUpdateTime);
  t.deepEqual(body.metadata.annotations, { by: 'test' });
  // A patch goes the same way.
  const patched = await fetch(`${server().url}${csrs}/carol/approval`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({
      status: {
        conditions: [
          { type: 'Approved', status: 'True', reason: 'Test' },
          { type: 'Reviewed', status: 'Unknown' },
        ],
      },
    }),
  });
  t.is(patched.status, 200);
  t.deepEqual(
    ((await patched.json()) as Csr).status?.conditions?.map((c) => c.type),
    ['Approved', 'Reviewed'],
  );
});

test('approval conditions are validated: True only for Approved and Denied, not both, not repeated, never removed', async (t) => {
  const csr = await create('dave');
  const refused = await putApproval('dave', {
    ...csr,
    status: {
      conditions: [
        { type: 'Approved', status: 'False' },
        { type: 'Denied', status: 'True' },
        { type: 'Denied', status: 'True' },
        { type: '', status: '' },
      ],
    },
  });
  t.is(refused.status, 422);
  t.deepEqual(
    refused.body.details?.causes?.map(({ field, message }) => `${field}: ${message}`),
    [
      'status.conditions[0].status: Unsupported value: "False": supported values: "True"',
      'status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
      'status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
      'status.conditions[2].type: Duplicate value: "Denied"',
      'status.conditions[3].type: Required value',
      'status.conditions[3].status: Required value',
    ],
  );
  const approved = await putApproval('dave', { ...csr, status: { conditions: [{ type: 'Approved', status: 'True' }] } });
  t.is(approved.status, 200);
  const removed = await putApproval('dave', { ...approved.body, status: { conditions: [] } });
  t.is(removed.status, 422);
  t.deepEqual(
    removed.body.details?.causes?.map(({ field, message }) => `${field}: ${message}`),
    ['status.conditions: Forbidden: updates may not remove a condition of type "Approved"'],
  );
});
