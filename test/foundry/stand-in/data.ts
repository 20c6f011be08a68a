/**
 * `foundry.data.fields`, `foundry.data.validation` and `foundry.abstract`
 * (DataModel, TypeDataModel) as the system's data models use them, written
 * from Foundry's public API documentation (foundryvtt.com/api/v13).
 *
 * Cleaning then validation, as documented: `clean` turns null into undefined
 * for a non-nullable field, undefined into the initial value, then `_cast`
 * and `_cleanType`; `validate` runs the null/undefined checks, the type
 * check and the field's own `validate` option. A model is validated field
 * by field, and jointly (`validateJoint`) on its full source when it is
 * constructed; a set of changes is validated field by field only, unless
 * `joint: true` is passed (DataModelValidationOptions#joint).
 */
import { deepClone, expandObject, isPlainObject, mergeObject, type Obj } from "./utils";

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

export class ObjectField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => ({}) };
  }
  protected override _cleanType(value: unknown): unknown {
    return deepClone(value);
  }
  protected override _validateType(value: unknown): boolean | undefined {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new Error("must be an object");
    return undefined;
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [] };
  }
  protected override _cleanType(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }
  protected override _validateType(value: unknown): boolean | undefined {
    if (!Array.isArray(value)) throw new Error("must be an array");
    for (const v of value) {
      const failure = this.element.validate(v);
      if (failure) throw new Error(`an element ${failure.message || "is invalid"}`);
    }
    return undefined;
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

  /**
   * The failure for these data (or changes), if any. Joint checks run by
   * default only without `changes`, as Foundry documents; when asked for
   * with changes they see the full source with the changes merged in.
   */
  validationFailure({
    changes,
    clean = false,
    fields = true,
    joint = changes === undefined,
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
  /** Called by ClientDocument#_preCreate on the creating client; false keeps the document out. */
  async _preCreate(_data: unknown, _options: unknown, _user: unknown): Promise<boolean | undefined> {
    return undefined;
  }
}
