// The field paths of the estimator held as cel-go holds them: Go slices of strings. Appending to a
// slice that has room left writes into the storage it shares with its other appends, so two paths
// extended from one prefix (a map's keys and values in a two-variable comprehension, two fields of
// one iteration variable) can end up reading the same last step. Kubernetes' estimates depend on
// it; the estimator reproduces it by tracking storage and capacity as Go's append does.

export class PathSlice {
  private readonly storage: string[];
  private readonly length: number;
  private readonly capacity: number;

  private constructor(storage: string[], length: number, capacity: number) {
    this.storage = storage;
    this.length = length;
    this.capacity = capacity;
  }

  /** []string{step}. */
  static of(step: string): PathSlice {
    return new PathSlice([step], 1, 1);
  }

  /** Go's append(path, step) (a nil path when undefined). */
  static append(path: PathSlice | undefined, step: string): PathSlice {
    if (path === undefined) return PathSlice.of(step);
    if (path.length < path.capacity) {
      path.storage[path.length] = step;
      return new PathSlice(path.storage, path.length + 1, path.capacity);
    }
    const storage = path.storage.slice(0, path.length);
    storage.push(step);
    return new PathSlice(storage, path.length + 1, grownCapacity(path.capacity, path.length + 1));
  }

  /** The steps as they read now. */
  get steps(): readonly string[] {
    return this.storage.slice(0, this.length);
  }

  get first(): string | undefined {
    return this.length > 0 ? this.storage[0] : undefined;
  }
}

// The capacity Go's growslice gives a []string (16-byte elements) that must hold `needed`: double
// while small, then by a quarter plus 192, rounded up to the allocator's size class.
function grownCapacity(capacity: number, needed: number): number {
  let grown: number;
  if (needed > capacity * 2) grown = needed;
  else if (capacity < 256) grown = capacity * 2;
  else {
    grown = capacity;
    while (grown < needed) grown += (grown + 3 * 256) >> 2;
  }
  return Math.floor(roundUpToSizeClass(grown * elementBytes) / elementBytes);
}

const elementBytes = 16;

// Go's malloc size classes up to 32 KiB; larger allocations take whole 8 KiB pages.
const sizeClasses = [
  8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536,
  1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576,
  27264, 28672, 32768,
];

function roundUpToSizeClass(bytes: number): number {
  for (const size of sizeClasses) if (size >= bytes) return size;
  return Math.ceil(bytes / 8192) * 8192;
}
