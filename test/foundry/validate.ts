/**
 * Pack validation for the build: checks the system data of a compendium
 * document against the real FANGS data models, through the Foundry stand-in
 * (importing this module installs it).
 *
 *   import { validateSystemData, validateDocumentSource } from "../foundry/validate";
 *   const report = validateSystemData("Item", "weapon", json.system);
 *   expect(report.failures).toEqual([]);
 *
 * Besides Foundry's own refusals, it reports keys the model would drop
 * (a typo in a pack is otherwise lost silently) and keys that only exist in
 * an older shape (a pack source should be written in the current one).
 */
import "./setup";
import { DataModelValidationError, deepClone } from "./stand-in";

export type DocumentName = "Actor" | "Item";

export interface ValidationProblem {
  /** Dotted path from the document root, e.g. "system.damage" or "items.2.system.itemSp.value". */
  readonly path: string;
  readonly message: string;
}

export interface SystemValidation {
  readonly valid: boolean;
  readonly failures: readonly ValidationProblem[];
  /** The system data as the model stores it (cleaned, defaults filled), or null when refused. */
  readonly source: Readonly<Record<string, unknown>> | null;
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface ModelClass {
  new (data: Obj, options?: { strict?: boolean }): { _source: Obj };
  migrateData(source: Obj): Obj;
}

function modelClass(documentName: DocumentName, type: string): ModelClass | undefined {
  const models = (CONFIG[documentName] as unknown as { dataModels: Record<string, ModelClass> }).dataModels;
  return Object.hasOwn(models, type) ? models[type] : undefined;
}

/** Keys of `given` that have no place in `kept` (dropped by cleaning), as dotted paths. */
function droppedKeys(given: Obj, kept: Obj, prefix: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    const path = `${prefix}.${key}`;
    if (!(key in kept)) out.push(path);
    else if (isObject(value) && isObject(kept[key])) out.push(...droppedKeys(value, kept[key] as Obj, path));
  }
  return out;
}

function sameShape(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Validates one document's `system` object against the model of its type. */
export function validateSystemData(
  documentName: DocumentName,
  type: string,
  system: unknown,
  prefix = "system",
): SystemValidation {
  const Model = modelClass(documentName, type);
  if (!Model) {
    return {
      valid: false,
      failures: [{ path: "type", message: `unknown ${documentName} type "${type}"` }],
      source: null,
    };
  }
  if (!isObject(system)) {
    return { valid: false, failures: [{ path: prefix, message: "must be an object" }], source: null };
  }
  const failures: ValidationProblem[] = [];
  const migrated = Model.migrateData(deepClone(system));
  if (!sameShape(migrated, system)) {
    failures.push({ path: prefix, message: "uses an older data shape; write it in the current one" });
  }
  let source: Obj | null = null;
  try {
    source = new Model(deepClone(system), { strict: true })._source;
  } catch (error) {
    if (!(error instanceof DataModelValidationError)) throw error;
    const all = Object.entries(error.getAllFailures() ?? {});
    // A joint check (several fields at once) fails at the model's root.
    if (all.length === 0) all.push(["", error.getFailure()!]);
    for (const [path, failure] of all) {
      failures.push({ path: path ? `${prefix}.${path}` : prefix, message: failure.message });
    }
  }
  if (source) {
    for (const path of droppedKeys(migrated, source, prefix)) {
      failures.push({ path, message: "is not a field of this type and would be dropped" });
    }
  }
  return { valid: failures.length === 0, failures, source };
}

/**
 * Validates a whole pack document: name, type, system, and for an actor each
 * embedded item.
 */
export function validateDocumentSource(documentName: DocumentName, document: unknown): SystemValidation {
  if (!isObject(document)) {
    return { valid: false, failures: [{ path: "", message: "must be an object" }], source: null };
  }
  const failures: ValidationProblem[] = [];
  if (typeof document.name !== "string" || document.name.trim() === "") {
    failures.push({ path: "name", message: "may not be a blank string" });
  }
  const result = validateSystemData(documentName, String(document.type), document.system);
  failures.push(...result.failures);
  if (documentName === "Actor" && document.items !== undefined) {
    if (!Array.isArray(document.items)) failures.push({ path: "items", message: "must be an array" });
    else {
      document.items.forEach((item: unknown, i: number) => {
        const inner = validateDocumentSource("Item", item);
        for (const f of inner.failures)
          failures.push({ path: `items.${i}${f.path ? `.${f.path}` : ""}`, message: f.message });
      });
    }
  }
  return { valid: failures.length === 0, failures, source: result.source };
}
