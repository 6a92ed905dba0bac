// batch/v1 Job (Name, Status, Completions, Duration, Age) and CronJob (Name, Schedule, Timezone,
// Suspend, Active, Last Schedule, Age) columns; wide: the template's containers and selector.

import { arrayAt, fieldAt, hasField, numberAt, optionalNumberAt, optionalStringAt, stringAt, formatLabelSelector, type JsonObject } from '@capstan/common';
import { humanDuration } from '../../table/human-duration.ts';
import { ageColumn, ageOf, column, containersColumn, imagesColumn, nameColumn, nameOf, wideColumn, type TableColumns } from '../../table/columns/column.ts';
import { containerCells } from '../../table/columns/container-cells.ts';
import { cronJobSpec, cronJobStatus, jobSpec, jobStatus } from '../../table/columns/field-descriptions.ts';
import { timestampMillis, timestampSince } from '../../table/columns/timestamp-since.ts';

/** Whether the first condition of a type is True (kube looks no further than the first). */
function conditionTrue(job: unknown, type: string): boolean {
  const condition = arrayAt(job, 'status', 'conditions').find((c) => stringAt(c, 'type') === type);
  return condition !== undefined && stringAt(condition, 'status') === 'True';
}

function jobStatusCell(job: JsonObject): string {
  if (conditionTrue(job, 'Complete')) return 'Complete';
  if (conditionTrue(job, 'Failed')) return 'Failed';
  if (hasField(job, 'metadata', 'deletionTimestamp')) return 'Terminating';
  if (conditionTrue(job, 'Suspended')) return 'Suspended';
  if (conditionTrue(job, 'FailureTarget')) return 'FailureTarget';
  if (conditionTrue(job, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

/** "2/3" succeeded of completions; without completions, "0/1", or "0/1 of 4" for parallel work queues. */
function completions(job: JsonObject): string {
  const succeeded = numberAt(job, 'status', 'succeeded');
  const wanted = optionalNumberAt(job, 'spec', 'completions');
  if (wanted !== undefined) return `${succeeded}/${wanted}`;
  const parallelism = numberAt(job, 'spec', 'parallelism');
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** How long the job ran: from its start to its completion, or until now while it runs. */
function duration(job: JsonObject, now: number): string {
  const start = timestampMillis(fieldAt(job, 'status', 'startTime'));
  if (start === undefined) return '';
  const completion = timestampMillis(fieldAt(job, 'status', 'completionTime'));
  return humanDuration((completion ?? now) - start);
}

const templateSpec = (job: unknown): unknown => fieldAt(job, 'spec', 'template', 'spec');

export const jobColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Status', 'string', 'Status of the job.'),
    column('Completions', 'string', jobStatus.succeeded),
    column('Duration', 'string', 'Time required to complete the job.'),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', jobSpec.selector),
  ],
  cells: (job, now) => [
    nameOf(job),
    jobStatusCell(job),
    completions(job),
    duration(job, now),
    ageOf(job, now),
    ...containerCells(templateSpec(job)),
    formatLabelSelector(fieldAt(job, 'spec', 'selector')),
  ],
};

/** kube prints the suspend flag as a word; an unset flag is defaulted to false on create. */
const suspendCell = (cronJob: JsonObject): string => (fieldAt(cronJob, 'spec', 'suspend') === true ? 'True' : 'False');

export const cronJobColumns: TableColumns = {
  definitions: [
    nameColumn,
    column('Schedule', 'string', cronJobSpec.schedule),
    column('Timezone', 'string', cronJobSpec.timeZone),
    column('Suspend', 'boolean', cronJobSpec.suspend),
    column('Active', 'integer', cronJobStatus.active),
    column('Last Schedule', 'string', cronJobStatus.lastScheduleTime),
    ageColumn,
    containersColumn,
    imagesColumn,
    wideColumn('Selector', 'string', jobSpec.selector),
  ],
  cells: (cronJob, now) => {
    const jobTemplate = fieldAt(cronJob, 'spec', 'jobTemplate');
    return [
      nameOf(cronJob),
      stringAt(cronJob, 'spec', 'schedule'),
      optionalStringAt(cronJob, 'spec', 'timeZone') ?? '<none>',
      suspendCell(cronJob),
      arrayAt(cronJob, 'status', 'active').length,
      hasField(cronJob, 'status', 'lastScheduleTime') ? timestampSince(fieldAt(cronJob, 'status', 'lastScheduleTime'), now) : '<none>',
      ageOf(cronJob, now),
      ...containerCells(templateSpec(jobTemplate)),
      formatLabelSelector(fieldAt(jobTemplate, 'spec', 'selector')),
    ];
  },
};
