import { DEADLINE_MAX_SECONDS } from "../rules/kernel/deadline";
import { parseDiceFormula } from "../rules/kernel/dice";

/**
 * Field builders shared by the FANGS data models, so every constraint is
 * written once.
 *
 * Foundry's NumberField *cleans* before it validates: it rounds an integer
 * field and clamps to min/max, so a typed 0 Strength would quietly become 1.
 * The house rule is that bad input is refused with a message and the
 * document left unchanged, so our whole-number field keeps the cast from
 * text to number and skips the rounding and clamping; validation then
 * refuses what is out of range.
 *
 * A cleared number box reaches the model as null. On a field that may not be
 * null Foundry's cleaning swaps it for the initial value, so clearing a
 * Strength of 14 would store 10; we keep the null and let validation refuse it.
 */
export class WholeNumberField<
  const O extends foundry.data.fields.NumberField.Options = foundry.data.fields.NumberField.DefaultOptions,
> extends foundry.data.fields.NumberField<O> {
  override clean(
    value: foundry.data.fields.NumberField.AssignmentType<O>,
    options?: foundry.data.fields.DataField.CleanOptions,
  ): foundry.data.fields.NumberField.InitializedType<O> {
    if (value === null && !this.nullable) return null as foundry.data.fields.NumberField.InitializedType<O>;
    return super.clean(value, options);
  }

  protected override _cleanType(
    value: foundry.data.fields.NumberField.InitializedType<O>,
  ): foundry.data.fields.NumberField.InitializedType<O> {
    return value;
  }
}

/** Above any creature the texts describe; the rules core refuses more than this too. */
export const CHARACTERISTIC_MAX = 999;

/*
 * Every builder takes the field's label as a lang key: Foundry localises it
 * on forms, and a refused edit names the field with it.
 */

export function wholeNumber(initial: number, label: string, bounds: { min?: number; max?: number } = {}) {
  return new WholeNumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    label,
    ...(bounds.min === undefined ? {} : { min: bounds.min }),
    ...(bounds.max === undefined ? {} : { max: bounds.max }),
  });
}

/** An integer that may go negative (Stun and HP do). */
export function signedWholeNumber(initial: number, label: string) {
  return new WholeNumberField({ required: true, nullable: false, integer: true, initial, label });
}

export function flag(initial: boolean, label: string) {
  return new foundry.data.fields.BooleanField({ required: true, initial, label });
}

export function html(label: string) {
  return new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "", label });
}

/**
 * A string limited to the keys of a frozen label map (`FANGS.weaponKinds`...).
 * `labels`, when given, is asked each time the choices are read, so a label a
 * module changed in CONFIG.FANGS is the one shown; it gives the same keys.
 */
export function choice<const C extends Readonly<Record<string, string>>>(
  choices: C,
  initial: NoInfer<keyof C & string>,
  label: string,
  labels?: () => Readonly<Record<string, string>>,
) {
  return new foundry.data.fields.StringField({
    required: true,
    blank: false,
    nullable: false,
    choices: (labels ?? choices) as Record<keyof C & string, string>,
    initial,
    label,
  });
}

/* -------------------------------------------- */
/*  Validators                                  */
/* -------------------------------------------- */

/**
 * Every validator below throws an Error whose message Foundry records as the
 * field's failure; the document layer turns failures into a localised
 * notification (src/documents/refusal.ts). `validationKind` tells it which
 * localised sentence describes what the field expects.
 */
export type ValidationKind = "diceFormula" | "abilityFormula" | "key";

const validationKinds = new WeakMap<object, ValidationKind>();

/** What kind of text a field expects, for the refusal message (undefined for plain fields). */
export function validationKindOf(field: unknown): ValidationKind | undefined {
  return field && typeof field === "object" ? validationKinds.get(field) : undefined;
}

/** Throws unless the rules core's dice parser reads the text ("1d8+2", "2d6", "3"). */
export function assertDiceFormula(value: unknown): void {
  if (typeof value !== "string") throw new Error("must be a dice formula such as 1d8+2");
  parseDiceFormula(value);
}

const KEY = /^[a-z][A-Za-z0-9]*$/;

/** A slug in camelCase ("shieldParry", "firstAid"); blank means "not set yet". */
export function assertKey(value: unknown): void {
  if (typeof value !== "string" || (value !== "" && !KEY.test(value))) {
    throw new Error(`"${String(value)}" is not a key: use letters and digits in camelCase, e.g. shieldParry`);
  }
}

/**
 * A formula in a string. Foundry's StringField swaps a blank string (or a
 * null) for the initial value while cleaning, so clearing a weapon's damage
 * would quietly make it "1d6"; this field keeps the blank so that validation
 * refuses it like any other bad formula.
 */
export class FormulaField<
  const O extends foundry.data.fields.StringField.Options = foundry.data.fields.StringField.DefaultOptions,
> extends foundry.data.fields.StringField<O> {
  override clean(
    value: foundry.data.fields.StringField.AssignmentType<O>,
    options?: foundry.data.fields.DataField.CleanOptions,
  ): foundry.data.fields.StringField.InitializedType<O> {
    if (value === null || (typeof value === "string" && value.trim() === "")) {
      return "" as foundry.data.fields.StringField.InitializedType<O>;
    }
    return super.clean(value, options);
  }
}

export function diceFormula(initial: string, label: string) {
  const field = new FormulaField({
    label,
    required: true,
    nullable: false,
    blank: false,
    initial,
    validate: assertDiceFormula,
  });
  validationKinds.set(field, "diceFormula");
  return field;
}

/**
 * A dice formula that may be left blank: blank means "the figure the rules
 * options give" (a shield's bash damage falls back on the one-handed club).
 */
export function optionalDiceFormula(label: string) {
  const field = new FormulaField({
    label,
    required: true,
    nullable: false,
    blank: true,
    initial: "",
    validate: (value: unknown) => {
      if (value === "") return;
      assertDiceFormula(value);
    },
  });
  validationKinds.set(field, "diceFormula");
  return field;
}

/**
 * A formula a ruleset's core reads (FANGS's natural-ability formulas:
 * src/rulesets/fangs/data/ability-formula.ts): `validate` throws unless it
 * reads, and `kind` names the sentence the refusal shows.
 */
export function checkedFormula(
  initial: string,
  label: string,
  validate: (value: unknown) => void,
  kind: ValidationKind,
) {
  const field = new FormulaField({
    label,
    required: true,
    nullable: false,
    blank: false,
    initial,
    validate,
  });
  validationKinds.set(field, kind);
  return field;
}

export function key(initial: string, label: string) {
  const field = new foundry.data.fields.StringField({
    label,
    required: true,
    nullable: false,
    blank: true,
    initial,
    validate: assertKey,
  });
  validationKinds.set(field, "key");
  return field;
}

/** A weapon's or shield's durability: 0 ≤ value ≤ max, max ≥ 1 (the joint check is the model's). */
export function itemSp(initial: number) {
  return new foundry.data.fields.SchemaField(
    {
      value: wholeNumber(initial, "FANGS.Item.ItemSpValue", { min: 0 }),
      max: wholeNumber(initial, "FANGS.Item.ItemSpMax", { min: 1 }),
    },
    { label: "FANGS.Item.ItemSp" },
  );
}

/**
 * A real-time limit on a card (the kernel's `Deadline`), null while none
 * runs: the default, so a card type that gains it stores nothing new until a
 * ruleset starts one (docs/rulesets.md, "A real-time limit").
 */
export function deadlineField() {
  const { NumberField, SchemaField, StringField } = foundry.data.fields;
  const time = () => new NumberField({ required: true, nullable: false, min: 0, initial: 0 });
  const moment = () => new NumberField({ required: true, nullable: true, min: 0, initial: null });
  return new SchemaField(
    {
      limit: new StringField({ required: true, blank: false }),
      answerer: new StringField({ required: true, blank: true, initial: "" }),
      seconds: new NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 1,
        max: DEADLINE_MAX_SECONDS,
        initial: 1,
      }),
      startedAt: time(),
      pausedMs: time(),
      pausedAt: moment(),
      spentAt: moment(),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** The base-data type parameter of a model that prepares no base data. */
export type NoBaseData = Record<never, never>;
