// The migration checks between hand-written and declared validation (kube's
// ValidateDeclarativelyWithMigrationChecks): errors match by type, origin and field; a covered
// hand-written error without a declared one, or a declared one without a covered hand-written one,
// is a mismatch, logged and counted; with takeover the declared errors replace the covered ones.

import test from 'ava';
import { fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { legacyRegistry } from '@capstan/common/metrics';
import { validateDeclared } from '../src/registry/validation/declarative/declared-fields.ts';
import { configureDeclarativeValidation, declarativeMismatches, withDeclarativeValidation } from '../src/registry/validation/declarative/migration-checks.ts';
import { replicationControllerDeclaredFields } from '../src/resources/core/replicationcontrollers/replication-controller-validation.ts';

const minimum = (field: string, value: number): FieldError => ({ ...fieldInvalid(field, value, 'must be greater than or equal to 0'), origin: 'minimum' });
const covered = (error: FieldError): FieldError => ({ ...error, coveredByDeclarative: true });

async function counted(name: string, identifier?: string): Promise<number> {
  const { body } = await legacyRegistry.expose(undefined);
  const line = body.split('\n').find((text) => text.startsWith(identifier === undefined ? `${name} ` : `${name}{validation_identifier="${identifier}"} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

test('the declared checks: a number below its minimum, a required field missing; an unchanged field is not checked again on update', (t) => {
  const rc = { spec: { replicas: -1, minReadySeconds: -2 } };
  t.deepEqual(validateDeclared(replicationControllerDeclaredFields, rc), [minimum('spec.replicas', -1), minimum('spec.minReadySeconds', -2)]);
  t.deepEqual(validateDeclared(replicationControllerDeclaredFields, { spec: { replicas: null } }), [fieldRequired('spec.replicas')]);
  t.deepEqual(validateDeclared(replicationControllerDeclaredFields, rc, { spec: { replicas: -1, minReadySeconds: 0 } }), [minimum('spec.minReadySeconds', -2)]);
});

test('matching errors are no mismatch; a covered error alone, or a declared error alone, is one each, in kube’s words', (t) => {
  t.deepEqual(declarativeMismatches([covered(minimum('spec.replicas', -1)), fieldRequired('spec.selector')], [minimum('spec.replicas', -1)], false), []);
  const [unmatched, extra] = declarativeMismatches([covered(minimum('spec.replicas', -1))], [minimum('spec.minReadySeconds', -2)], false);
  t.is(
    unmatched,
    'Unexpected difference between hand written validation and declarative validation error results, unmatched error(s) found {Type="Invalid value", Field="spec.replicas", Origin="minimum"}. This indicates an issue with declarative validation. This difference should not affect system operation since hand written validation is authoritative.',
  );
  t.is(
    extra,
    'Unexpected difference between hand written validation and declarative validation error results, extra error(s) found {Type="Invalid value", Field="spec.minReadySeconds", Origin="minimum"}. This indicates an issue with declarative validation. This difference should not affect system operation since hand written validation is authoritative.',
  );
  // An Invalid error without an origin never matches.
  t.is(declarativeMismatches([covered(fieldInvalid('spec.replicas', -1, 'x'))], [fieldInvalid('spec.replicas', -1, 'x')], false).length, 2);
});

test.serial('a mismatch is logged and counted in total and by identifier; takeover answers the declared errors after the others', async (t) => {
  const logged: string[] = [];
  configureDeclarativeValidation({ enabled: true, takeover: false, log: (message) => logged.push(message) });
  t.teardown(() => configureDeclarativeValidation({ enabled: true, takeover: false, log: () => {} }));
  const before = await counted('apiserver_validation_declarative_validation_mismatch_total');
  const handWritten = [covered(minimum('spec.replicas', -1)), fieldRequired('spec.selector')];
  t.deepEqual(
    withDeclarativeValidation('widget_create', handWritten, () => []),
    handWritten,
  );
  t.is(logged.length, 1);
  t.is(await counted('apiserver_validation_declarative_validation_mismatch_total'), before + 1);
  t.is(await counted('apiserver_validation_declarative_validation_parity_discrepancies_total', 'widget_create'), 1);

  configureDeclarativeValidation({ enabled: true, takeover: true, log: (message) => logged.push(message) });
  t.deepEqual(
    withDeclarativeValidation('widget_update', handWritten, () => [minimum('spec.replicas', -1)]),
    [fieldRequired('spec.selector'), minimum('spec.replicas', -1)],
  );
  // A declared validation that throws is an internal error under takeover, and counted.
  const panics = await counted('apiserver_validation_declarative_validation_panic_total');
  const answer = withDeclarativeValidation('widget_update', handWritten, () => {
    throw new Error('boom');
  });
  t.deepEqual(
    answer.map((error) => error.type),
    ['FieldValueRequired', 'InternalError'],
  );
  t.is(await counted('apiserver_validation_declarative_validation_panic_total'), panics + 1);

  configureDeclarativeValidation({ enabled: false, takeover: false, log: (message) => logged.push(message) });
  t.is(
    withDeclarativeValidation('widget_create', handWritten, () => []),
    handWritten,
  );
});
