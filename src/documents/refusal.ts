import { validationKindOf } from "../data/fields";
import { ITEM_SP_ABOVE_MAX } from "../data/item-sp";

/**
 * Turns a refused edit into a notification in the user's language. Foundry
 * validates every update against the data model and throws a
 * DataModelValidationError without touching the document; the document
 * classes catch it here, tell the user which field was refused and what it
 * expects, and resolve the update as "nothing changed".
 */

type DocumentName = "Actor" | "Item";

interface Failure {
  readonly message?: string;
  readonly invalidValue?: unknown;
}

/** Joint checks (over several fields) carry fixed messages; this is what each means to a user. */
const JOINT_MESSAGES: Readonly<Record<string, { field: string; expected: string }>> = {
  [ITEM_SP_ABOVE_MAX]: { field: "itemSp.value", expected: "FANGS.Validation.ItemSpWithinMax" },
};

const MAX_NOTICES = 3;

interface SchemaLike {
  getField?(path: string): unknown;
}
interface ModelLike {
  readonly schema?: SchemaLike;
  readonly constructor: { validateJoint?(data: unknown): void };
}
export interface DocumentLike {
  readonly name?: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly _source?: { system?: unknown };
}

interface UpdateContext {
  readonly parent?: unknown;
  readonly pack?: string | null;
}

/** The documents an update batch is about, where they can be found. */
function targetOf(
  documentName: DocumentName,
  id: unknown,
  operation?: UpdateContext,
): DocumentLike | undefined {
  if (typeof id !== "string" || operation?.pack) return undefined;
  const parent = operation?.parent as
    | { items?: { get(id: string): unknown }; actor?: { id?: unknown } }
    | null
    | undefined;
  if (documentName === "Item" && parent?.items) return parent.items.get(id) as DocumentLike | undefined;
  // A token's own (unlinked) actor shares its id with the world actor; its parent is the token.
  if (documentName === "Actor" && parent?.actor?.id === id) return parent.actor as DocumentLike;
  const collection = documentName === "Actor" ? game.actors : game.items;
  return collection?.get(id) as DocumentLike | undefined;
}

interface FieldLike {
  readonly label?: string;
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: unknown;
}

/** What the field expects, as a localised phrase, read from the field's own constraints. */
function expectedOf(field: FieldLike | undefined, failure: Failure): string {
  const kind = validationKindOf(field);
  if (kind === "diceFormula") return game.i18n.localize("FANGS.Validation.DiceFormula");
  if (kind === "abilityFormula") return game.i18n.localize("FANGS.Validation.AbilityFormula");
  if (kind === "key") return game.i18n.localize("FANGS.Validation.Key");
  if (field && field instanceof foundry.data.fields.NumberField) {
    const { min, max } = field as FieldLike;
    const whole = field.integer === true;
    if (Number.isFinite(min) && Number.isFinite(max)) {
      return game.i18n.format(whole ? "FANGS.Validation.IntegerBetween" : "FANGS.Validation.NumberBetween", {
        min: String(min),
        max: String(max),
      });
    }
    if (Number.isFinite(min)) {
      return game.i18n.format(whole ? "FANGS.Validation.IntegerAtLeast" : "FANGS.Validation.NumberAtLeast", {
        min: String(min),
      });
    }
    return game.i18n.localize(whole ? "FANGS.Validation.Integer" : "FANGS.Validation.Number");
  }
  // A field's choices may be a function (the labels CONFIG.FANGS has now, src/data/fields.ts).
  const choices = typeof field?.choices === "function" ? (field.choices as () => unknown)() : field?.choices;
  if (choices && typeof choices === "object") {
    const labels = Array.isArray(choices)
      ? choices.map(String)
      : Object.values(choices as Record<string, string>).map((label) => game.i18n.localize(label));
    return game.i18n.format("FANGS.Validation.OneOf", { choices: labels.join(", ") });
  }
  return failure.message ?? "";
}

function notice(
  target: DocumentLike | undefined,
  documentName: DocumentName,
  path: string,
  failure: Failure,
) {
  const model = target?.system as ModelLike | undefined;
  const joint = failure.message ? JOINT_MESSAGES[failure.message] : undefined;
  const systemPath = joint?.field ?? (path.startsWith("system.") ? path.slice("system.".length) : path);
  const field = model?.schema?.getField?.(systemPath) as FieldLike | undefined;
  const expected = joint ? game.i18n.localize(joint.expected) : expectedOf(field, failure);
  const name =
    target?.name || game.i18n.localize(documentName === "Actor" ? "DOCUMENT.Actor" : "DOCUMENT.Item");
  return game.i18n.format("FANGS.Validation.Refused", {
    name,
    field: field?.label ? game.i18n.localize(field.label) : systemPath,
    expected,
    value: failure.invalidValue === undefined ? "" : String(failure.invalidValue),
  });
}

/**
 * Which document of the batch a failure is about: the only one, or the first
 * whose change holds the refused field.
 */
function refusedTarget(
  documentName: DocumentName,
  updates: readonly object[],
  path: string,
  operation?: UpdateContext,
): DocumentLike | undefined {
  const changes = updates.map(
    (u) => foundry.utils.expandObject(u as Record<string, unknown>) as { _id?: unknown },
  );
  const change =
    changes.length === 1 ? changes[0] : changes.find((c) => path && foundry.utils.hasProperty(c, path));
  return change ? targetOf(documentName, change._id, operation) : undefined;
}

/**
 * Shows a refused update to the user. Returns false for any other error,
 * which the caller rethrows. `known` is the refused document when the caller
 * has it (a sheet), so it is named even where no collection finds it (a pack).
 */
export function refuseInvalid(
  error: unknown,
  documentName: DocumentName,
  updates: readonly object[],
  operation?: UpdateContext,
  known?: DocumentLike,
): boolean {
  if (!(error instanceof foundry.data.validation.DataModelValidationError)) return false;
  const failures: [string, Failure][] = Object.entries(error.getAllFailures() ?? {});
  if (failures.length === 0) failures.push(["", { message: error.message }]);
  for (const [path, failure] of failures.slice(0, MAX_NOTICES)) {
    const target = known ?? refusedTarget(documentName, updates, path, operation);
    ui.notifications?.error(notice(target, documentName, path, failure), { console: false });
  }
  console.warn(`FANGS | ${documentName} update refused`, error);
  return true;
}

interface ValidatingDocument extends DocumentLike {
  validate?(options: { changes: object; clean: boolean; strict: boolean }): unknown;
}

/**
 * Checks each field of a change before it is sent. Foundry's client refuses
 * an invalid change itself (it shows the raw validation message and the
 * update resolves to nothing, without throwing), so the user's message in
 * their own words has to be given here, before the change reaches it.
 */
function checkFields(
  target: ValidatingDocument | undefined,
  documentName: DocumentName,
  update: object,
  operation?: UpdateContext,
): boolean {
  if (typeof target?.validate !== "function") return true;
  const { _id, ...changes } = foundry.utils.deepClone(update as Record<string, unknown>);
  try {
    target.validate({ changes, clean: true, strict: true });
  } catch (error) {
    if (refuseInvalid(error, documentName, [update], operation, target)) return false;
    throw error;
  }
  return true;
}

/**
 * Runs each model's joint checks (such as item SP value ≤ max) on the
 * document as it would be after the update. Foundry validates a partial
 * update field by field; its documentation does not promise that the joint
 * checks see the merged result, so we check here before anything is sent.
 * Returns false (after notifying) when a change is refused.
 */
export function preflightUpdates(
  documentName: DocumentName,
  updates: readonly object[],
  operation?: UpdateContext,
): boolean {
  for (const update of updates) {
    const changes = foundry.utils.expandObject(update as Record<string, unknown>) as {
      _id?: unknown;
      system?: unknown;
    };
    const target = targetOf(documentName, changes._id, operation);
    if (!checkFields(target, documentName, update, operation)) return false;
    if (!changes.system || typeof changes.system !== "object") continue;
    const model = target?.system as ModelLike | undefined;
    const source = target?._source?.system;
    if (!model?.constructor.validateJoint || !source || typeof source !== "object") continue;
    const merged = foundry.utils.mergeObject(foundry.utils.deepClone(source), changes.system, {
      inplace: false,
    });
    try {
      model.constructor.validateJoint(merged);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ui.notifications?.error(notice(target, documentName, "system", { message }), { console: false });
      return false;
    }
  }
  return true;
}

/**
 * Every update of an actor or an item, from its sheet, a macro or another
 * document, comes through here (each document class's `updateDocuments`):
 * an invalid change is refused as a whole, the document stays as it was
 * and the user is told why, in their language. `update` is Foundry's own
 * write; any other error it throws passes on.
 */
export async function updateOrRefuse<T>(
  documentName: DocumentName,
  updates: readonly object[] | undefined,
  operation: UpdateContext | undefined,
  update: () => Promise<T[]>,
): Promise<T[]> {
  if (!preflightUpdates(documentName, updates ?? [], operation)) return [];
  try {
    return await update();
  } catch (error) {
    if (refuseInvalid(error, documentName, updates ?? [], operation)) return [];
    throw error;
  }
}
