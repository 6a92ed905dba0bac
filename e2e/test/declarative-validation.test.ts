// ReplicationControllers validated as kube-apiserver 1.35 validates them, by kubectl: the
// hand-written checks (counts not negative, a selector that picks the template's labels, a
// template) and the declared ones (+k8s:minimum, +k8s:required) run side by side under the
// DeclarativeValidation gate, their differences counted in /metrics (none: both say the same);
// with DeclarativeValidationTakeover the declared errors answer, in the same words (the texts are
// kube-apiserver 1.35.4's, compared with the binary).

import test from 'ava';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubeconfigFor } from '@capstan/deploy';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { kubectlWithInput } from '../src/kubectl-apply.ts';
import { parsePrometheusText, sampleValue } from '../src/prometheus-text.ts';

const dir = mkdtempSync(join(tmpdir(), 'capstan-declarative-'));
test.after.always(() => rmSync(dir, { recursive: true, force: true }));

async function serverWithKubeconfig(name: string, args: readonly string[]): Promise<{ server: ApiServerChild; kubeconfig: string }> {
  const server = await startApiServerChild({ args });
  const kubeconfig = join(dir, `${name}.kubeconfig`);
  writeFileSync(kubeconfig, kubeconfigFor(server.url, { certificateAuthority: server.certificateAuthority, token: server.token }));
  return { server, kubeconfig };
}

const rc = (name: string, spec: object) => ({ apiVersion: 'v1', kind: 'ReplicationController', metadata: { name }, spec });
const template = (labels: object) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

/** What kubectl create prints for each refused controller, and for the refused update of a good one. */
async function refusals(kubeconfig: string): Promise<string[]> {
  const answers: string[] = [];
  for (const object of [
    rc('negative', { replicas: -1, minReadySeconds: -2, selector: { app: 'web' }, template: template({ app: 'web' }) }),
    rc('mismatched', { selector: { app: 'db' }, template: template({ app: 'web' }) }),
    rc('empty', { replicas: 1 }),
  ]) {
    const { code, output } = await kubectlWithInput(kubeconfig, object, ['create', '-f', '-']);
    answers.push(`${code}: ${output}`);
  }
  const good = await kubectlWithInput(kubeconfig, rc('good', { replicas: 1, selector: { app: 'web' }, template: template({ app: 'web' }) }), ['create', '-f', '-']);
  answers.push(`${good.code}: ${good.output}`);
  const scaled = spawnSync(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, 'patch', 'rc', 'good', '--type=merge', '-p', '{"spec":{"replicas":-3,"minReadySeconds":-1}}'], {
    encoding: 'utf8',
  });
  answers.push(`${scaled.status}: ${scaled.stderr}`);
  return answers;
}

const expected = [
  '1: The ReplicationController "negative" is invalid: \n* spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0\n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n',
  '1: The ReplicationController "mismatched" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`\n',
  '1: The ReplicationController "empty" is invalid: \n* spec.selector: Required value\n* spec.template: Required value\n',
  '0: replicationcontroller/good created\n',
  '1: The ReplicationController "good" is invalid: \n* spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0\n* spec.replicas: Invalid value: -3: must be greater than or equal to 0\n',
];

test('kubectl sees kube’s 422s for ReplicationControllers; both validations ran and agreed, as /metrics says', async (t) => {
  const { server, kubeconfig } = await serverWithKubeconfig('default', []);
  t.teardown(() => server.stop());
  t.deepEqual(await refusals(kubeconfig), expected);
  const scraped = spawnSync(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, 'get', '--raw', '/metrics'], { encoding: 'utf8' });
  const metrics = parsePrometheusText(scraped.stdout);
  t.is(
    metrics.help.get('apiserver_validation_declarative_validation_mismatch_total'),
    '[BETA] Number of times declarative validation results differed from handwritten validation results for core types.',
  );
  t.is(sampleValue(metrics, 'apiserver_validation_declarative_validation_mismatch_total'), 0);
  t.is(sampleValue(metrics, 'apiserver_validation_declarative_validation_panic_total'), 0);
});

test('with DeclarativeValidationTakeover the declared errors answer, in the declared order after the others, as kube-apiserver 1.35.4 answers', async (t) => {
  const { server, kubeconfig } = await serverWithKubeconfig('takeover', ['--feature-gates=DeclarativeValidationTakeover=true']);
  t.teardown(() => server.stop());
  const declaredOrder = (text: string) => text.replace(/(\* spec\.minReadySeconds: [^\n]*\n)(\* spec\.replicas: [^\n]*\n)/, '$2$1');
  t.deepEqual(await refusals(kubeconfig), expected.map(declaredOrder));
});
