import "../../../../../test/foundry/setup";
import { createActor } from "../../../../../test/foundry/builders";
import { resetWorld, standIn } from "../../../../../test/foundry/setup";
import type { DataField, SchemaField } from "../../../../../test/foundry/stand-in";
import { SYSTEM_ID } from "../../../../config/system";
import { validationKindOf } from "../../../../data/fields";
import type { FangsActor } from "../../../../documents/actor";
import { FANGS_DEFAULTS } from "../../../../rules/fangs/config";
import { maneuverDefenses, mayDodgeInstead } from "../../../../rules/fangs/maneuvers";
import { INITIATIVE_CHOICES } from "../../config/rules-choices";
import {
  INITIATIVE_MODES,
  initiativeMode,
  RulesOptionsModel,
  rulesOptions,
  FANGS_SETTINGS as SETTINGS,
} from "../../config/settings";
import type { CharacterModel } from "../../data/actor-character";
import {
  defaultMenuValues,
  OPTIONS_BY_NAME,
  optionValue,
  RULES_FIGURE_KEYS,
  type RulesMenuValues,
} from "./catalogue";
import {
  MANEUVER_OPTIONS_SETTING,
  ManeuverOptionsModel,
  registerManeuverOptionsSetting,
  worldManeuverOptions,
} from "./maneuver-options";
import { MANEUVERS_WITH_TWO_READINGS, PER_MANEUVER_CHOICES, READING_CHOICES } from "./maneuver-readings";
import { currentMenuValues, saveRulesMenu, validateMenuValues } from "./save";

/**
 * The Foundry half of the rules options menu through the test stand-in:
 * the catalogue against the settings it edits, saving (and re-deriving the
 * actors), and refusing bad values with a notice and nothing saved.
 */

registerManeuverOptionsSetting();

/** The form as the template fills it (numbers and booleans as FormDataExtended casts them). */
function formOf(values: RulesMenuValues): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, option] of OPTIONS_BY_NAME) {
    const value = optionValue(values, name);
    form[name] = option.kind === "integer" || option.kind === "boolean" ? value : String(value);
  }
  return form;
}

const defaultsForm = () => formOf(defaultMenuValues());
const rulesSchema = () => (RulesOptionsModel as unknown as { schema: SchemaField }).schema;
const setting = (key: string) => standIn.game.settings.get(SYSTEM_ID, key);
const notices = (type?: "info" | "warn" | "error") =>
  standIn.ui.notifications.shown.filter((n) => type === undefined || n.type === type).map((n) => n.message);

const gru = () => createActor({ characteristics: { st: 14, ag: 12, co: 10, sz: 11 } });
const attributesOf = (actor: FangsActor) => (actor.system as CharacterModel).attributes;

beforeEach(resetWorld);
afterEach(() => {
  standIn.game.user.isGM = true;
  vi.restoreAllMocks();
});

describe("the catalogue matches the settings it edits", () => {
  it("has one option for each field of the rules data model, and no other rules option", () => {
    expect(rulesSchema().keys().sort()).toEqual([...RULES_FIGURE_KEYS].sort());
  });

  it("gives each rules option the kind, bound and choices of its field", () => {
    for (const key of RULES_FIGURE_KEYS) {
      const option = OPTIONS_BY_NAME.get(`rules.${key}`)!;
      const field = rulesSchema().getField(key) as DataField & {
        integer?: boolean;
        min?: number;
        choices?: Record<string, string>;
      };
      expect(field.label, key).toBe(option.label);
      if (option.kind === "integer") {
        expect(field.integer, key).toBe(true);
        expect(field.min, key).toBe(option.min);
        if (option.max !== undefined) expect((field as { max?: number }).max, key).toBe(option.max);
      } else if (option.kind === "choice") {
        expect(field.choices, key).toEqual(option.choices);
      } else if (option.kind === "boolean") {
        expect(field, key).toBeInstanceOf(foundry.data.fields.BooleanField);
        // A switch whose stored default is the rules core's (each module's off).
        expect((field as DataField & { initial?: unknown }).initial, key).toBe(FANGS_DEFAULTS[key]);
        if (key.endsWith("Module")) expect(FANGS_DEFAULTS[key], key).toBe(false);
      } else if (option.kind === "number") {
        // A multiplier: a fraction allowed, its default the rules core's.
        expect(field, key).toBeInstanceOf(foundry.data.fields.NumberField);
        expect(field.integer, key).toBe(false);
        expect(field.getInitialValue(), key).toBe(FANGS_DEFAULTS[key]);
      } else if (option.kind === "table") {
        // A table the rules core judges, its default the rules core's.
        expect(field.getInitialValue(), key).toEqual(FANGS_DEFAULTS[key]);
      } else {
        expect(option.kind, key).toBe("formula");
        expect(validationKindOf(field), key).toBe("abilityFormula");
      }
    }
  });

  it("offers the choices the initiative and maneuver reading settings accept, and the maneuver model's fields", () => {
    const registered = (key: string) => standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)!;
    expect(registered(SETTINGS.initiativeMode).choices).toEqual(INITIATIVE_CHOICES);
    expect(Object.keys(INITIATIVE_CHOICES)).toEqual([...INITIATIVE_MODES]);
    expect(registered(SETTINGS.maneuverReading).choices).toEqual(READING_CHOICES);
    expect(registered(MANEUVER_OPTIONS_SETTING)).toMatchObject({ scope: "world", config: false });
    const schema = (ManeuverOptionsModel as unknown as { schema: SchemaField }).schema;
    const perManeuver = schema.getField("perManeuver") as SchemaField;
    expect(perManeuver.keys()).toEqual([...MANEUVERS_WITH_TWO_READINGS]);
    for (const id of MANEUVERS_WITH_TWO_READINGS) {
      expect((perManeuver.getField(id) as unknown as { choices: unknown }).choices).toEqual(
        PER_MANEUVER_CHOICES,
      );
    }
  });

  it("reads the world's values in the menu's shape: the defaults before anything is saved", () => {
    expect(currentMenuValues()).toEqual(defaultMenuValues());
  });
});

describe("saving", () => {
  it("writes the changed figures, and every actor's derived values follow (MV, DM, HP)", async () => {
    const actor = await gru();
    expect(attributesOf(actor)).toMatchObject({ movement: 15, damageModifier: 1 });
    expect((actor.system as CharacterModel).hitPoints.max).toBe(11);
    const form = defaultsForm();
    form["rules.movementFormula"] = "(ST+AG)/2";
    form["rules.damageModifierThreshold"] = "15";
    form["rules.hitPointsFormula"] = "CO+SZ";
    const outcome = await saveRulesMenu(form);
    expect(outcome).toMatchObject({ saved: true, problems: [] });
    expect(Object.keys(outcome.writes)).toEqual(["rules"]);
    expect(rulesOptions()).toMatchObject({
      movementFormula: "(ST+AG)/2",
      damageModifierThreshold: 15,
      hitPointsFormula: "CO+SZ",
      damageModifierStep: FANGS_DEFAULTS.damageModifierStep,
    });
    expect(attributesOf(actor)).toMatchObject({ movement: 13, damageModifier: 2 });
    expect((actor.system as CharacterModel).hitPoints.max).toBe(21);
    expect(notices()).toEqual([
      "FANGS rules options saved. The derived values of every actor were worked out again.",
    ]);
  });

  it("saves the readings, the maneuver options and the initiative, and the rules core reads them", async () => {
    const form = defaultsForm();
    form["rules.fumbledDefenseHitPoints"] = "half";
    form["rules.specialParryWeaponDamage"] = "nick";
    form.initiativeMode = "rollEachRound";
    form.maneuverReading = "table";
    form.strictNoDefense = true;
    form["perManeuver.run"] = "prose";
    const outcome = await saveRulesMenu(form);
    expect(outcome.saved).toBe(true);
    expect(Object.keys(outcome.writes).sort()).toEqual([
      "initiativeMode",
      "maneuverOptions",
      "maneuverReading",
      "rules",
    ]);
    expect(rulesOptions()).toMatchObject({
      fumbledDefenseHitPoints: "half",
      specialParryWeaponDamage: "nick",
    });
    expect(initiativeMode()).toBe("rollEachRound");
    const options = worldManeuverOptions();
    expect(options).toEqual({ reading: "table", strictNoDefense: true, perManeuver: { run: "prose" } });
    // Strict NC-DEF-2: Retreat gives nothing and Change Weapon no dodge instead; Run keeps its prose reading.
    expect(maneuverDefenses("retreat", options)).toEqual(maneuverDefenses("allOutAttack"));
    expect(mayDodgeInstead("changeWeapon", options)).toBe(false);
    expect(maneuverDefenses("run", options)).toEqual(maneuverDefenses("run", { reading: "prose" }));
    expect(maneuverDefenses("engage", options)).toEqual(maneuverDefenses("engage", { reading: "table" }));
    expect(currentMenuValues()).toMatchObject({
      initiativeMode: "rollEachRound",
      maneuverReading: "table",
      strictNoDefense: true,
      perManeuver: { run: "prose" },
    });
  });

  it("writes nothing when nothing changed, and says so", async () => {
    const actor = await gru();
    const reset = vi.spyOn(actor, "reset");
    const set = vi.spyOn(standIn.game.settings, "set");
    const outcome = await saveRulesMenu(defaultsForm());
    expect(outcome).toMatchObject({ saved: true, writes: {} });
    expect(set).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
    expect(notices("info")).toEqual(["Nothing changed: the rules options are as they were."]);
  });

  it("a change that leaves the rules figures alone does not re-derive the actors", async () => {
    const actor = await gru();
    const reset = vi.spyOn(actor, "reset");
    const form = defaultsForm();
    form.initiativeMode = "rollOnce";
    expect((await saveRulesMenu(form)).writes).toEqual({ initiativeMode: "rollOnce" });
    expect(reset).not.toHaveBeenCalled();
    expect(notices("info")).toEqual(["FANGS rules options saved."]);
  });

  it("saving the defaults (the reset button's values) undoes every house rule", async () => {
    const actor = await gru();
    const house = defaultMenuValues();
    const changed: RulesMenuValues = {
      ...house,
      rules: { ...house.rules, movementFormula: "AG", damageModifierCap: 3 },
      strictNoDefense: true,
      perManeuver: { attack: "table" },
      initiativeMode: "rollOnce",
    };
    await saveRulesMenu(formOf(changed));
    expect(currentMenuValues()).toEqual(changed);
    expect(attributesOf(actor).movement).toBe(12);
    await saveRulesMenu(formOf(defaultMenuValues()));
    expect(currentMenuValues()).toEqual(defaultMenuValues());
    expect(attributesOf(actor).movement).toBe(15);
    expect(rulesOptions()).toMatchObject(defaultMenuValues().rules);
  });
});

describe("refusing bad values", () => {
  /** Saves the form and checks that nothing at all changed: settings, actor, maneuver options. */
  async function expectRefused(form: Record<string, unknown>): Promise<string[]> {
    const actor = await gru();
    const before = {
      rules: setting(SETTINGS.rules),
      initiative: initiativeMode(),
      maneuvers: worldManeuverOptions(),
      movement: attributesOf(actor).movement,
    };
    const set = vi.spyOn(standIn.game.settings, "set");
    const outcome = await saveRulesMenu(form);
    expect(outcome.saved).toBe(false);
    expect(outcome.writes).toEqual({});
    expect(set).not.toHaveBeenCalled();
    expect(setting(SETTINGS.rules)).toBe(before.rules);
    expect(initiativeMode()).toBe(before.initiative);
    expect(worldManeuverOptions()).toEqual(before.maneuvers);
    expect(attributesOf(actor).movement).toBe(before.movement);
    expect(notices("info")).toEqual([]);
    return notices("error");
  }

  it("refuses a fraction through the data model, with the field, what it expects and what was typed", async () => {
    const form = defaultsForm();
    form["rules.damageModifierStep"] = 2.5;
    const errors = await expectRefused(form);
    expect(errors).toEqual([
      "Damage Modifier: points per +1 must be a whole number of at least 1, not “2.5”. Nothing was saved.",
    ]);
  });

  it("refuses numbers out of range (the data model's bounds)", async () => {
    const form = defaultsForm();
    form["rules.damageModifierStep"] = 0;
    form["rules.characteristicBase"] = "-2";
    form["rules.dyingHitPointLossPerRound"] = -1;
    const errors = await expectRefused(form);
    expect(errors).toEqual([
      "Starting value of a characteristic must be a whole number of at least 1, not “-2”. Nothing was saved.",
      "Damage Modifier: points per +1 must be a whole number of at least 1, not “0”. Nothing was saved.",
      "Hit Points lost a round while dying must be a whole number of at least 0, not “-1”. Nothing was saved.",
    ]);
  });

  it("refuses a formula the rules core cannot read", async () => {
    const form = defaultsForm();
    form["rules.movementFormula"] = "ST+AG-";
    form["rules.luckFormula"] = "LUCK";
    const errors = await expectRefused(form);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBe(
      "Movement formula must be a formula over ST, AG, CO, IN, PW, SZ and AP, such as (ST+AG)/5, not “ST+AG-”. Nothing was saved.",
    );
    expect(errors[1]).toMatch(/^Luck formula must be a formula over .*, not “LUCK”\. Nothing was saved\.$/);
  });

  it("refuses blanks and text that is no number before the model sees them", async () => {
    const form = defaultsForm();
    form["rules.damageModifierCap"] = null;
    form["rules.resistedCheckBase"] = "ten";
    const errors = await expectRefused(form);
    expect(errors).toEqual([
      "Damage Modifier: highest needs a value. Nothing was saved.",
      "Resisted check base must be a whole number of at least 0, not “ten”. Nothing was saved.",
    ]);
  });

  it("saves no part of a form with one bad value: the good changes beside it are dropped too", async () => {
    const form = defaultsForm();
    form["rules.movementFormula"] = "(ST+AG)/2";
    form.initiativeMode = "rollOnce";
    form.strictNoDefense = true;
    form["rules.damageModifierCap"] = 1.5;
    const errors = await expectRefused(form);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Damage Modifier: highest must be a whole number");
  });

  it("shows three notices and a count when many values are refused", async () => {
    const form = defaultsForm();
    for (const key of [
      "characteristicBase",
      "damageModifierStep",
      "damageModifierCap",
      "resistedCheckBase",
    ]) {
      form[`rules.${key}`] = 0.5;
    }
    form["rules.dyingHitPointLossPerRound"] = -4;
    const errors = await expectRefused(form);
    expect(errors).toHaveLength(4);
    expect(errors[3]).toBe("2 more values were refused.");
  });

  it("refuses a player, who may not change world settings", async () => {
    standIn.game.user.isGM = false;
    const form = defaultsForm();
    form["rules.movementFormula"] = "AG";
    const set = vi.spyOn(standIn.game.settings, "set");
    expect((await saveRulesMenu(form)).saved).toBe(false);
    expect(set).not.toHaveBeenCalled();
    expect(notices("warn")).toEqual(["Only a GM can change the FANGS rules options."]);
  });

  it("validates through the models what the form reader lets through (a per-maneuver value of no known reading)", () => {
    const values = { ...defaultMenuValues(), perManeuver: { run: "sideways" } } as unknown as RulesMenuValues;
    const problems = validateMenuValues(values);
    expect(problems.map((p) => [p.name, p.reason, p.value])).toEqual([
      ["perManeuver.run", "invalid", "sideways"],
    ]);
    const rules = { ...defaultMenuValues(), rules: { ...defaultMenuValues().rules, damageModifierCap: 2.5 } };
    expect(validateMenuValues(rules).map((p) => p.name)).toEqual(["rules.damageModifierCap"]);
    expect(validateMenuValues(defaultMenuValues())).toEqual([]);
  });
});
