/**
 * The data a card's click carries, read field by field from an untrusted
 * payload. A ruleset's intent parser (src/chat/card-flows.ts) describes its
 * intent's data with a shape; anything else (a field the shape lacks, a wrong
 * type, a string past its length, a number out of its range) is refused, so
 * a forged payload never reaches the ruleset's flow.
 */

export type IntentValue = string | number | boolean | null | readonly string[];
export type IntentData = Readonly<Record<string, IntentValue>>;

export type FieldSpec = (
  | { readonly type: "id" }
  | { readonly type: "uuid" }
  | { readonly type: "integer"; readonly min: number; readonly max: number }
  | { readonly type: "choice"; readonly options: readonly string[] }
  | { readonly type: "boolean" }
  | { readonly type: "text"; readonly maxLength: number }
  | { readonly type: "ids"; readonly maxItems: number }
) & {
  /** Absent or null reads as null. */
  readonly optional?: boolean;
};

export type IntentShape = Readonly<Record<string, FieldSpec>>;

export type IntentDataResult =
  | { readonly ok: true; readonly data: IntentData }
  | { readonly ok: false; readonly field: string; readonly problem: IntentProblem };

export type IntentProblem = "not-an-object" | "unknown-field" | "missing" | "wrong-type" | "out-of-range";

const ID = /^[A-Za-z0-9]{1,64}$/;
const UUID = /^[A-Za-z0-9.]{1,255}$/;

type Read = { readonly value: IntentValue } | { readonly problem: IntentProblem };

const wrong: Read = { problem: "wrong-type" };
const outside: Read = { problem: "out-of-range" };

function readField(spec: FieldSpec, value: unknown): Read {
  switch (spec.type) {
    case "id":
      return typeof value === "string" && ID.test(value) ? { value } : wrong;
    case "uuid":
      return typeof value === "string" && UUID.test(value) ? { value } : wrong;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) return wrong;
      return value >= spec.min && value <= spec.max ? { value } : outside;
    case "choice":
      if (typeof value !== "string") return wrong;
      return spec.options.includes(value) ? { value } : outside;
    case "boolean":
      return typeof value === "boolean" ? { value } : wrong;
    case "text":
      if (typeof value !== "string") return wrong;
      return value.length <= spec.maxLength ? { value } : outside;
    case "ids":
      if (!Array.isArray(value)) return wrong;
      if (value.length > spec.maxItems) return outside;
      if (!value.every((v) => typeof v === "string" && ID.test(v))) return wrong;
      return { value: Object.freeze([...(value as string[])]) };
  }
}

/**
 * Reads `raw` by `shape`: every field the shape names (an optional one may be
 * absent or null), no other. Returns the data frozen, or the first field
 * that is off and why.
 */
export function readIntentData(raw: unknown, shape: IntentShape): IntentDataResult {
  if (raw === undefined && Object.values(shape).every((s) => s.optional)) raw = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ok: false, field: "", problem: "not-an-object" };
  const source = raw as Record<string, unknown>;
  for (const key of Object.keys(source))
    if (!Object.hasOwn(shape, key)) return { ok: false, field: key, problem: "unknown-field" };
  const data: Record<string, IntentValue> = {};
  for (const [key, spec] of Object.entries(shape)) {
    const value = source[key];
    if (value === undefined || value === null) {
      if (!spec.optional) return { ok: false, field: key, problem: "missing" };
      data[key] = null;
      continue;
    }
    const read = readField(spec, value);
    if ("problem" in read) return { ok: false, field: key, problem: read.problem };
    data[key] = read.value;
  }
  return { ok: true, data: Object.freeze(data) };
}
