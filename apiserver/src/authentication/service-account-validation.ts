// kube's validator of bound service account tokens: the time claims, then the store: the
// ServiceAccount must exist with the token's uid, and the Pod, Secret or Node the token is bound
// to too; any of them deleted more than a minute ago (the claims' leeway) invalidates the token.

import type { JsonObject } from '../registry/object-meta.ts';
import { AuthenticationError } from './authenticator.ts';
import { checkTimeClaims, claimLeewaySeconds, type TokenValidator } from './service-account-authenticator.ts';
import { credentialIdOf, kubernetesClaimOf, type ServiceAccountInfo } from './service-account-claims.ts';
import { unlessNotFound, type ServiceAccountObjects } from './service-account-objects.ts';

const invalidated = (): AuthenticationError => new AuthenticationError('service account token has been invalidated');

export function boundTokenValidator(objects: ServiceAccountObjects, now: () => Date = () => new Date()): TokenValidator {
  return async (_token, payload) => {
    const time = now();
    checkTimeClaims(payload, Math.floor(time.getTime() / 1000));
    const invalidIfDeletedBefore = time.getTime() - claimLeewaySeconds * 1000;
    const deletedLongAgo = (object: JsonObject): boolean => {
      const deletion = (object.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp;
      return deletion !== undefined && Date.parse(deletion) < invalidIfDeletedBefore;
    };
    const uidOf = (object: JsonObject): string => (object.metadata as { uid?: string } | undefined)?.uid ?? '';
    const claim = kubernetesClaimOf(payload);
    const { namespace, serviceaccount: account } = claim;
    // A missing account is refused with the store's own words, as kube's getter answers them.
    const serviceAccount = await objects.serviceAccount(namespace, account.name);
    if (uidOf(serviceAccount) !== account.uid) throw new AuthenticationError(`service account UID (${uidOf(serviceAccount)}) does not match claim (${account.uid})`);
    if (deletedLongAgo(serviceAccount)) throw new AuthenticationError(`service account ${namespace}/${account.name} has been deleted`);
    if (claim.secret !== undefined) {
      const secret = await unlessNotFound(objects.secret(namespace, claim.secret.name));
      if (secret === undefined) throw invalidated();
      if (uidOf(secret) !== claim.secret.uid) throw new AuthenticationError(`secret UID (${uidOf(secret)}) does not match service account secret ref claim (${claim.secret.uid})`);
      if (deletedLongAgo(secret)) throw invalidated();
    }
    let bound: Pick<ServiceAccountInfo, 'podName' | 'podUid' | 'nodeName' | 'nodeUid'> = {};
    if (claim.pod !== undefined) {
      const pod = await unlessNotFound(objects.pod(namespace, claim.pod.name));
      if (pod === undefined) throw invalidated();
      if (uidOf(pod) !== claim.pod.uid) throw new AuthenticationError(`pod UID (${uidOf(pod)}) does not match service account pod ref claim (${claim.pod.uid})`);
      if (deletedLongAgo(pod)) throw invalidated();
      // The node of a pod-bound token is only reported, not looked up.
      bound = { podName: claim.pod.name, podUid: claim.pod.uid, ...(claim.node === undefined ? {} : { nodeName: claim.node.name, nodeUid: claim.node.uid }) };
    } else if (claim.node !== undefined) {
      const node = await unlessNotFound(objects.node(claim.node.name));
      if (node === undefined) throw invalidated();
      if (uidOf(node) !== claim.node.uid) throw new AuthenticationError(`node UID (${uidOf(node)}) does not match service account node ref claim (${claim.node.uid})`);
      if (deletedLongAgo(node)) throw invalidated();
      bound = { nodeName: claim.node.name, nodeUid: claim.node.uid };
    }
    const credentialId = credentialIdOf(typeof payload.jti === 'string' ? payload.jti : '');
    return { namespace, name: account.name, uid: account.uid, ...bound, ...(credentialId === undefined ? {} : { credentialId }) };
  };
}
