// DaemonSets carry kube's template generation as apps/v1 shows it: the annotation
// deprecated.daemonset.template.generation, 1 on create, one more per pod template change, and
// never what a client sends on update.

import test from 'ava';
import { startApiServerChild } from '../../common/test/api-server-child.ts';

const annotation = 'deprecated.daemonset.template.generation';

test('the template generation starts at 1, counts template changes only, and cannot be set by an update', async (t) => {
  const server = await startApiServerChild({ prefix: 'capstan-daemonset-generation-' });
  t.teardown(() => server.stop());
  const url = `${server.url}/apis/apps/v1/namespaces/default/daemonsets`;
  const call = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, 'content-type': type },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as { metadata: { annotations?: Record<string, string> }; message?: string } };
  };
  const template = (image: string) => ({ metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } });
  const created = await call('POST', '', { metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: template('agent:1') } });
  t.is(created.status, 201, created.body.message);
  t.is(created.body.metadata.annotations?.[annotation], '1');
  const patch = (body: unknown) => call('PATCH', '/agent', body, 'application/merge-patch+json');
  t.is((await patch({ metadata: { labels: { tier: 'node' } } })).body.metadata.annotations?.[annotation], '1', 'a metadata change is no template change');
  t.is((await patch({ spec: { template: template('agent:2') } })).body.metadata.annotations?.[annotation], '2');
  t.is((await patch({ metadata: { annotations: { [annotation]: '7' } } })).body.metadata.annotations?.[annotation], '2', 'an update cannot set it');
  t.is((await patch({ metadata: { annotations: { [annotation]: null } } })).body.metadata.annotations?.[annotation], '2', 'nor remove it');
  const higher = await call('POST', '', {
    metadata: { name: 'higher', annotations: { [annotation]: '5' } },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: template('agent:1') },
  });
  t.is(higher.body.metadata.annotations?.[annotation], '5', 'a create keeps a higher value, as kube converts it');
});
