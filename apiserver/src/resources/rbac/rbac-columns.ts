// rbac.authorization.k8s.io/v1 RoleBinding and ClusterRoleBinding columns: Name, Role, Age; wide:
// Users, Groups, ServiceAccounts. (Role and ClusterRole have no printer: Name / Created At.)

import { arrayAt, stringAt, type JsonObject } from '@capstan/common';
import { ageColumn, ageOf, column, nameColumn, nameOf, wideColumn, type TableColumns } from '../../table/columns/column.ts';
import { clusterRoleBinding, roleBinding } from '../../table/columns/field-descriptions.ts';

/** The binding's subjects split by kind; service accounts as "namespace/name". */
function subjects(binding: JsonObject): [users: string, groups: string, serviceAccounts: string] {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const subject of arrayAt(binding, 'subjects')) {
    const name = stringAt(subject, 'name');
    switch (stringAt(subject, 'kind')) {
      case 'User':
        users.push(name);
        break;
      case 'Group':
        groups.push(name);
        break;
      case 'ServiceAccount':
        serviceAccounts.push(`${stringAt(subject, 'namespace')}/${name}`);
        break;
    }
  }
  return [users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
}

const bindingColumns = (roleRefDescription: string, noun: string): TableColumns => ({
  definitions: [
    nameColumn,
    column('Role', 'string', roleRefDescription),
    ageColumn,
    wideColumn('Users', 'string', `Users in the ${noun}`),
    wideColumn('Groups', 'string', `Groups in the ${noun}`),
    wideColumn('ServiceAccounts', 'string', `ServiceAccounts in the ${noun}`),
  ],
  cells: (binding, now) => [nameOf(binding), `${stringAt(binding, 'roleRef', 'kind')}/${stringAt(binding, 'roleRef', 'name')}`, ageOf(binding, now), ...subjects(binding)],
});

export const roleBindingColumns = bindingColumns(roleBinding.roleRef, 'roleBinding');
export const clusterRoleBindingColumns = bindingColumns(clusterRoleBinding.roleRef, 'clusterRoleBinding');
