// kube's certauthorization.IsAuthorizedForSignerName: whether the user may `verb` (approve, sign)
// requests of a signer, asked of the authorizer as the verb on certificates.k8s.io's `signers`
// resource named by the signer, then by its domain's wildcard ("example.com/*").

import type { UserInfo } from '../authentication/authenticator.ts';
import { isAllowed, type Authorizer } from '../authorization/authorizer.ts';

export async function isAuthorizedForSigner(authorizer: Authorizer, user: UserInfo, verb: string, signerName: string): Promise<boolean> {
  const ask = async (name: string): Promise<boolean> => {
    try {
      const decision = await authorizer.authorize({
        user,
        isResourceRequest: true,
        path: '',
        verb,
        group: 'certificates.k8s.io',
        version: '*',
        resource: 'signers',
        subresource: '',
        namespace: '',
        name,
      });
      return isAllowed(decision);
    } catch {
      // An authorizer that fails allows nothing (kube logs it and asks the wildcard).
      return false;
    }
  };
  return (await ask(signerName)) || ask(`${signerName.split('/')[0]}/*`);
}
