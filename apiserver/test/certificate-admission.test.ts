// kube's certificate admission plugins against a real server under RBAC: CertificateApproval (an
// approval write needs `approve` on the signer, or on its domain's wildcard), CertificateSigning
// (a status write that changes the certificate or conditions needs `sign`) and
// CertificateSubjectRestriction (no kube-apiserver-client request for system:masters), with the
// messages kube-apiserver 1.35 answers.

import test from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

/** openssl req -subj "/CN=mallory/O=system:masters" (ECDSA P-256). */
const mastersCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIHnMIGNAgEAMCsxEDAOBgNVBAMMB21hbGxvcnkxFzAVBgNVBAoMDnN5c3RlbTpt
YXN0ZXJzMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/lz7JBURqHi62y5+4VwL
+QcVV7YyNTZb5UPQyzuE+aLP7jmPiGBlD2xpnQMmQpBLlP7O+YxoaXIyU3wsmvj4
wqAAMAoGCCqGSM49BAMCA0kAMEYCIQCkMttA5UWAKiHE53n4tjvCv/q6KMhEQcQf
srO/+Gid6gIhAIvjQzsbjX8ksIIbWVB+05wiOvM+nacqqrED9mZEi/hN
-----END CERTIFICATE REQUEST-----
`;

/** openssl req -subj "/CN=dave/O=dev" (ECDSA P-256). */
const devCsr = `-----BEGIN CERTIFICATE REQUEST-----
MIHXMH8CAQAwHTENMAsGA1UEAwwEZGF2ZTEMMAoGA1UECgwDZGV2MFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAE72d0QMGEGbWOtRUfGZIKK/VwEiybcJTnfWe0l3an
EuR5JqxH2q5E6CTxRPZVi36qRvaXvAN8Di1KktfZ4Q8o4qAAMAoGCCqGSM49BAMC
A0gAMEUCIQD3zsyndUKd8janOXnySkdXQCGZYYiXGSYq4wjPMLOGkwIgEWWmSbZi
I3ghFx2EC3XrVl448qDS7QshkcxVaD1L5bs=
-----END CERTIFICATE REQUEST-----
`;

const csrs = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
const rbac = '/apis/rbac.authorization.k8s.io/v1';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-csr-admission-', args: ['--authorization-mode=RBAC'] });
});
test.after.always(() => server?.stop());

type Answer = { status: number; body: { message?: string; metadata?: { name: string } } };

/** A request as the admin, or as `user` (impersonated: the admin is in system:masters). */
async function send(method: string, path: string, body?: object, user?: string): Promise<Answer> {
  const { url, token } = server as ApiServerChild;
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(user === undefined ? {} : { 'impersonate-user': user }) };
  const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const request = (name: string, pem: string, signerName: string) => ({
  apiVersion: 'certificates.k8s.io/v1',
  kind: 'CertificateSigningRequest',
  metadata: { name },
  spec: { request: Buffer.from(pem).toString('base64'), signerName, usages: ['client auth'] },
});

/** Grants `user` the rules of a ClusterRole named after it, and waits until the authorizer knows. */
async function grant(name: string, user: string, rules: object[], probe: { resource: string; verb: string; name?: string }): Promise<void> {
  await send('POST', `${rbac}/clusterroles`, { metadata: { name }, rules });
  await send('POST', `${rbac}/clusterrolebindings`, {
    metadata: { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
  });
  const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user, resourceAttributes: { group: 'certificates.k8s.io', ...probe } } };
  await eventually(`${user} to be allowed to ${probe.verb} ${probe.resource}`, async () => {
    const answer = (await send('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', review)).body as { status?: { allowed?: boolean } };
    return answer.status?.allowed === true ? true : undefined;
  });
}

test.serial('a kube-apiserver-client request for system:masters is refused; other signers and groups are not', async (t) => {
  const refused = await send('POST', csrs, request('mallory', mastersCsr, 'kubernetes.io/kube-apiserver-client'));
  t.is(refused.status, 403);
  t.is(
    refused.body.message,
    'certificatesigningrequests.certificates.k8s.io "mallory" is forbidden: use of kubernetes.io/kube-apiserver-client signer with system:masters group is not allowed',
  );
  const generated = await send('POST', csrs, { ...request('', mastersCsr, 'kubernetes.io/kube-apiserver-client'), metadata: { generateName: 'mallory-' } });
  t.regex(generated.body.message ?? '', /^certificatesigningrequests\.certificates\.k8s\.io "mallory-\w{5}" is forbidden: use of/);
  t.is((await send('POST', csrs, request('mallory-elsewhere', mastersCsr, 'example.com/client'))).status, 201);
  t.is((await send('POST', csrs, request('dave', devCsr, 'kubernetes.io/kube-apiserver-client'))).status, 201);
});

test.serial('approving needs approve on the signer or its domain; signing needs sign once the status changes', async (t) => {
  await send('POST', csrs, request('build', devCsr, 'example.com/builds'));
  await grant(
    'csr-writer',
    'alice',
    [
      {
        apiGroups: ['certificates.k8s.io'],
        resources: ['certificatesigningrequests', 'certificatesigningrequests/approval', 'certificatesigningrequests/status'],
        verbs: ['get', 'update', 'patch'],
      },
    ],
    { resource: 'certificatesigningrequests', subresource: 'approval', verb: 'update' } as { resource: string; verb: string },
  );
  const current = (await send('GET', `${csrs}/build`)).body;
  const approved = { ...current, status: { conditions: [{ type: 'Approved', status: 'True', reason: 'ByHand' }] } };
  const refused = await send('PUT', `${csrs}/build/approval`, approved, 'alice');
  t.is(refused.status, 403);
  t.is(refused.body.message, 'certificatesigningrequests.certificates.k8s.io "build" is forbidden: user not permitted to approve requests with signerName "example.com/builds"');
  // Invalid conditions are a 422 before the plugin asks.
  const invalid = await send('PUT', `${csrs}/build/approval`, { ...current, status: { conditions: [{ type: 'Approved', status: 'False' }] } }, 'alice');
  t.is(invalid.status, 422);

  const unchanged = await send('PUT', `${csrs}/build/status`, current, 'alice');
  t.is(unchanged.status, 200, JSON.stringify(unchanged.body));
  const signed = await send('PUT', `${csrs}/build/status`, { ...current, status: { certificate: Buffer.from('not yet').toString('base64') } }, 'alice');
  t.is(signed.status, 403);
  t.is(signed.body.message, 'certificatesigningrequests.certificates.k8s.io "build" is forbidden: user not permitted to sign requests with signerName "example.com/builds"');

  // The domain's wildcard is enough.
  await grant('builds-approver', 'alice', [{ apiGroups: ['certificates.k8s.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }], {
    resource: 'signers',
    verb: 'approve',
    name: 'example.com/*',
  });
  const allowed = await send('PUT', `${csrs}/build/approval`, approved, 'alice');
  t.is(allowed.status, 200, JSON.stringify(allowed.body));
});
