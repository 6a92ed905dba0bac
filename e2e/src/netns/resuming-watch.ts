// A watch that outlives the API server it happens to be connected to, as client-go's reflector
// does: when the stream ends or fails it watches again from the last resourceVersion it saw
// (bookmarks included), through whatever address it is given (a load balancer); when that is too
// old (410 Gone) it lists again and goes on from the list. Tests check what it saw for gaps.

export interface SeenObject {
  readonly name: string;
  readonly uid: string;
  readonly resourceVersion: string;
  /** How it was seen: an ADDED event, or a relist after 410 Gone. */
  readonly via: 'event' | 'relist';
}

interface WatchObject {
  readonly metadata?: { readonly name?: string; readonly uid?: string; readonly resourceVersion?: string };
  readonly code?: number;
}

export class ResumingWatch {
  /** Every object first seen, in order. */
  readonly seen: SeenObject[] = [];
  /** The resourceVersions of the ADDED, MODIFIED and DELETED events, in order of arrival. */
  readonly eventVersions: string[] = [];
  /** How often the stream ended or failed and was opened again, and how often that was 410 Gone. */
  reconnects = 0;
  relists = 0;
  /** ADDED events of an object an event had already added: a watch resumed from the wrong place. */
  duplicateEvents = 0;
  readonly #names = new Set<string>();
  readonly #stop = new AbortController();
  readonly #done: Promise<void>;
  #resourceVersion = '';

  readonly #collection: string;
  readonly #request: (path: string, init: RequestInit) => Promise<Response>;

  /** `collection` is a path such as /api/v1/namespaces/x/configmaps; `request` adds the credentials. */
  constructor(collection: string, request: (path: string, init: RequestInit) => Promise<Response>) {
    this.#collection = collection;
    this.#request = request;
    this.#done = this.#run();
  }

  async stop(): Promise<void> {
    this.#stop.abort();
    await this.#done;
  }

  async #run(): Promise<void> {
    await this.#relist();
    while (!this.#stop.signal.aborted) {
      try {
        const gone = await this.#watchOnce();
        if (gone) {
          this.relists++;
          await this.#relist();
        }
      } catch {
        // The server went away mid-stream or refused: watch again, as a reflector does.
      }
      if (this.#stop.signal.aborted) return;
      this.reconnects++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async #relist(): Promise<void> {
    for (;;) {
      if (this.#stop.signal.aborted) return;
      const response = await this.#request(this.#collection, { signal: this.#stop.signal }).catch(() => undefined);
      if (response?.status === 200) {
        const list = (await response.json()) as { metadata: { resourceVersion: string }; items: WatchObject[] };
        for (const item of list.items) this.#see(item, 'relist');
        this.#resourceVersion = list.metadata.resourceVersion;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** One watch stream to its end; true when it answered 410 Gone. */
  async #watchOnce(): Promise<boolean> {
    const response = await this.#request(`${this.#collection}?watch=true&allowWatchBookmarks=true&resourceVersion=${this.#resourceVersion}`, { signal: this.#stop.signal });
    if (response.status === 410) return true;
    if (response.status !== 200 || response.body === null) throw new Error(`watch answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const event = JSON.parse(buffered.slice(0, newline)) as { type: string; object: WatchObject };
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        if (event.type === 'ERROR') {
          if (event.object.code === 410) return true;
          throw new Error(`watch error ${JSON.stringify(event.object)}`);
        }
        const version = event.object.metadata?.resourceVersion ?? '';
        if (event.type !== 'BOOKMARK') this.eventVersions.push(version);
        if (event.type === 'ADDED') this.#see(event.object, 'event');
        this.#resourceVersion = version;
      }
    }
    return false;
  }

  #see(object: WatchObject, via: SeenObject['via']): void {
    const { name = '', uid = '', resourceVersion = '' } = object.metadata ?? {};
    if (this.#names.has(name)) {
      if (via === 'event' && this.seen.find((seen) => seen.name === name)?.via === 'event') this.duplicateEvents++;
      return;
    }
    this.#names.add(name);
    this.seen.push({ name, uid, resourceVersion, via });
  }
}
