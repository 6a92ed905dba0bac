// kube's APF config controller (k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go): keeps the
// FlowSchemas and PriorityLevelConfigurations in memory through informers of their stores, gives
// each priority level its concurrency limits and queue set, writes each FlowSchema's Dangling
// condition, adjusts the levels' limits every ten seconds by their seat demand (borrowing), and
// classifies and admits requests. The mandatory objects are imagined while they are missing.

import type { Logger } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import { metaTime, type JsonObject } from '../registry/object-meta.ts';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import { StoreInformer, type InformerHandler } from '../registry/store-informer.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { mandatoryFlowSchemas, mandatoryPriorityLevels } from './bootstrap-configuration.ts';
import { allocateConcurrency, levelLimits, updatedDemand, type LevelLimits, type SeatDemandStats } from './concurrency-allocation.ts';
import type { FlowControlStores } from './config-producer.ts';
import { byMatchingPrecedence, flowDistinguisher, flowSchemaOf, matchesFlowSchema, type FlowSchema } from './flow-schema-match.ts';
import { priorityLevelOf, type PriorityLevelSpec } from './priority-level.ts';
import { QueueSet, type HeldSeats, type RejectReason } from './queue-set.ts';
import { flowHash } from './shuffle-sharding.ts';
import type { WorkEstimate } from './work-estimate.ts';

/** kube's borrowingAdjustmentPeriod. */
const borrowingAdjustmentPeriodMs = 10_000;
/** kube's priorityLevelMaxSeatsPercent: one request takes at most this share of its level's nominal limit. */
const maxSeatsPercent = 0.15;

export interface PriorityLevelState {
  spec: PriorityLevelSpec;
  limits: LevelLimits;
  /** The limit in force now: the nominal one moved by borrowing. */
  currentLimit: number;
  /** The most seats one request of this level may take (0: no cap of the level's own). */
  maxSeats: number;
  demand: SeatDemandStats;
  readonly queues: QueueSet;
  /** No object names it any more: it only drains. */
  quiescing: boolean;
}

/** Where a request was classified. */
export interface Classification {
  readonly flowSchema: FlowSchema;
  readonly level: PriorityLevelState;
  readonly distinguisher: string;
}

export interface FlowSchemaCounters {
  readonly priorityLevel: string;
  dispatched: number;
  readonly rejected: Record<RejectReason, number>;
}

export class FlowController {
  readonly #serverLimit: number;
  readonly #logger: Logger;
  readonly #stores: FlowControlStores;
  readonly #flowSchemaObjects = new Map<string, JsonObject>();
  readonly #levelObjects = new Map<string, JsonObject>();
  #schemas: FlowSchema[] = [];
  readonly levels = new Map<string, PriorityLevelState>();
  readonly flowSchemaCounters = new Map<string, FlowSchemaCounters>();
  #digestScheduled = false;
  #stopping: AbortSignal | undefined;

  /** `serverLimit`: --max-requests-inflight plus --max-mutating-requests-inflight. */
  constructor(stores: FlowControlStores, serverLimit: number, logger: Logger) {
    this.#serverLimit = serverLimit;
    this.#logger = logger;
    this.#stores = stores;
    // Until the informers have listed, the mandatory objects serve.
    this.#digest();
  }

  /** kube's priority-and-fairness-config-consumer: starts the informers and the borrowing adjustment. */
  async start(stopping: AbortSignal): Promise<void> {
    this.#stopping = stopping;
    const informers = [
      new StoreInformer(this.#stores.flowSchemas, this.#handlerOf(this.#flowSchemaObjects), this.#logger, stopping),
      new StoreInformer(this.#stores.priorityLevels, this.#handlerOf(this.#levelObjects), this.#logger, stopping),
    ];
    await Promise.all(informers.map((informer) => informer.start()));
    const timer = setInterval(() => this.#adjustBorrowing(true), borrowingAdjustmentPeriodMs).unref();
    stopping.addEventListener('abort', () => clearInterval(timer), { once: true });
  }

  #handlerOf(map: Map<string, JsonObject>): InformerHandler {
    return {
      replace: (objects) => {
        map.clear();
        for (const object of objects) map.set(stringOf(objectOf(object.metadata).name), object);
        this.#scheduleDigest();
      },
      upsert: (object) => {
        map.set(stringOf(objectOf(object.metadata).name), object);
        this.#scheduleDigest();
      },
      remove: (object) => {
        map.delete(stringOf(objectOf(object.metadata).name));
        this.#scheduleDigest();
      },
    };
  }

  /** Many events in one turn (a relist) make one digest. */
  #scheduleDigest(): void {
    if (this.#digestScheduled) return;
    this.#digestScheduled = true;
    setImmediate(() => {
      this.#digestScheduled = false;
      this.#digest();
    });
  }

  /** kube's lockAndDigestConfigObjects: the levels and schemas in force from now on. */
  #digest(): void {
    const specs = new Map<string, PriorityLevelSpec>();
    for (const object of this.#levelObjects.values()) {
      const spec = priorityLevelOf(object);
      // A level whose type does not fit its name (only "exempt" may be Exempt) is ignored, as kube does.
      if (spec.exempt !== (spec.name === 'exempt')) continue;
      specs.set(spec.name, spec);
    }
    for (const object of mandatoryPriorityLevels) {
      const spec = priorityLevelOf(object);
      if (!specs.has(spec.name)) specs.set(spec.name, spec);
    }
    for (const [name, level] of this.levels) {
      if (specs.has(name)) continue;
      if (level.queues.isIdle) this.levels.delete(name);
      else level.quiescing = true;
    }
    let shareSum = 0;
    for (const spec of specs.values()) shareSum += spec.shares;
    for (const [name, level] of this.levels) if (!specs.has(name)) shareSum += level.spec.shares;
    for (const spec of specs.values()) {
      const existing = this.levels.get(spec.name);
      const limits = levelLimits(this.#serverLimit, shareSum, spec);
      const maxSeats = spec.queuing.queues > 0 ? Math.max(1, Math.min(Math.ceil(limits.nominal * maxSeatsPercent), Math.floor(limits.nominal / spec.queuing.handSize))) : 0;
      if (existing === undefined) {
        const currentLimit = limits.nominal - Math.floor((limits.nominal - limits.min) / 2);
        this.levels.set(spec.name, {
          spec,
          limits,
          currentLimit,
          maxSeats,
          demand: { highWatermark: 0, average: 0, deviation: 0, smoothed: 0 },
          queues: new QueueSet(spec.exempt ? 'exempt' : spec.queuing, currentLimit),
          quiescing: false,
        });
      } else {
        existing.spec = spec;
        existing.limits = limits;
        existing.maxSeats = maxSeats;
        existing.quiescing = false;
      }
    }
    for (const [name, level] of this.levels) if (!specs.has(name)) level.limits = levelLimits(this.#serverLimit, shareSum, level.spec);
    this.#digestFlowSchemas(specs);
    this.#adjustBorrowing(false);
  }

  #digestFlowSchemas(levels: ReadonlyMap<string, PriorityLevelSpec>): void {
    const schemas: FlowSchema[] = [];
    for (const object of this.#flowSchemaObjects.values()) {
      const schema = flowSchemaOf(object);
      const found = levels.has(schema.priorityLevelName);
      this.#syncDanglingCondition(object, schema, !found);
      if (found) schemas.push(schema);
    }
    schemas.sort(byMatchingPrecedence);
    const names = new Set(schemas.map((schema) => schema.name));
    const [exempt, catchAll] = mandatoryFlowSchemas.map(flowSchemaOf) as [FlowSchema, FlowSchema];
    if (!names.has('exempt')) schemas.unshift(exempt);
    if (!names.has('catch-all')) schemas.push(catchAll);
    this.#schemas = schemas;
  }

  /** kube's presyncFlowSchemaStatus: the Dangling condition says whether the named level exists. */
  #syncDanglingCondition(object: JsonObject, schema: FlowSchema, dangling: boolean): void {
    if (this.#stopping === undefined || this.#stopping.aborted) return;
    const conditions = objectsAt(objectOf(object.status), 'conditions');
    const current = conditions.find((condition) => condition.type === 'Dangling');
    const status = dangling ? 'True' : 'False';
    const reason = dangling ? 'NotFound' : 'Found';
    const message = dangling
      ? `This FlowSchema references the PriorityLevelConfiguration object named "${schema.priorityLevelName}" but there is no such object`
      : `This FlowSchema references the PriorityLevelConfiguration object named "${schema.priorityLevelName}" and it exists`;
    if (current?.status === status && current.reason === reason && current.message === message) return;
    const condition = { type: 'Dangling', status, lastTransitionTime: metaTime(new Date()), reason, message };
    const others = conditions.filter((c) => c.type !== 'Dangling');
    this.#stores.flowSchemas.updateStatus(undefined, schema.name, { metadata: { name: schema.name }, status: { conditions: [...others, condition] } }).catch((error: unknown) => {
      this.#logger.warn({ err: error, flowSchema: schema.name }, 'failed to set the Dangling condition of a FlowSchema');
    });
  }

  /**
   * kube's updateBorrowingLocked: each non-exempt level's limit between its bounds, toward its
   * smoothed seat demand; `observe` takes the demand seen since the last adjustment.
   */
  #adjustBorrowing(observe: boolean): void {
    const items: { level: PriorityLevelState; lowerBound: number; upperBound: number; target: number }[] = [];
    let nominalSum = 0;
    let remaining = 0;
    let minSum = 0;
    let minCurrentSum = 0;
    for (const level of this.levels.values()) {
      if (observe) level.demand = updatedDemand(level.demand, level.queues.seatDemand.reset());
      nominalSum += level.limits.nominal;
    }
    remaining = nominalSum;
    for (const level of this.levels.values()) {
      if (level.spec.exempt) {
        level.currentLimit = Math.max(level.limits.min, level.demand.highWatermark);
        remaining -= level.currentLimit;
        continue;
      }
      const minCurrent = Math.max(level.limits.min, Math.min(level.limits.nominal, level.demand.highWatermark));
      items.push({ level, lowerBound: minCurrent, upperBound: level.limits.max, target: Math.max(minCurrent, level.demand.smoothed) });
      minSum += level.limits.min;
      minCurrentSum += minCurrent;
    }
    if (!observe) {
      // A new configuration keeps the limits already in force (kube's setCompleters=false), bounded anew.
      for (const item of items) item.level.queues.configure(item.level.spec.queuing, item.level.currentLimit);
      return;
    }
    let allocations: number[];
    if (remaining <= minSum) allocations = items.map((item) => item.level.limits.min);
    else if (remaining <= minCurrentSum) {
      const fraction = (remaining - minSum) / (minCurrentSum - minSum);
      allocations = items.map((item) => item.level.limits.min + Math.round((item.lowerBound - item.level.limits.min) * fraction));
    } else allocations = allocateConcurrency(nominalSum, items);
    items.forEach((item, i) => {
      item.level.currentLimit = Math.round(allocations[i] as number);
      item.level.queues.configure(item.level.spec.queuing, item.level.currentLimit);
    });
    for (const [name, level] of this.levels) if (level.quiescing && level.queues.isIdle) this.levels.delete(name);
  }

  /** kube's startRequest classification: the first schema that matches, catch-all when none does. */
  classify(user: UserInfo, info: RequestInfo): Classification {
    let chosen: FlowSchema | undefined;
    let catchAll: FlowSchema | undefined;
    for (const schema of this.#schemas) {
      if (matchesFlowSchema(user, info, schema)) {
        chosen = schema;
        break;
      }
      if (schema.name === 'catch-all') catchAll = schema;
    }
    const flowSchema = chosen ?? catchAll ?? (this.#schemas.at(-1) as FlowSchema);
    const level = this.levels.get(flowSchema.priorityLevelName) as PriorityLevelState;
    const queued = !level.spec.exempt && level.spec.queuing.queues > 1;
    return { flowSchema, level, distinguisher: queued ? flowDistinguisher(user, info, flowSchema) : '' };
  }

  /** Waits for the request's seats: the seats, or why it was rejected. `noteQueued` is told its queue's length once it waits in one. */
  async admit(
    classification: Classification,
    user: UserInfo,
    info: RequestInfo,
    estimate: WorkEstimate,
    waitLimit: AbortSignal,
    noteQueued?: (queueLength: number) => void,
  ): Promise<HeldSeats | RejectReason> {
    const { flowSchema, level, distinguisher } = classification;
    const hash = level.spec.queuing.queues > 1 ? flowHash(flowSchema.name, distinguisher) : 0n;
    const outcome = await level.queues.start({ flowSchemaName: flowSchema.name, distinguisher, userName: user.username, info }, estimate, hash, waitLimit, noteQueued);
    let counters = this.flowSchemaCounters.get(flowSchema.name);
    if (counters === undefined || counters.priorityLevel !== level.spec.name) {
      counters = { priorityLevel: level.spec.name, dispatched: 0, rejected: { 'queue-full': 0, 'concurrency-limit': 0, 'time-out': 0 } };
      this.flowSchemaCounters.set(flowSchema.name, counters);
    }
    if (typeof outcome === 'string') counters.rejected[outcome]++;
    else counters.dispatched++;
    return outcome;
  }
}
