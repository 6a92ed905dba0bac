// kube-apiserver's Priority admission (plugin/pkg/admission/priority): a pod created gets its
// spec.priority (and preemptionPolicy) from the PriorityClass it names, or from the global default
// class (the lowest valued of those marked globalDefault) when it names none, or priority 0 when
// there is no default; a priority or policy the pod sets itself must be the computed one. An update
// that leaves them out keeps the stored ones. Only one PriorityClass may be the global default.

import { errorMessage, isNotFound } from '@capstan/common';
import { isObject, objectOf, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import { isPods, isWriteOf, resourceOf } from './resource-match.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { allObjects } from './default-class.ts';
import { listerGet } from './lister-read.ts';

/** kube's DefaultPriorityWhenNoDefaultClassExists. */
const defaultPriority = 0;

interface ComputedPriority {
  readonly className: string;
  readonly priority: number;
  readonly preemptionPolicy: string | undefined;
}

export function priorityAdmission(priorityClasses: GenericStore): AdmissionPlugin {
  return {
    name: 'Priority',
    operations: ['CREATE', 'UPDATE'],
    mutates: isPods,
    validates: resourceOf('scheduling.k8s.io', 'priorityclasses'),
    admit: async (attributes) => {
      if (!isWriteOf(attributes, '', 'pods')) return;
      const spec = objectOf(attributes.object?.spec);
      if (attributes.operation === 'UPDATE') return keepStoredPriority(spec, objectOf(attributes.oldObject?.spec));
      await setPriority(attributes, spec, priorityClasses);
    },
    validate: async (attributes) => {
      if (!isWriteOf(attributes, 'scheduling.k8s.io', 'priorityclasses')) return;
      await checkSingleDefault(attributes, priorityClasses);
    },
  };
}

/** An update that leaves the priority or the policy out keeps the stored one (they cannot change). */
function keepStoredPriority(spec: JsonObject, old: JsonObject): void {
  for (const key of ['priority', 'preemptionPolicy']) if ((spec[key] === undefined || spec[key] === null) && old[key] !== undefined && old[key] !== null) spec[key] = old[key];
}

async function setPriority(attributes: AdmissionAttributes, spec: JsonObject, priorityClasses: GenericStore): Promise<void> {
  const named = stringOf(spec.priorityClassName);
  const computed = named === '' ? await defaultPriorityOf(priorityClasses) : await namedPriority(attributes, priorityClasses, named);
  if (named === '') {
    if (computed.className === '') delete spec.priorityClassName;
    else spec.priorityClassName = computed.className;
  }
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== computed.priority) {
    throw admissionForbidden(
      attributes,
      `the integer value of priority (${String(spec.priority)}) must not be provided in pod spec; priority admission controller computed ${computed.priority} from the given PriorityClass name`,
    );
  }
  spec.priority = computed.priority;
  if (computed.preemptionPolicy === undefined) return;
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null && spec.preemptionPolicy !== computed.preemptionPolicy) {
    throw admissionForbidden(
      attributes,
      `the string value of PreemptionPolicy (${String(spec.preemptionPolicy)}) must not be provided in pod spec; priority admission controller computed ${computed.preemptionPolicy} from the given PriorityClass name`,
    );
  }
  spec.preemptionPolicy = computed.preemptionPolicy;
}

const priorityOf = (priorityClass: JsonObject): ComputedPriority => ({
  className: stringOf(metadataOf(priorityClass).name),
  priority: typeof priorityClass.value === 'number' ? priorityClass.value : 0,
  preemptionPolicy: typeof priorityClass.preemptionPolicy === 'string' ? priorityClass.preemptionPolicy : undefined,
});

async function namedPriority(attributes: AdmissionAttributes, priorityClasses: GenericStore, name: string): Promise<ComputedPriority> {
  try {
    return priorityOf(await listerGet(priorityClasses, undefined, name));
  } catch (error) {
    if (isNotFound(error)) throw admissionForbidden(attributes, `no PriorityClass with name ${name} was found`);
    throw new Error(`failed to get PriorityClass with name ${name}: ${errorMessage(error)}`);
  }
}

/** kube's getDefaultPriorityClass: of the classes marked globalDefault, the one of the lowest value. */
async function defaultPriorityClass(priorityClasses: GenericStore): Promise<JsonObject | undefined> {
  let found: JsonObject | undefined;
  try {
    for (const priorityClass of await allObjects(priorityClasses)) {
      if (priorityClass.globalDefault !== true) continue;
      if (found === undefined || priorityOf(found).priority > priorityOf(priorityClass).priority) found = priorityClass;
    }
  } catch (error) {
    throw new Error(`failed to get default priority class: ${errorMessage(error)}`);
  }
  return found;
}

async function defaultPriorityOf(priorityClasses: GenericStore): Promise<ComputedPriority> {
  const found = await defaultPriorityClass(priorityClasses);
  return found === undefined ? { className: '', priority: defaultPriority, preemptionPolicy: 'PreemptLowerPriority' } : priorityOf(found);
}

/** A class marked globalDefault is refused while another one is (an update of the default itself is not). */
async function checkSingleDefault(attributes: AdmissionAttributes, priorityClasses: GenericStore): Promise<void> {
  const priorityClass = attributes.object;
  if (!isObject(priorityClass) || priorityClass.globalDefault !== true) return;
  const current = await defaultPriorityClass(priorityClasses);
  if (current === undefined) return;
  const currentName = stringOf(metadataOf(current).name);
  if (attributes.operation === 'CREATE' || currentName !== stringOf(metadataOf(priorityClass).name)) {
    throw admissionForbidden(attributes, `PriorityClass ${currentName} is already marked as default. Only one default can exist`);
  }
}
