/**
 * A small stand-in for the parts of Foundry VTT v13's runtime that the FANGS
 * system touches, so its data models and documents can be tested under Node.
 * No npm package provides Foundry's runtime classes; this one is written from
 * Foundry's public API documentation (foundryvtt.com/api/v13), not from its
 * source.
 *
 * What it covers, and how closely:
 * - `foundry.data.fields`: DataField, NumberField, StringField, BooleanField,
 *   HTMLField, SchemaField. Cleaning then validation, as Foundry documents
 *   them: `clean` turns null into undefined for a non-nullable field,
 *   undefined into the initial value, then `_cast` (Number(), String(),
 *   "true" → true) and `_cleanType` (NumberField rounds an integer field and
 *   clamps to min/max; StringField trims, and a blank string on a non-blank
 *   field becomes the initial value). `validate` runs the null/undefined
 *   checks, `_validateType` (type, integer, min, max, choices, blank) and
 *   the field's `validate` option (a thrown error's message is the
 *   failure's), and returns a DataModelValidationFailure. SchemaField cleans
 *   and validates each child (only the given keys for a partial change) and
 *   drops keys that are not in the schema.
 * - `foundry.data.validation`: DataModelValidationFailure and
 *   DataModelValidationError with getFailure(path) and getAllFailures()
 *   (flattened by dotted path, e.g. "system.damage").
 * - `foundry.abstract.DataModel` / `TypeDataModel`: construction runs
 *   migrateData → cleanData → validate (fields, then validateJoint) and
 *   throws a DataModelValidationError when strict; `validate({changes})`,
 *   `updateSource`, `toObject`, `schema`, `parent`, prepareBaseData and
 *   prepareDerivedData hooks. Unlike Foundry, the constructor clones its
 *   input (tests share fixtures).
 * - `Actor` and `Item` documents (the bases FangsActor and FangsItem
 *   extend): construction validates (a bad document is refused), the
 *   preparation order of ClientDocument#prepareData (system base → document
 *   base → embedded items → system derived → document derived), embedded
 *   items sharing their source with the actor's, `update` through the static
 *   `updateDocuments` (validated as a whole batch first: an invalid change
 *   rejects with a DataModelValidationError and leaves every source as it
 *   was; `recursive: false` replaces `system`), `createDocuments` with
 *   `_preCreate`, `updateSource`, `reset`, `toObject`. No database, no
 *   permissions, no `_preUpdate`/`_onUpdate`, no hooks on documents, no
 *   migration of update data.
 * - `game.scenes`: scenes with tokens, linked (`token.actor` is the world
 *   actor) or unlinked (a synthetic actor built from the base actor and the
 *   token's ActorDelta, whose writes, its `update` and its items', go into
 *   the delta). `game.packs`: compendiums with metadata (packageType), a
 *   lock that refuses writes, `configure({ locked })` and `getDocuments()`.
 *   No tombstones, no effects, no delta name/img overrides.
 * - `game.i18n` (localize, format, has) over the real lang/en.json, with
 *   dotted keys expanded as Foundry does; `game.settings` (register, get,
 *   set; a DataModel type is constructed and so validated; choices are
 *   enforced); `game.user`, `game.users.activeGM`, `game.actors`,
 *   `game.items`; `ui.notifications` recording what it was asked to show;
 *   `ui.combat` (a tracker whose `render` tests may spy on);
 *   `Hooks` (on, once, off, call, callAll); `CONFIG.Actor`, `CONFIG.Item`,
 *   `CONFIG.statusEffects`, `CONFIG.specialStatusEffects`; and the
 *   `foundry.utils` functions used here.
 *
 * Anything else is absent on purpose: a test that reaches it fails loudly.
 */

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/* -------------------------------------------- */
/*  foundry.utils                               */
/* -------------------------------------------- */

type Obj = Record<string, unknown>;

function isPlainObject(value: unknown): value is Obj {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object") return undefined;
    target = (target as Obj)[part];
  }
  return target;
}

export function setProperty(object: Obj, key: string, value: unknown): boolean {
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
  const parts = key.split(".");
  const last = parts.pop()!;
  const parent = parts.length ? getProperty(object, parts.join(".")) : object;
  return parent !== null && typeof parent === "object" && last in (parent as Obj);
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
    if (performDeletions && key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    const exists = key in target;
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

/* -------------------------------------------- */
/*  foundry.data.validation                     */
/* -------------------------------------------- */

export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  dropped: boolean;
  message: string;
  unresolved: boolean;
  fields: Record<string, DataModelValidationFailure> = {};

  constructor({
    invalidValue,
    fallback,
    dropped = false,
    message = "",
    unresolved = false,
  }: {
    invalidValue?: unknown;
    fallback?: unknown;
    dropped?: boolean;
    message?: string;
    unresolved?: boolean;
  } = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.dropped = dropped;
    this.message = message;
    this.unresolved = unresolved;
  }

  isEmpty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  toString(): string {
    const lines: string[] = [];
    for (const [path, failure] of Object.entries(collectFailures(this))) {
      lines.push(`${path || "(root)"}: ${failure.message}`);
    }
    return lines.join("\n");
  }
}

function collectFailures(
  failure: DataModelValidationFailure,
  prefix = "",
): Record<string, DataModelValidationFailure> {
  const out: Record<string, DataModelValidationFailure> = {};
  if (failure.message || failure.isEmpty()) out[prefix] = failure;
  for (const [name, inner] of Object.entries(failure.fields)) {
    Object.assign(out, collectFailures(inner, prefix ? `${prefix}.${name}` : name));
  }
  return out;
}

export class DataModelValidationError extends Error {
  readonly #failure: DataModelValidationFailure;

  constructor(failure: DataModelValidationFailure, label = "DataModel") {
    super(`${label} validation errors:\n${failure.toString()}`);
    this.name = "DataModelValidationError";
    this.#failure = failure;
  }

  getFailure(path?: string): DataModelValidationFailure | undefined {
    if (!path) return this.#failure;
    let failure: DataModelValidationFailure | undefined = this.#failure;
    for (const part of path.split(".")) failure = failure?.fields[part];
    return failure;
  }

  getAllFailures(): Record<string, DataModelValidationFailure> | undefined {
    const all = collectFailures(this.#failure);
    delete all[""];
    return Object.keys(all).length ? all : undefined;
  }
}

/* -------------------------------------------- */
/*  foundry.data.fields                         */
/* -------------------------------------------- */

interface CleanOptions {
  partial?: boolean;
  source?: unknown;
}

type Validator = (value: unknown, options?: object) => boolean | undefined | DataModelValidationFailure;

interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  validate?: Validator;
  validationError?: string;
  [key: string]: unknown;
}

export class DataField {
  options: FieldOptions;
  required!: boolean;
  nullable!: boolean;
  initial: unknown;
  label!: string;
  hint!: string;
  validationError!: string;
  name = "";
  parent: DataField | null = null;

  static get _defaults(): FieldOptions {
    return {
      required: false,
      nullable: false,
      initial: undefined,
      label: "",
      hint: "",
      validationError: "is not a valid value",
    };
  }

  /** Only the options named in `_defaults` become properties; `validate` stays in `options`. */
  constructor(options: FieldOptions = {}) {
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    for (const [key, value] of Object.entries(defaults)) {
      (this as unknown as Obj)[key] = key in options ? options[key] : value;
    }
  }

  get fieldPath(): string {
    const parts: string[] = [];
    for (let field: DataField | null = this; field; field = field.parent)
      if (field.name) parts.unshift(field.name);
    return parts.join(".");
  }

  getInitialValue(data?: unknown): unknown {
    return typeof this.initial === "function"
      ? (this.initial as (d: unknown) => unknown)(data)
      : deepClone(this.initial);
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return value;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options?: CleanOptions): unknown {
    return value;
  }

  /** Returns a failure, or undefined when the value is valid. */
  validate(value: unknown, options: CleanOptions = {}): DataModelValidationFailure | undefined {
    const validators: Validator[] = [
      (v) => this._validateSpecial(v),
      (v, o) => this._validateType(v, o as CleanOptions),
    ];
    if (this.options.validate) validators.push(this.options.validate);
    try {
      for (const validator of validators) {
        const result = validator.call(this, value, options);
        if (result === true) return undefined;
        if (result === false) {
          return new DataModelValidationFailure({
            invalidValue: value,
            message: this.validationError,
            unresolved: true,
          });
        }
        if (result instanceof DataModelValidationFailure) return result;
      }
    } catch (error) {
      return new DataModelValidationFailure({
        invalidValue: value,
        message: error instanceof Error ? error.message : String(error),
        unresolved: true,
      });
    }
    return undefined;
  }

  /** true: valid, stop here; undefined: go on with the type check. */
  protected _validateSpecial(value: unknown): boolean | undefined {
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
    return undefined;
  }

  protected _validateType(
    _value: unknown,
    _options?: CleanOptions,
  ): boolean | undefined | DataModelValidationFailure {
    return undefined;
  }

  initialize(value: unknown, _model?: unknown): unknown {
    return deepClone(value);
  }
}

function choicesOf(choices: unknown): unknown[] | undefined {
  const resolved = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(resolved)) return resolved;
  if (resolved && typeof resolved === "object") return Object.keys(resolved);
  return undefined;
}

// Subclass fields are `declare`d: a real class field would be set to
// undefined after the base constructor copied the options onto the field.
export class NumberField extends DataField {
  declare min?: number;
  declare max?: number;
  declare step?: number;
  declare integer: boolean;
  declare positive: boolean;
  declare choices?: unknown;

  static override get _defaults(): FieldOptions {
    return {
      ...super._defaults,
      initial: null,
      nullable: true,
      min: undefined,
      max: undefined,
      step: undefined,
      integer: false,
      positive: false,
      choices: undefined,
    };
  }

  protected override _cast(value: unknown): unknown {
    return Number(value);
  }

  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let out = value;
    if (this.integer) out = Math.round(out);
    if (Number.isFinite(this.min)) out = Math.max(out, this.min!);
    if (Number.isFinite(this.max)) out = Math.min(out, this.max!);
    return out;
  }

  protected override _validateType(value: unknown): boolean | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < this.min!) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > this.max!) throw new Error(`must be at most ${this.max}`);
    if (this.integer && !Number.isInteger(value)) throw new Error("must be an integer");
    if (!Number.isFinite(value)) throw new Error("must be a finite number");
    const choices = choicesOf(this.choices);
    if (choices && !choices.map(Number).includes(value)) throw new Error(`${value} is not a valid choice`);
    return undefined;
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices?: unknown;

  static override get _defaults(): FieldOptions {
    return {
      ...super._defaults,
      blank: true,
      trim: true,
      nullable: false,
      initial: undefined,
      choices: undefined,
    };
  }

  override getInitialValue(data?: unknown): unknown {
    const initial = super.getInitialValue(data);
    if (initial === undefined && this.required && !this.nullable) return "";
    return initial;
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    if (value === "") {
      if (this.blank) return value;
      value = undefined;
    }
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    return String(value);
  }

  protected override _validateSpecial(value: unknown): boolean | undefined {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value);
  }

  protected override _validateType(value: unknown): boolean | undefined {
    if (typeof value !== "string") throw new Error("must be a string");
    const choices = choicesOf(this.choices);
    if (choices && !choices.includes(value)) throw new Error(`${value} is not a valid choice`);
    return undefined;
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  protected override _validateType(value: unknown): boolean | undefined {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
    return undefined;
  }
}

export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  has(name: string): boolean {
    return name in this.fields;
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  /** The field at a dotted path inside this schema ("itemSp.value"). */
  getField(path: string | string[]): DataField | undefined {
    const [head, ...rest] = Array.isArray(path) ? path : path.split(".");
    const field = head === undefined ? undefined : this.fields[head];
    if (!field || rest.length === 0) return field;
    return field instanceof SchemaField ? field.getField(rest) : undefined;
  }

  override getInitialValue(data?: unknown): unknown {
    if (this.initial !== undefined) return super.getInitialValue(data);
    const out: Obj = {};
    for (const [name, field] of this.entries()) out[name] = field.getInitialValue(data);
    return out;
  }

  protected override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    if (!isPlainObject(value)) return value;
    for (const [name, field] of this.entries()) {
      if (options.partial && !(name in value)) continue;
      value[name] = field.clean(value[name], { ...options, source: value });
    }
    for (const key of Object.keys(value)) if (!this.has(key)) delete value[key];
    return value;
  }

  protected override _validateType(
    value: unknown,
    options: CleanOptions = {},
  ): boolean | undefined | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const failure = new DataModelValidationFailure({ invalidValue: value });
    for (const [name, field] of this.entries()) {
      if (options.partial && !(name in value)) continue;
      const inner = field.validate(value[name], options);
      if (inner) {
        failure.fields[name] = inner;
        failure.unresolved = true;
      }
    }
    return failure.isEmpty() ? undefined : failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: Obj = {};
    for (const [name, field] of this.entries()) out[name] = field.initialize(value[name], model);
    return out;
  }
}

/* -------------------------------------------- */
/*  foundry.abstract                            */
/* -------------------------------------------- */

interface ModelOptions {
  parent?: unknown;
  strict?: boolean;
}

interface ValidateOptions {
  changes?: Obj;
  clean?: boolean;
  strict?: boolean;
  fields?: boolean;
  joint?: boolean;
}

const schemas = new WeakMap<object, SchemaField>();

export class DataModel {
  declare readonly parent: unknown;
  _source: Obj;

  static LOCALIZATION_PREFIXES: string[] = [];

  static defineSchema(): Record<string, DataField> {
    throw new Error(`${this.name} must define its schema`);
  }

  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schemas.set(this, schema);
    }
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  static migrateData(source: Obj): Obj {
    return source;
  }

  static migrateDataSafe(source: Obj): Obj {
    try {
      this.migrateData(source);
    } catch (error) {
      console.warn(`${this.name} migration failed`, error);
    }
    return source;
  }

  static cleanData(source: Obj = {}, options: CleanOptions = {}): Obj {
    return this.schema.clean(source, options) as Obj;
  }

  /** Checks across several fields; throws an Error to refuse. */
  static validateJoint(_data: Obj): void {}

  constructor(data: Obj = {}, { parent = null, strict = true }: ModelOptions = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
    const cls = this.constructor as typeof DataModel;
    const source = cls.cleanData(cls.migrateDataSafe(deepClone(data ?? {})));
    this._source = source;
    this.validate({ strict });
    this._initialize();
  }

  protected _initialize(): void {
    for (const [name, field] of this.schema.entries()) {
      (this as unknown as Obj)[name] = field.initialize(this._source[name], this);
    }
  }

  /** The failure for these data (or changes), if any. */
  validationFailure({
    changes,
    clean = false,
    fields = true,
    joint = true,
  }: ValidateOptions = {}): DataModelValidationFailure | undefined {
    const cls = this.constructor as typeof DataModel;
    const source = changes ?? this._source;
    if (clean) cls.cleanData(source, { partial: changes !== undefined });
    if (fields) {
      const failure = this.schema.validate(source, { partial: changes !== undefined });
      if (failure) return failure;
    }
    if (joint) {
      const merged = changes ? mergeObject(deepClone(this._source), changes) : source;
      try {
        cls.validateJoint(merged);
      } catch (error) {
        return new DataModelValidationFailure({
          invalidValue: merged,
          message: error instanceof Error ? error.message : String(error),
          unresolved: true,
        });
      }
    }
    return undefined;
  }

  validate(options: ValidateOptions = {}): boolean {
    const failure = this.validationFailure(options);
    if (!failure) return true;
    if (options.strict ?? true) throw new DataModelValidationError(failure, this.constructor.name);
    return false;
  }

  updateSource(changes: Obj = {}, { dryRun = false }: { dryRun?: boolean } = {}): Obj {
    const expanded = expandObject(deepClone(changes));
    this.validate({ changes: expanded, clean: true, strict: true });
    if (!dryRun) {
      mergeObject(this._source, expanded);
      this._initialize();
    }
    return expanded;
  }

  toObject(source = true): Obj {
    if (source) return deepClone(this._source);
    const out: Obj = {};
    for (const name of this.schema.keys()) out[name] = deepClone((this as unknown as Obj)[name]);
    return out;
  }

  reset(): void {
    this._initialize();
  }
}

export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

/* -------------------------------------------- */
/*  Collections                                 */
/* -------------------------------------------- */

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
  getName(name: string): V | undefined {
    return this.find((value) => (value as { name?: unknown }).name === name);
  }
}

/* -------------------------------------------- */
/*  Documents                                   */
/* -------------------------------------------- */

type DocumentName = "Actor" | "Item";

interface OperationOptions {
  parent?: StandInDocument | null;
  pack?: string | null;
  /** The token whose synthetic actor this is (construction only). */
  token?: StandInToken | null;
  recursive?: boolean;
  diff?: boolean;
  [key: string]: unknown;
}

function configFor(name: DocumentName): {
  documentClass: typeof StandInDocument;
  dataModels: Record<string, typeof TypeDataModel>;
} {
  return (globalThis as unknown as { CONFIG: Record<DocumentName, never> }).CONFIG[name];
}

function worldCollection(name: DocumentName): Collection<StandInDocument> {
  const game = (globalThis as unknown as { game: Obj }).game;
  return game[name === "Actor" ? "actors" : "items"] as Collection<StandInDocument>;
}

export class StandInDocument {
  static documentName: DocumentName;
  readonly parent: StandInDocument | null;
  readonly pack: string | null;
  /** The unlinked token this synthetic actor belongs to; its writes go to the token's delta. */
  readonly token: StandInToken | null;
  _source: Obj;
  system!: TypeDataModel;
  readonly items: Collection<StandInDocument> = new Collection();

  constructor(data: Obj = {}, { parent = null, pack = null, token = null }: OperationOptions = {}) {
    this.parent = parent;
    this.pack = pack;
    this.token = token;
    this._source = this.#initializeSource(data);
    this._initialize();
    if (!parent) this.prepareData();
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof StandInDocument).documentName;
  }

  get id(): string {
    return this._source._id as string;
  }

  get _id(): string {
    return this.id;
  }

  get name(): string {
    return this._source.name as string;
  }

  get type(): string {
    return this._source.type as string;
  }

  get img(): string | null {
    return (this._source.img as string | null) ?? null;
  }

  get flags(): Obj {
    return this._source.flags as Obj;
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  get isToken(): boolean {
    return this.token !== null;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    if (this.parent) return `${this.parent.uuid}.${own}`;
    if (this.token) return `${this.token.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  /** The model class for a type, or a failure naming the type. */
  static modelFor(type: unknown): typeof TypeDataModel {
    const model = configFor(this.documentName).dataModels[String(type)];
    if (!model) {
      const failure = new DataModelValidationFailure({ unresolved: true });
      failure.fields.type = new DataModelValidationFailure({
        invalidValue: type,
        message: `${String(type)} is not a valid type for the ${this.documentName} Document class`,
        unresolved: true,
      });
      throw new DataModelValidationError(failure, this.documentName);
    }
    return model;
  }

  #initializeSource(data: Obj): Obj {
    const cls = this.constructor as typeof StandInDocument;
    const source = deepClone(data ?? {});
    const failure = new DataModelValidationFailure({ unresolved: true });
    if (typeof source.name !== "string" || source.name.trim() === "") {
      failure.fields.name = new DataModelValidationFailure({
        invalidValue: source.name,
        message: "may not be a blank string",
        unresolved: true,
      });
    }
    const Model = cls.modelFor(source.type);
    let system: Obj = {};
    try {
      system = new Model((source.system as Obj) ?? {}, { strict: true })._source;
    } catch (error) {
      if (!(error instanceof DataModelValidationError)) throw error;
      failure.fields.system = error.getFailure()!;
    }
    if (!failure.isEmpty())
      throw new DataModelValidationError(failure, `${cls.documentName} "${String(source.name)}"`);
    return {
      _id: typeof source._id === "string" ? source._id : randomID(),
      name: source.name,
      type: source.type,
      img: source.img ?? null,
      flags: isPlainObject(source.flags) ? source.flags : {},
      system,
      ...(cls.documentName === "Actor" ? { items: Array.isArray(source.items) ? source.items : [] } : {}),
    };
  }

  protected _initialize(): void {
    const Model = (this.constructor as typeof StandInDocument).modelFor(this.type);
    this.system = new Model(this._source.system as Obj, { parent: this, strict: true });
    // Keep one source object, as Foundry does: the model's is the document's.
    this.system._source = this._source.system as Obj;
    if (Array.isArray(this._source.items)) this.#initializeItems(this._source.items as Obj[]);
  }

  /** Embedded items keep their identity across the actor's re-initialisation, as in Foundry. */
  #initializeItems(sources: Obj[]): void {
    const ItemClass = configFor("Item").documentClass;
    const seen = new Set<string>();
    for (let i = 0; i < sources.length; i += 1) {
      const source = sources[i]!;
      let item = typeof source._id === "string" ? this.items.get(source._id) : undefined;
      if (item && item._source === source) {
        item._initialize();
      } else {
        item = new ItemClass(source, { parent: this });
        sources[i] = item._source;
        this.items.set(item.id, item);
      }
      seen.add(item.id);
    }
    for (const id of [...this.items.keys()]) if (!seen.has(id)) this.items.delete(id);
  }

  /* ---------- preparation ---------- */

  prepareData(): void {
    const isTypeData = this.system instanceof TypeDataModel;
    if (isTypeData) this.system.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (isTypeData) this.system.prepareDerivedData();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {
    for (const item of this.items) item.prepareData();
  }

  prepareDerivedData(): void {}

  /** Rebuilds everything from the source and prepares again. */
  reset(): void {
    this._initialize();
    if (this.parent) this.parent.reset();
    else this.prepareData();
  }

  render(_force?: boolean): void {}

  toObject(): Obj {
    return deepClone(this._source);
  }

  /* ---------- changes ---------- */

  /**
   * Cleans and validates a change against a copy of this document; throws a
   * DataModelValidationError (paths like "system.damage") and changes nothing.
   */
  #planChanges(changes: Obj, { recursive = true }: OperationOptions = {}): Obj {
    const planned = deepClone(changes);
    delete planned._id;
    const failure = new DataModelValidationFailure({ unresolved: true });
    if ("name" in planned && (typeof planned.name !== "string" || planned.name.trim() === "")) {
      failure.fields.name = new DataModelValidationFailure({
        invalidValue: planned.name,
        message: "may not be a blank string",
        unresolved: true,
      });
    }
    if ("type" in planned && planned.type !== this.type) {
      failure.fields.type = new DataModelValidationFailure({
        invalidValue: planned.type,
        message: "the type of a document cannot change here",
        unresolved: true,
      });
    }
    if ("system" in planned) {
      const Model = (this.constructor as typeof StandInDocument).modelFor(this.type);
      if (recursive) {
        const systemChanges = isPlainObject(planned.system) ? planned.system : {};
        const inner = this.system.validationFailure({ changes: systemChanges, clean: true });
        if (inner) failure.fields.system = inner;
        planned.system = systemChanges;
      } else {
        try {
          planned.system = new Model(planned.system as Obj, { strict: true })._source;
        } catch (error) {
          if (!(error instanceof DataModelValidationError)) throw error;
          failure.fields.system = error.getFailure()!;
        }
      }
    }
    for (const key of Object.keys(planned)) {
      if (!["name", "img", "flags", "system", "type"].includes(key)) delete planned[key];
    }
    if (!failure.isEmpty())
      throw new DataModelValidationError(failure, `${this.documentName} "${this.name}"`);
    return planned;
  }

  #applyChanges(planned: Obj, { recursive = true }: OperationOptions = {}): void {
    for (const [key, value] of Object.entries(planned)) {
      if (key === "system" && !recursive) {
        const system = this._source.system as Obj;
        for (const k of Object.keys(system)) delete system[k];
        Object.assign(system, value);
      } else if (isPlainObject(value) && isPlainObject(this._source[key])) {
        mergeObject(this._source[key] as Obj, value);
      } else {
        this._source[key] = value;
      }
    }
  }

  /**
   * Checks a change without writing it, as a document sheet does with the
   * whole form before it updates: throws the DataModelValidationError an
   * update would meet (strict), and changes nothing.
   */
  validate({ changes = {} }: { changes?: Obj; clean?: boolean; fallback?: boolean } = {}): true {
    this.#planChanges(expandObject(changes));
    return true;
  }

  updateSource(changes: Obj = {}, options: OperationOptions = {}): Obj {
    const planned = this.#planChanges(expandObject(changes), options);
    this.#applyChanges(planned, options);
    this._initialize();
    return planned;
  }

  async update(data: Obj = {}, operation: OperationOptions = {}): Promise<StandInDocument | undefined> {
    // A synthetic actor stores nothing itself: the change goes into its token's delta.
    if (this.token) return (await this.token.delta.update(data, operation)) ? this : undefined;
    const cls = this.constructor as typeof StandInDocument;
    const updated = await cls.updateDocuments([{ ...data, _id: this.id }], {
      ...operation,
      parent: this.parent,
      pack: this.pack,
    });
    return updated[0];
  }

  /** All changes are validated before any is applied: one bad change refuses the batch. */
  static async updateDocuments(
    updates: Obj[] = [],
    operation: OperationOptions = {},
  ): Promise<StandInDocument[]> {
    const parent = operation.parent ?? null;
    const pack = writablePack(operation.pack ?? parent?.pack ?? null);
    const collection = parent ? parent.items : pack ? pack.documents : worldCollection(this.documentName);
    const plans: [StandInDocument, Obj, OperationOptions][] = [];
    for (const update of updates) {
      const changes = expandObject(update);
      const document = collection.get(String(changes._id));
      if (!document) throw new Error(`${this.documentName} ${String(changes._id)} does not exist`);
      const options = forcedSystem(changes) ? { ...operation, recursive: false } : operation;
      plans.push([document, document.#planChanges(changes, options), options]);
    }
    for (const [document, planned, options] of plans) {
      document.#applyChanges(planned, options);
      document._initialize();
    }
    if (parent) parent.reset();
    else for (const [document] of plans) document.prepareData();
    const updated = plans.map(([document]) => document);
    pack?.writes.push(...updated.map((document) => document.uuid));
    parent?.token?.delta.storeItems(updated.map((document) => document.toObject()));
    return updated;
  }

  /** Rebuilds this document from new source data (a synthetic actor after its delta changed), keeping its identity. */
  _replaceSource(data: Obj): void {
    this._source = this.#initializeSource(data);
    this._initialize();
    this.prepareData();
  }

  static async create(data: Obj, operation: OperationOptions = {}): Promise<StandInDocument | undefined> {
    const created = await this.createDocuments([data], operation);
    return created[0];
  }

  static async createDocuments(
    data: Obj[] = [],
    operation: OperationOptions = {},
  ): Promise<StandInDocument[]> {
    const parent = operation.parent ?? null;
    const DocumentClass = configFor(this.documentName).documentClass;
    const created: StandInDocument[] = [];
    const candidates = data.map((d) => new DocumentClass(d, { parent, pack: operation.pack ?? null }));
    const user = (globalThis as unknown as { game: { user: unknown } }).game.user;
    for (const [i, document] of candidates.entries()) {
      const allowed = await document._preCreate(data[i]!, operation, user);
      if (allowed === false) continue;
      created.push(document);
    }
    for (const document of created) {
      if (parent) {
        (parent._source.items as Obj[]).push(document._source);
        parent.items.set(document.id, document);
      } else {
        worldCollection(this.documentName).set(document.id, document);
      }
    }
    if (parent) parent.reset();
    return created;
  }

  protected async _preCreate(
    _data: Obj,
    _options: OperationOptions,
    _user: unknown,
  ): Promise<boolean | undefined> {
    return undefined;
  }

  getEmbeddedCollection(name: string): Collection<StandInDocument> {
    if (name !== "Item") throw new Error(`the stand-in has no embedded ${name} collection`);
    return this.items;
  }

  async createEmbeddedDocuments(name: "Item", data: Obj[], operation: OperationOptions = {}) {
    return configFor(name).documentClass.createDocuments(data, { ...operation, parent: this });
  }

  async updateEmbeddedDocuments(name: "Item", updates: Obj[], operation: OperationOptions = {}) {
    return configFor(name).documentClass.updateDocuments(updates, { ...operation, parent: this });
  }
}

/**
 * A "==system" key replaces `system` whole (v13's forced replacement:
 * foundryvtt.com/api/v13/functions/foundry.utils.isDeletionKey.html); turned
 * here into the plain key, and true when the caller must replace.
 */
function forcedSystem(changes: Obj): boolean {
  if (!("==system" in changes)) return false;
  changes.system = changes["==system"];
  delete changes["==system"];
  return true;
}

export class Actor extends StandInDocument {
  static override documentName: DocumentName = "Actor";

  /**
   * A Token HUD edit: a bar's value is kept within 0..max, a plain value is set;
   * the modifyTokenAttribute hook may cancel it (foundryvtt.com/api/v13/classes/
   * foundry.documents.Actor.html#modifytokenattribute, hookEvents.modifyTokenAttribute).
   */
  async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<unknown> {
    const current = getProperty(this.system, attribute) as { value: number; max: number } | number;
    let updates: Obj;
    if (isBar && typeof current === "object") {
      const next = isDelta ? current.value + value : value;
      updates = { [`system.${attribute}.value`]: Math.min(Math.max(next, 0), current.max) };
    } else {
      updates = { [`system.${attribute}`]: isDelta ? Number(current) + value : value };
    }
    const hooks = (globalThis as unknown as { Hooks: HooksStandIn }).Hooks;
    const allowed = hooks.call("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed ? this.update(updates) : this;
  }
}

export class Item extends StandInDocument {
  static override documentName: DocumentName = "Item";

  get actor(): StandInDocument | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
}

/* -------------------------------------------- */
/*  Scenes, tokens and actor deltas             */
/* -------------------------------------------- */

function gameOf(): { actors: Collection<StandInDocument>; packs: Collection<StandInCompendium> } {
  return (globalThis as unknown as { game: never }).game;
}

/**
 * An unlinked token's ActorDelta: only what the token overrides of its base
 * actor (`system` as a partial object, `items` as whole item sources). The
 * stand-in's delta takes `system` changes only.
 */
export class StandInActorDelta {
  _source: { _id: string; system: Obj; items: Obj[] };

  constructor(
    readonly parent: StandInToken,
    data: { system?: Obj; items?: Obj[] } = {},
  ) {
    this._source = {
      _id: parent.id,
      system: deepClone(data.system ?? {}),
      items: deepClone(data.items ?? []),
    };
  }

  get id(): string {
    return this._source._id;
  }

  get name(): string {
    return this.parent.name;
  }

  toObject(): Obj {
    return deepClone(this._source);
  }

  /** `recursive: false` or "==system" replaces `system`; otherwise the change is merged. A change the synthetic actor refuses is not stored. */
  async update(data: Obj = {}, operation: OperationOptions = {}): Promise<StandInActorDelta> {
    const changes = expandObject(deepClone(data));
    delete changes._id;
    const recursive = !forcedSystem(changes) && operation.recursive !== false;
    const others = Object.keys(changes).filter((key) => key !== "system");
    if (others.length) throw new Error(`the stand-in's ActorDelta takes system changes only, not ${others}`);
    const next = deepClone(this._source);
    if (isPlainObject(changes.system)) {
      next.system = recursive ? mergeObject(next.system, changes.system) : changes.system;
    }
    this.parent.applyDelta(next);
    this._source = next;
    return this;
  }

  /** Items written through the synthetic actor become (or replace) overrides of the delta. */
  storeItems(sources: Obj[]): void {
    for (const source of sources) {
      const index = this._source.items.findIndex((item) => item._id === source._id);
      if (index >= 0) this._source.items[index] = deepClone(source);
      else this._source.items.push(deepClone(source));
    }
  }
}

/** A token on a scene: linked (its actor is the world actor) or unlinked (a synthetic actor from base + delta). */
export class StandInToken {
  readonly id: string;
  readonly name: string;
  readonly actorId: string;
  readonly actorLink: boolean;
  readonly delta: StandInActorDelta;
  #synthetic: StandInDocument | null = null;

  constructor(
    readonly parent: StandInScene,
    data: { name?: string; actorId: string; actorLink?: boolean; delta?: { system?: Obj; items?: Obj[] } },
  ) {
    this.id = randomID();
    this.actorId = data.actorId;
    this.name = data.name ?? gameOf().actors.get(data.actorId)?.name ?? "Token";
    this.actorLink = data.actorLink ?? false;
    this.delta = new StandInActorDelta(this, data.delta);
  }

  get uuid(): string {
    return `${this.parent.uuid}.Token.${this.id}`;
  }

  /** Linked: the world actor. Unlinked: one synthetic actor, kept until the delta changes it. */
  get actor(): StandInDocument | null {
    const base = gameOf().actors.get(this.actorId);
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this.#synthetic) {
      const ActorClass = configFor("Actor").documentClass;
      this.#synthetic = new ActorClass(this.#syntheticSource(base, this.delta._source), { token: this });
    }
    return this.#synthetic;
  }

  /** Re-applies a changed delta to the synthetic actor (throws, changing nothing, if the result is invalid). */
  applyDelta(delta: { system: Obj; items: Obj[] }): void {
    const base = gameOf().actors.get(this.actorId);
    if (!base || this.actorLink) return;
    const source = this.#syntheticSource(base, delta);
    const ActorClass = configFor("Actor").documentClass;
    new ActorClass(source, { token: this });
    if (this.#synthetic) this.#synthetic._replaceSource(source);
  }

  /** The base actor's source with the delta's system merged over it and its items replacing or adding to the base's. */
  #syntheticSource(base: StandInDocument, delta: { system: Obj; items: Obj[] }): Obj {
    const source = base.toObject();
    source.system = mergeObject(source.system as Obj, deepClone(delta.system));
    const items = source.items as Obj[];
    for (const item of delta.items) {
      const index = items.findIndex((i) => i._id === item._id);
      if (index >= 0) items[index] = deepClone(item);
      else items.push(deepClone(item));
    }
    return source;
  }
}

export class StandInScene {
  readonly id = randomID();
  readonly tokens = new Collection<StandInToken>();

  constructor(readonly name: string) {}

  get uuid(): string {
    return `Scene.${this.id}`;
  }

  /** Test helper: places a token of a world actor on this scene. */
  addToken(data: ConstructorParameters<typeof StandInToken>[1]): StandInToken {
    const token = new StandInToken(this, data);
    this.tokens.set(token.id, token);
    return token;
  }
}

/* -------------------------------------------- */
/*  Compendium packs                            */
/* -------------------------------------------- */

export interface PackInput {
  /** "world.monsters", "fangs.equipment" */
  id: string;
  label?: string;
  type: DocumentName;
  packageType: "world" | "system" | "module";
  /** Defaults as Foundry's: a world pack is unlocked, a system or module pack locked. */
  locked?: boolean;
  documents?: Obj[];
}

/**
 * A CompendiumCollection: metadata, the lock, `configure({ locked })`,
 * `getDocuments()`. A write to a locked pack is refused as Foundry refuses
 * it; `writes` records the uuid of each document written, `configured` each
 * configure call.
 */
export class StandInCompendium {
  readonly metadata: {
    id: string;
    label: string;
    type: DocumentName;
    packageType: string;
    packageName: string;
  };
  readonly documents = new Collection<StandInDocument>();
  readonly writes: string[] = [];
  readonly configured: Obj[] = [];
  #locked: boolean;

  constructor(input: PackInput) {
    const [packageName = "world", name = input.id] = input.id.split(".");
    this.metadata = {
      id: input.id,
      label: input.label ?? name,
      type: input.type,
      packageType: input.packageType,
      packageName,
    };
    this.#locked = input.locked ?? input.packageType !== "world";
    const DocumentClass = configFor(input.type).documentClass;
    for (const data of input.documents ?? []) {
      const document = new DocumentClass(data, { pack: input.id });
      this.documents.set(document.id, document);
    }
  }

  get collection(): string {
    return this.metadata.id;
  }

  get title(): string {
    return this.metadata.label;
  }

  get documentName(): DocumentName {
    return this.metadata.type;
  }

  get locked(): boolean {
    return this.#locked;
  }

  async configure(settings: { locked?: boolean } = {}): Promise<void> {
    this.configured.push({ ...settings });
    if ("locked" in settings) this.#locked = Boolean(settings.locked);
  }

  async getDocuments(): Promise<StandInDocument[]> {
    return this.documents.contents;
  }
}

/** The pack a write goes to, refusing a locked one; null for the world. */
function writablePack(id: string | null): StandInCompendium | null {
  if (!id) return null;
  const pack = gameOf().packs.get(id);
  if (!pack) throw new Error(`there is no compendium ${id}`);
  if (pack.locked) throw new Error(`the compendium ${id} is locked`);
  return pack;
}

/* -------------------------------------------- */
/*  game.i18n                                   */
/* -------------------------------------------- */

const LANG_FILE = fileURLToPath(new URL("../../lang/en.json", import.meta.url));

export class Localization {
  readonly lang = "en";
  translations: Obj;

  constructor(translations?: Obj) {
    this.translations = expandObject(translations ?? (JSON.parse(readFileSync(LANG_FILE, "utf8")) as Obj));
  }

  has(key: string): boolean {
    return typeof getProperty(this.translations, key) === "string";
  }

  localize(key: string): string {
    const value = getProperty(this.translations, key);
    return typeof value === "string" ? value : key;
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{[^}]+}/g, (match) => {
      const value = data[match.slice(1, -1)];
      return value === undefined ? match : String(value);
    });
  }
}

/* -------------------------------------------- */
/*  game.settings                               */
/* -------------------------------------------- */

interface SettingConfig {
  key: string;
  namespace: string;
  scope?: string;
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  default?: unknown;
  onChange?: (value: unknown) => void;
  [key: string]: unknown;
}

function isModelClass(type: unknown): type is typeof DataModel {
  return typeof type === "function" && (type === DataModel || type.prototype instanceof DataModel);
}

export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  readonly #values = new Map<string, unknown>();
  readonly #models = new Map<string, DataModel>();

  /** Test helper: forgets every stored value (registrations stay). */
  clearValues(): void {
    this.#values.clear();
    this.#models.clear();
  }

  register(namespace: string, key: string, config: Omit<SettingConfig, "key" | "namespace">): void {
    this.settings.set(`${namespace}.${key}`, { ...config, namespace, key });
  }

  #config(namespace: string, key: string): SettingConfig {
    const config = this.settings.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.#config(namespace, key);
    const stored = this.#values.has(id) ? this.#values.get(id) : undefined;
    if (isModelClass(config.type)) {
      if (stored === undefined && config.default instanceof DataModel) return config.default;
      let model = this.#models.get(id);
      if (!model) {
        model = new config.type((stored ?? config.default ?? {}) as Obj);
        this.#models.set(id, model);
      }
      return model;
    }
    return deepClone(stored === undefined ? config.default : stored);
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.#config(namespace, key);
    let stored: unknown = value;
    if (isModelClass(config.type)) {
      const model = new config.type((value instanceof DataModel ? value.toObject() : value) as Obj);
      stored = model.toObject();
      this.#models.set(id, model);
    } else if (config.type === Number) {
      stored = Number(value);
      if (!Number.isFinite(stored)) throw new Error(`${id} must be a number`);
    } else if (config.type === String) {
      stored = String(value);
    } else if (config.type === Boolean) {
      stored = Boolean(value);
    }
    if (config.choices && !(String(stored) in config.choices))
      throw new Error(`${String(stored)} is not a choice of ${id}`);
    this.#values.set(id, stored);
    config.onChange?.(this.get(namespace, key));
    return stored;
  }
}

/* -------------------------------------------- */
/*  ui.notifications and Hooks                  */
/* -------------------------------------------- */

export interface Notice {
  readonly type: "info" | "warn" | "error";
  readonly message: string;
  readonly options?: object;
}

export class Notifications {
  readonly shown: Notice[] = [];
  info(message: string, options?: object): Notice {
    return this.#push("info", message, options);
  }
  warn(message: string, options?: object): Notice {
    return this.#push("warn", message, options);
  }
  error(message: string, options?: object): Notice {
    return this.#push("error", message, options);
  }
  clear(): void {
    this.shown.length = 0;
  }
  #push(type: Notice["type"], message: string, options?: object): Notice {
    const notice = { type, message, ...(options ? { options } : {}) };
    this.shown.push(notice);
    return notice;
  }
}

type HookFn = (...args: unknown[]) => unknown;

export class HooksStandIn {
  readonly #events = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  #next = 1;

  on(event: string, fn: HookFn, { once = false } = {}): number {
    const id = this.#next++;
    const list = this.#events.get(event) ?? [];
    list.push({ id, fn, once });
    this.#events.set(event, list);
    return id;
  }
  once(event: string, fn: HookFn): number {
    return this.on(event, fn, { once: true });
  }
  off(event: string, fnOrId: HookFn | number): void {
    const list = this.#events.get(event) ?? [];
    this.#events.set(
      event,
      list.filter((h) => h.id !== fnOrId && h.fn !== fnOrId),
    );
  }
  callAll(event: string, ...args: unknown[]): true {
    for (const hook of [...(this.#events.get(event) ?? [])]) {
      if (hook.once) this.off(event, hook.id);
      hook.fn(...args);
    }
    return true;
  }
  /** Stops at the first handler that returns false. */
  call(event: string, ...args: unknown[]): boolean {
    for (const hook of [...(this.#events.get(event) ?? [])]) {
      if (hook.once) this.off(event, hook.id);
      if (hook.fn(...args) === false) return false;
    }
    return true;
  }
}

/* -------------------------------------------- */
/*  Installation                                */
/* -------------------------------------------- */

/** Foundry's own default status list, which the system replaces (a few entries suffice). */
const CORE_STATUS_EFFECTS = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  // Core lists every status specialStatusEffects names: foundryvtt.com/api/v13/variables/CONFIG.specialStatusEffects.html
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
];

export interface StandIn {
  readonly game: {
    i18n: Localization;
    settings: ClientSettings;
    user: { id: string; name: string; isGM: boolean };
    users: { activeGM: { id: string; isSelf: boolean } | null };
    actors: Collection<StandInDocument>;
    items: Collection<StandInDocument>;
    scenes: Collection<StandInScene>;
    packs: Collection<StandInCompendium>;
    ready: boolean;
  };
  readonly ui: { notifications: Notifications; combat: { render(force?: boolean): void } };
  readonly Hooks: HooksStandIn;
  readonly CONFIG: Obj;
}

/** Puts the stand-in on globalThis (foundry, game, ui, Hooks, CONFIG, Actor, Item) and returns it. */
export function installStandIn(): StandIn {
  const gm = { id: "gm0000000000000a", name: "Gamemaster", isGM: true };
  const standIn: StandIn = {
    game: {
      i18n: new Localization(),
      settings: new ClientSettings(),
      user: gm,
      users: { activeGM: { id: gm.id, isSelf: true } },
      actors: new Collection(),
      items: new Collection(),
      scenes: new Collection(),
      packs: new Collection(),
      ready: true,
    },
    ui: { notifications: new Notifications(), combat: { render: () => undefined } },
    Hooks: new HooksStandIn(),
    CONFIG: {
      Actor: { documentClass: Actor, dataModels: {}, typeLabels: {}, trackableAttributes: {} },
      Item: { documentClass: Item, dataModels: {}, typeLabels: {} },
      statusEffects: CORE_STATUS_EFFECTS.map((s) => ({ ...s })),
      specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
    },
  };
  const foundry = {
    abstract: { DataModel, TypeDataModel },
    data: {
      fields: { DataField, NumberField, StringField, BooleanField, HTMLField, SchemaField },
      validation: { DataModelValidationError, DataModelValidationFailure },
    },
    utils: {
      deepClone,
      expandObject,
      flattenObject,
      getProperty,
      setProperty,
      hasProperty,
      mergeObject,
      randomID,
      Collection,
    },
    documents: { BaseActor: Actor, BaseItem: Item },
  };
  Object.assign(globalThis, {
    foundry,
    game: standIn.game,
    ui: standIn.ui,
    Hooks: standIn.Hooks,
    CONFIG: standIn.CONFIG,
    Actor,
    Item,
  });
  return standIn;
}
