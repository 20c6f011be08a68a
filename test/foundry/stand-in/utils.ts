/**
 * `foundry.utils` as far as the system uses it, and Foundry's Collection.
 * Written from the public API documentation (foundryvtt.com/api/v13).
 *
 * Foundry's object-path helpers refuse a path part that would reach an
 * object's prototype (`__proto__`, `constructor`, `prototype`), so a key
 * taken from a payload cannot pollute every object of the page; these do the
 * same (they throw, naming the key).
 */

export type Obj = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Obj {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Throws for a key (or dotted path) with a part that leads to a prototype. */
export function assertSafeKey(key: string): void {
  for (const part of key.split(".")) {
    const bare = part.startsWith("-=") || part.startsWith("==") ? part.slice(2) : part;
    if (FORBIDDEN_KEYS.has(bare)) throw new Error(`the key "${key}" may not contain "${bare}"`);
  }
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (isPlainObject(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

/** Dotted keys become nested objects: { "a.b": 1 } → { a: { b: 1 } }. */
export function expandObject(object: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(object)) {
    setProperty(out, key, isPlainObject(value) ? expandObject(value) : value);
  }
  return out;
}

export function flattenObject(object: Obj, prefix = ""): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) Object.assign(out, flattenObject(value, path));
    else out[path] = value;
  }
  return out;
}

export function getProperty(object: unknown, key: string): unknown {
  assertSafeKey(key);
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object") return undefined;
    target = (target as Obj)[part];
  }
  return target;
}

export function setProperty(object: Obj, key: string, value: unknown): boolean {
  assertSafeKey(key);
  const parts = key.split(".");
  const last = parts.pop()!;
  let target: Obj = object;
  for (const part of parts) {
    if (!isPlainObject(target[part])) target[part] = {};
    target = target[part] as Obj;
  }
  target[last] = value;
  return true;
}

export function hasProperty(object: unknown, key: string): boolean {
  assertSafeKey(key);
  const parts = key.split(".");
  const last = parts.pop()!;
  const parent = parts.length ? getProperty(object, parts.join(".")) : object;
  return parent !== null && typeof parent === "object" && Object.hasOwn(parent as Obj, last);
}

interface MergeOptions {
  inplace?: boolean;
  recursive?: boolean;
  insertKeys?: boolean;
  overwrite?: boolean;
  performDeletions?: boolean;
}

/** The subset of foundry.utils.mergeObject this system relies on (including "-=key" deletions). */
export function mergeObject<T extends Obj>(original: T, other: Obj = {}, options: MergeOptions = {}): T {
  const {
    inplace = true,
    recursive = true,
    insertKeys = true,
    overwrite = true,
    performDeletions = false,
  } = options;
  const target = (inplace ? original : deepClone(original)) as Obj;
  for (const [key, value] of Object.entries(expandObject(other))) {
    assertSafeKey(key);
    if (performDeletions && key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    const exists = Object.hasOwn(target, key);
    if (!exists && !insertKeys) continue;
    if (recursive && isPlainObject(value) && isPlainObject(target[key])) {
      mergeObject(target[key] as Obj, value, { ...options, inplace: true });
    } else if (!exists || overwrite) {
      target[key] = deepClone(value);
    }
  }
  return target as T;
}

export function randomID(length = 16): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < length; i += 1) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

export function escapeHTML(text: unknown): string {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/**
 * A server round trip: the write is sent, other code runs meanwhile (another
 * click, another query), and only then is it applied and its hooks fired. A
 * macrotask, not a microtask, so every pending `await` chain runs first.
 */
export function roundTrip(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Foundry's Collection: a Map keyed by id that iterates its values. */
export class Collection<V> {
  readonly #map = new Map<string, V>();

  get size(): number {
    return this.#map.size;
  }
  get(key: string): V | undefined {
    return this.#map.get(key);
  }
  set(key: string, value: V): this {
    this.#map.set(key, value);
    return this;
  }
  has(key: string): boolean {
    return this.#map.has(key);
  }
  delete(key: string): boolean {
    return this.#map.delete(key);
  }
  clear(): void {
    this.#map.clear();
  }
  keys(): IterableIterator<string> {
    return this.#map.keys();
  }
  values(): IterableIterator<V> {
    return this.#map.values();
  }
  entries(): IterableIterator<[string, V]> {
    return this.#map.entries();
  }
  forEach(fn: (value: V, key: string) => void): void {
    for (const [key, value] of this.#map) fn(value, key);
  }
  [Symbol.iterator](): IterableIterator<V> {
    return this.#map.values();
  }
  get contents(): V[] {
    return [...this.#map.values()];
  }
  find(predicate: (value: V) => boolean): V | undefined {
    for (const value of this.#map.values()) if (predicate(value)) return value;
    return undefined;
  }
  filter(predicate: (value: V) => boolean): V[] {
    return this.contents.filter(predicate);
  }
  map<T>(fn: (value: V) => T): T[] {
    return this.contents.map(fn);
  }
  some(predicate: (value: V) => boolean): boolean {
    return this.contents.some(predicate);
  }
  reduce<T>(fn: (acc: T, value: V) => T, initial: T): T {
    return this.contents.reduce(fn, initial);
  }
  getName(name: string): V | undefined {
    return this.find((value) => (value as { name?: unknown }).name === name);
  }
}
