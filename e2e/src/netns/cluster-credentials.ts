// The certificates, keys and kubeconfigs of a multi-host cluster, as kubeadm lays them out for an
// HA control plane: one cluster authority (deploy/src/cluster-pki.ts, as `capstan up` makes it)
// that signs every API server's serving certificate (valid for its own host's address and the
// load balancer's) and a client certificate per identity, one service account key all API servers
// sign and verify with, and a static token of an administrator for the tests' own requests.

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { clusterPki, type ClusterPki } from '../../../deploy/src/cluster-pki.ts';

export interface ServingFiles {
  readonly certFile: string;
  readonly keyFile: string;
}

export interface ClusterCredentials {
  readonly dir: string;
  /** PEM of the cluster authority. */
  readonly authority: string;
  readonly authorityFile: string;
  /** The service account key (ECDSA P-256, private: it verifies too). */
  readonly serviceAccountKeyFile: string;
  /** --token-auth-file: the administrator's token (system:masters). */
  readonly tokenFile: string;
  readonly adminToken: string;
  /** The API servers' client certificate to the agents (kube-apiserver-kubelet-client). */
  readonly kubeletClient: ServingFiles;
  /** A serving certificate valid for these addresses (and the names of the kubernetes Service). */
  serving(name: string, ips: readonly string[]): Promise<ServingFiles>;
  /** A kubeconfig file for `server` as the user (client certificate) in the groups. */
  kubeconfig(file: string, server: string, user: string, groups: readonly string[]): Promise<string>;
  /** A kubeconfig file for `server` as the administrator (its token). */
  adminKubeconfig(file: string, server: string): string;
}

export async function clusterCredentials(dir: string): Promise<ClusterCredentials> {
  mkdirSync(dir, { recursive: true });
  const pki: ClusterPki = await clusterPki(join(dir, 'pki'));
  const serviceAccountKeyFile = join(dir, 'service-account.key');
  writeFileSync(serviceAccountKeyFile, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  const adminToken = randomUUID();
  const tokenFile = join(dir, 'tokens.csv');
  writeFileSync(tokenFile, `${adminToken},multi-host-admin,multi-host-admin,system:masters\n`, { mode: 0o600 });
  const write = (file: string, text: string): string => {
    writeFileSync(join(dir, file), text, { mode: 0o600 });
    return join(dir, file);
  };
  const kubeletClient = await pki.client('apiserver-kubelet-client', 'kube-apiserver-kubelet-client', ['system:masters']);
  return {
    dir,
    authority: pki.authority,
    authorityFile: pki.authorityFile,
    serviceAccountKeyFile,
    tokenFile,
    adminToken,
    kubeletClient: { certFile: write('apiserver-kubelet-client.crt', kubeletClient.cert), keyFile: write('apiserver-kubelet-client.key', kubeletClient.key) },
    // cluster-pki keeps one serving pair (apiserver.crt): each server's is copied out at once.
    serving: async (name, ips) => {
      const pair = await pki.serving(ips, ['kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local']);
      return { certFile: write(`${name}.crt`, `${pair.cert}${pki.authority}`), keyFile: write(`${name}.key`, pair.key) };
    },
    kubeconfig: async (file, server, user, groups) => {
      const pair = await pki.client(file, user, groups);
      return write(`${file}.kubeconfig`, kubeconfigFor(server, { certificateAuthority: pki.authority, clientCertificate: pair.cert, clientKey: pair.key }));
    },
    adminKubeconfig: (file, server) => write(`${file}.kubeconfig`, kubeconfigFor(server, { certificateAuthority: pki.authority, token: adminToken })),
  };
}
