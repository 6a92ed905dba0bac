// kube-scheduler's scheduling queue: activeQ (higher priority first, then the earlier arrival),
// backoffQ (a pod that failed waits 1 s, doubling per attempt up to 10 s, before it is tried again;
// when activeQ is empty the pod whose backoff ends first is taken at once, as
// SchedulerPopFromBackoffQ does, unless it failed on an error rather than on the filters), and the unschedulable pods, which wait for a cluster event that
// may help them (moveAllToActiveOrBackoff: a node added or changed, a bound pod gone) or for 5
// minutes. A pod rejected while such an event or an update of its own happened during its attempt
// goes to backoffQ instead of waiting, so that the event is not missed.

import { BinaryHeap } from './binary-heap.ts';
import { schedulerMetrics } from './scheduler-metrics.ts';

type QueueState = 'active' | 'backoff' | 'unschedulable' | 'inFlight' | 'gone';

/** A pod in the queue, from when it is first added until it is bound or deleted. */
export interface QueuedPod {
  readonly key: string;
  priority: number;
  /** When it last entered activeQ. */
  timestamp: number;
  /** Scheduling attempts so far: the backoff doubles with each. */
  attempts: number;
  lastAttemptAt: number;
  /** performance.now() of its first attempt (scheduler_pod_scheduling_sli_duration_seconds). */
  firstAttemptAt: number;
  /** The plugins that rejected its last attempt, until it is tried again (scheduler_unschedulable_pods). */
  unschedulablePlugins: ReadonlySet<string>;
  unschedulableSince: number;
  /** The scheduling cycle of its latest attempt. */
  cycle: number;
  state: QueueState;
  /** Bumped at each insertion into a heap: older heap items of the pod are stale. */
  version: number;
  updatedInFlight: boolean;
}

interface HeapItem {
  readonly entry: QueuedPod;
  readonly version: number;
  readonly priority: number;
  /** activeQ: arrival time; backoffQ: end of the backoff. */
  readonly at: number;
  /** Insertion order, for arrivals within the same millisecond. */
  readonly sequence: number;
}

function earlier(a: HeapItem, b: HeapItem): boolean {
  return a.at < b.at || (a.at === b.at && a.sequence < b.sequence);
}

export interface SchedulingQueueOptions {
  /** --pod-initial-backoff-seconds (1 s). */
  readonly initialBackoffMs?: number;
  /** --pod-max-backoff-seconds (10 s). */
  readonly maxBackoffMs?: number;
  /** podMaxInUnschedulablePodsDuration (5 min). */
  readonly maxUnschedulableMs?: number;
}

const unschedulableFlushIntervalMs = 30_000;

const noPlugins: ReadonlySet<string> = new Set();

export class SchedulingQueue {
  readonly #initialBackoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #maxUnschedulableMs: number;
  readonly #entries = new Map<string, QueuedPod>();
  readonly #active = new BinaryHeap<HeapItem>((a, b) => a.priority > b.priority || (a.priority === b.priority && earlier(a, b)));
  readonly #backoff = new BinaryHeap<HeapItem>(earlier);
  readonly #errorBackoff = new BinaryHeap<HeapItem>(earlier);
  #sequence = 0;
  readonly #unschedulable = new Set<QueuedPod>();
  #schedulingCycle = 0;
  #moveRequestCycle = -1;
  #waiters: (() => void)[] = [];
  #backoffTimer: NodeJS.Timeout | undefined;
  #backoffTimerAt = Infinity;
  readonly #flushTimer: NodeJS.Timeout;
  #closed = false;

  constructor(options: SchedulingQueueOptions = {}) {
    this.#initialBackoffMs = options.initialBackoffMs ?? 1_000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.#maxUnschedulableMs = options.maxUnschedulableMs ?? 300_000;
    this.#flushTimer = setInterval(() => this.#flushUnschedulableLeftover(), Math.min(unschedulableFlushIntervalMs, this.#maxUnschedulableMs));
    this.#flushTimer.unref();
  }

  /** Pods in the queue in any state (in flight included). */
  get size(): number {
    return this.#entries.size;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** A pod to schedule: new ones go to activeQ; one already queued is updated. */
  add(key: string, priority: number): void {
    if (this.#closed) return;
    const entry = this.#entries.get(key);
    if (entry !== undefined) return this.update(key, priority, false);
    const added: QueuedPod = {
      key,
      priority,
      timestamp: 0,
      attempts: 0,
      lastAttemptAt: 0,
      firstAttemptAt: 0,
      unschedulablePlugins: noPlugins,
      unschedulableSince: 0,
      cycle: 0,
      state: 'active',
      version: 0,
      updatedInFlight: false,
    };
    this.#entries.set(key, added);
    this.#toActive(added, 'UnschedulablePodAdd');
  }

  /** The pod changed; `changed` says whether in a way that may change where it fits (kube's isPodUpdated). */
  update(key: string, priority: number, changed: boolean): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return this.add(key, priority);
    const repositioned = entry.priority !== priority;
    entry.priority = priority;
    if (!changed && !(repositioned && entry.state === 'active')) return;
    if (entry.state === 'unschedulable') this.#toActiveOrBackoff(entry, 'UnschedulablePodUpdate');
    else if (entry.state === 'inFlight') entry.updatedInFlight = true;
    // Repositioned within activeQ: not an incoming pod.
    else if (entry.state === 'active' && repositioned) this.#toActive(entry, undefined);
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#unschedulable.delete(entry);
    entry.state = 'gone';
  }

  /** The next pod to try (now in flight), once there is one; undefined once closed. */
  async pop(): Promise<QueuedPod | undefined> {
    for (;;) {
      if (this.#closed) return undefined;
      const item = this.#takeLive(this.#active, 'active') ?? this.#takeLive(this.#backoff, 'backoff');
      if (item !== undefined) {
        const entry = item.entry;
        if (item.entry.state === 'backoff') schedulerMetrics.podsIncoming('active', 'PopFromBackoffQ');
        entry.state = 'inFlight';
        entry.attempts += 1;
        entry.lastAttemptAt = Date.now();
        if (entry.attempts === 1) entry.firstAttemptAt = performance.now();
        entry.unschedulablePlugins = noPlugins;
        entry.cycle = ++this.#schedulingCycle;
        entry.updatedInFlight = false;
        return entry;
      }
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /** The pod in flight is bound (or no longer to be scheduled): it leaves the queue. */
  done(entry: QueuedPod): void {
    if (this.#entries.get(entry.key) !== entry) return;
    this.#entries.delete(entry.key);
    entry.state = 'gone';
  }

  /**
   * The pod in flight failed. Rejected by the filters, it waits with the unschedulable pods, unless
   * something moved pods or changed it during the attempt; after an error it backs off.
   */
  requeue(entry: QueuedPod, rejected: boolean, plugins: ReadonlySet<string> = noPlugins): void {
    if (this.#entries.get(entry.key) !== entry || entry.state !== 'inFlight') return;
    entry.unschedulablePlugins = plugins;
    if (rejected && !entry.updatedInFlight && this.#moveRequestCycle < entry.cycle) {
      entry.state = 'unschedulable';
      entry.unschedulableSince = Date.now();
      this.#unschedulable.add(entry);
      schedulerMetrics.podsIncoming('unschedulable', 'ScheduleAttemptFailure');
      return;
    }
    this.#toBackoff(entry, 'ScheduleAttemptFailure', !rejected);
  }

  /**
   * A cluster event that may make unschedulable pods fit: they go back to activeQ, or backoffQ until
   * their backoff ends. `event`: kube's label of the event (NodeAdd, AssignedPodDelete, ...).
   */
  moveAllToActiveOrBackoff(event: string): void {
    this.#moveRequestCycle = this.#schedulingCycle;
    if (this.#unschedulable.size === 0) return;
    for (const entry of [...this.#unschedulable]) this.#toActiveOrBackoff(entry, event);
  }

  /** The pods waiting in each queue (scheduler_pending_pods); pods in flight are in none. */
  pendingCounts(): { active: number; backoff: number; unschedulable: number } {
    const counts = { active: 0, backoff: 0, unschedulable: 0 };
    for (const entry of this.#entries.values()) if (entry.state !== 'inFlight' && entry.state !== 'gone') counts[entry.state] += 1;
    return counts;
  }

  /** For each plugin, the waiting pods whose last attempt it rejected (scheduler_unschedulable_pods). */
  unschedulablePluginCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.#entries.values()) {
      if (entry.state === 'inFlight') continue;
      for (const plugin of entry.unschedulablePlugins) counts.set(plugin, (counts.get(plugin) ?? 0) + 1);
    }
    return counts;
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#flushTimer);
    clearTimeout(this.#backoffTimer);
    this.#wake();
  }

  #backoffEnd(entry: QueuedPod): number {
    if (entry.attempts === 0) return entry.lastAttemptAt;
    return entry.lastAttemptAt + Math.min(this.#initialBackoffMs * 2 ** (entry.attempts - 1), this.#maxBackoffMs);
  }

  #toActiveOrBackoff(entry: QueuedPod, event: string): void {
    this.#unschedulable.delete(entry);
    if (this.#backoffEnd(entry) > Date.now()) this.#toBackoff(entry, event);
    else this.#toActive(entry, event);
  }

  /** `event`: why the pod enters activeQ (scheduler_queue_incoming_pods_total), undefined when it only moves within it. */
  #toActive(entry: QueuedPod, event: string | undefined): void {
    this.#unschedulable.delete(entry);
    if (event !== undefined) schedulerMetrics.podsIncoming('active', event);
    entry.state = 'active';
    entry.version += 1;
    entry.timestamp = Date.now();
    this.#active.push({ entry, version: entry.version, priority: entry.priority, at: entry.timestamp, sequence: ++this.#sequence });
    this.#wake();
  }

  #toBackoff(entry: QueuedPod, event: string, afterError = false): void {
    schedulerMetrics.podsIncoming('backoff', event);
    entry.state = 'backoff';
    entry.version += 1;
    const end = this.#backoffEnd(entry);
    (afterError ? this.#errorBackoff : this.#backoff).push({ entry, version: entry.version, priority: entry.priority, at: end, sequence: ++this.#sequence });
    this.#armBackoffTimer(end);
    this.#wake();
  }

  /** The heap's first item that is still its pod's current place, taken out; stale ones are dropped. */
  #takeLive(heap: BinaryHeap<HeapItem>, state: QueueState): HeapItem | undefined {
    for (;;) {
      const item = heap.pop();
      if (item === undefined) return undefined;
      if (item.entry.state === state && item.entry.version === item.version) return item;
    }
  }

  #armBackoffTimer(at: number): void {
    if (at >= this.#backoffTimerAt || this.#closed) return;
    clearTimeout(this.#backoffTimer);
    this.#backoffTimerAt = at;
    this.#backoffTimer = setTimeout(() => this.#flushBackoffCompleted(), Math.max(0, at - Date.now()));
    this.#backoffTimer.unref();
  }

  #flushBackoffCompleted(): void {
    this.#backoffTimer = undefined;
    this.#backoffTimerAt = Infinity;
    const now = Date.now();
    for (const heap of [this.#backoff, this.#errorBackoff]) {
      for (;;) {
        const top = heap.peek();
        if (top === undefined) break;
        if (top.entry.state !== 'backoff' || top.entry.version !== top.version) {
          heap.pop();
          continue;
        }
        if (top.at > now) {
          this.#armBackoffTimer(top.at);
          break;
        }
        heap.pop();
        this.#toActive(top.entry, 'BackoffComplete');
      }
    }
  }

  #flushUnschedulableLeftover(): void {
    const now = Date.now();
    for (const entry of [...this.#unschedulable]) if (now - entry.unschedulableSince > this.#maxUnschedulableMs) this.#toActiveOrBackoff(entry, 'UnschedulableTimeout');
  }

  #wake(): void {
    const waiters = this.#waiters;
    if (waiters.length === 0) return;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
