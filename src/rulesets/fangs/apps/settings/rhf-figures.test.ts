import "../../../../../test/foundry/setup";
import { resetWorld, standIn } from "../../../../../test/foundry/setup";
import { createI18n } from "../../../../../test/handlebars/foundry-helpers";
import { loadTranslations } from "../../../../../test/handlebars/render";
import type { Localize } from "../../../../config/localize";
import { SYSTEM_ID } from "../../../../config/system";
import { canAttackNow } from "../../../../rules/fangs/attack-checks";
import { emptyAttackCounter } from "../../../../rules/fangs/attacks";
import { FANGS_DEFAULTS } from "../../../../rules/fangs/config";
import { rhfRulesOf } from "../../../../rules/fangs/rhf-figures";
import { RHF_DEFAULTS } from "../../../../rules/rhf/config";
import { rulesOptions, FANGS_SETTINGS as SETTINGS } from "../../config/settings";
import {
  defaultMenuValues,
  OPTIONS_BY_NAME,
  optionValue,
  RULES_MENU_GROUPS,
  type RulesMenuValues,
} from "./catalogue";
import { readRulesMenuForm, refusalMessage } from "./form";
import { registerManeuverOptionsSetting } from "./maneuver-options";
import { rulesMenuView } from "./rules-menu-view";
import { saveRulesMenu } from "./save";
import { formatTable, parseTable } from "./tables";

/**
 * The reach, holds and firearms rules' figures in the GM's rules window:
 * each under its module, shown, read back from the form, saved through the
 * `rules` setting's data model (which the rules core judges), and then read
 * by the engine.
 */

registerManeuverOptionsSetting();

const translations = loadTranslations();
const i18n = createI18n(translations);
const localize: Localize = (key, data) => (data ? i18n.format(key, data) : i18n.localize(key));

function formOf(values: RulesMenuValues): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [name, option] of OPTIONS_BY_NAME) {
    const value = optionValue(values, name);
    form[name] = option.kind === "integer" || option.kind === "boolean" ? value : String(value);
  }
  return form;
}
const defaultsForm = () => formOf(defaultMenuValues());
const notices = (type: "info" | "error") =>
  standIn.ui.notifications.shown.filter((n) => n.type === type).map((n) => n.message);

const RHF_KEYS = [
  "reachWeaponRanges",
  "reachHardDivisor",
  "rangeManeuversPerRound",
  "controlPointsDivisor",
  "holdFirstRoundCounts",
  "immobilizedMayBreak",
  "quicknessBands",
  "multipleAttackPenalty",
  "additionalAttacks",
  "additionalAttackSkill",
  "recoilOneHandMultiplier",
  "recoilTwoHandsMultiplier",
  "recoilTripodMultiplier",
  "recoilStrengthRounding",
  "aimBonus",
  "aimMaxRounds",
  "aimRoundsUnfamiliar",
] as const;

beforeEach(resetWorld);
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the RHF figures in the rules window", () => {
  it("shows each under its module's switch: reach, holds, multiple attacks in Optional modules; recoil, aiming in Firearms modules", () => {
    const names = (id: string) => RULES_MENU_GROUPS.find((g) => g.id === id)!.options.map((o) => o.name);
    const underSwitch = (group: string, module: string, keys: readonly string[]) => {
      const list = names(group);
      const at = list.indexOf(`rules.${module}`);
      expect(list.slice(at + 1, at + 1 + keys.length), module).toEqual(keys.map((k) => `rules.${k}`));
    };
    underSwitch("modules", "reachModule", [
      "reachWeaponRanges",
      "reachHardDivisor",
      "rangeManeuversPerRound",
    ]);
    underSwitch("modules", "controlPointsModule", [
      "controlPointsDivisor",
      "holdFirstRoundCounts",
      "immobilizedMayBreak",
    ]);
    underSwitch("modules", "multipleAttacksModule", [
      "quicknessBands",
      "multipleAttackPenalty",
      "additionalAttacks",
      "additionalAttackSkill",
    ]);
    underSwitch("firearms", "recoilModule", [
      "recoilOneHandMultiplier",
      "recoilTwoHandsMultiplier",
      "recoilTripodMultiplier",
      "recoilStrengthRounding",
    ]);
    underSwitch("firearms", "aimingModule", ["aimBonus", "aimMaxRounds", "aimRoundsUnfamiliar"]);
  });

  it("shows the tables as a line a GM types, a multiplier as a number with a fraction, and nothing changed at the defaults", () => {
    const view = rulesMenuView(defaultMenuValues(), localize);
    const rows = view.groups.flatMap((g) => g.rows);
    const row = (key: string) => rows.find((r) => r.name === `rules.${key}`)!;
    expect(row("quicknessBands")).toMatchObject({
      isTable: true,
      value: "1-6: 0.5, 7-12: 1, 13-15: 2, 16-18: 3, 19-21: 4",
      changed: false,
    });
    expect(row("reachWeaponRanges")).toMatchObject({
      isTable: true,
      value: "",
      defaultText: "Default: none",
    });
    expect(row("recoilTwoHandsMultiplier")).toMatchObject({ isNumber: true, value: "1.5", min: 0 });
    expect(row("additionalAttacks").choices.map((c) => c.value)).toEqual(["beyondAllowance", "beyondFirst"]);
    expect(view.changedCount).toBe(0);
    const changed = defaultMenuValues();
    const values = {
      ...changed,
      rules: { ...changed.rules, reachWeaponRanges: { spear: "medium" as const } },
    };
    const shown = rulesMenuView(values, localize).groups.flatMap((g) => g.rows);
    expect(shown.find((r) => r.name === "rules.reachWeaponRanges")).toMatchObject({
      value: "spear: medium",
      changed: true,
    });
  });

  it("reads a table typed back as the rules core's shape, and refuses a line that reads as no table", () => {
    expect(parseTable("bands", "1-9: 1, 10 – 30: 2; 31: 3")).toEqual([
      { from: 1, to: 9, attacks: 1 },
      { from: 10, to: 30, attacks: 2 },
      { from: 31, to: 31, attacks: 3 },
    ]);
    expect(parseTable("ranges", " spear: Medium, whip: long ")).toEqual({ spear: "medium", whip: "long" });
    expect(parseTable("ranges", "")).toEqual({});
    for (const text of ["1-6 0.5", "1-6: x", "a-b: 1"]) expect(parseTable("bands", text), text).toBeNull();
    for (const text of ["spear medium", "spear: medium, spear: long", "2h: long"])
      expect(parseTable("ranges", text), text).toBeNull();
    for (const [codec, value] of [
      ["bands", FANGS_DEFAULTS.quicknessBands],
      ["ranges", { spear: "medium", pike: "close" }],
    ] as const)
      expect(parseTable(codec, formatTable(codec, value))).toEqual(value);

    const form = defaultsForm();
    form["rules.quicknessBands"] = "1-6 0.5";
    form["rules.recoilTripodMultiplier"] = "three";
    const read = readRulesMenuForm(form);
    expect(read.ok).toBe(false);
    const problems = read.ok ? [] : read.problems;
    expect(problems.map((p) => [p.name, p.reason])).toEqual([
      ["rules.quicknessBands", "notTable"],
      ["rules.recoilTripodMultiplier", "notNumber"],
    ]);
    expect(refusalMessage(problems[0]!, localize)).toBe(
      "Multiple attacks: attacks a round by AG must be bands of AG and attacks from 1, each starting where the last ended, such as 1-6: 0.5, 7-12: 1, not “1-6 0.5”. Nothing was saved.",
    );
    expect(refusalMessage(problems[1]!, localize)).toBe(
      "Recoil: ST multiplied by, on a tripod must be a number above 0 and at most 10, not “three”. Nothing was saved.",
    );
    const blank = defaultsForm();
    blank["rules.quicknessBands"] = " ";
    const none = readRulesMenuForm(blank);
    expect(none.ok ? [] : none.problems.map((p) => p.reason)).toEqual(["required"]);
  });

  it("saves each figure through the setting, and the engine reads it: a −3 penalty is −3 on the attack", async () => {
    const form = defaultsForm();
    form["rules.multipleAttacksModule"] = true;
    form["rules.multipleAttackPenalty"] = 3;
    form["rules.quicknessBands"] = "1-6: 0.5, 7-12: 1, 13-15: 2, 16-21: 3";
    form["rules.additionalAttackSkill"] = "atLeastPenalty";
    form["rules.recoilTripodMultiplier"] = "3";
    form["rules.recoilStrengthRounding"] = "down";
    form["rules.reachWeaponRanges"] = "spear: medium";
    form["rules.controlPointsDivisor"] = 2;
    form["rules.immobilizedMayBreak"] = true;
    form["rules.aimMaxRounds"] = 3;
    form["rules.aimRoundsUnfamiliar"] = 2;
    const outcome = await saveRulesMenu(form);
    expect(outcome).toMatchObject({ saved: true, problems: [] });
    const rules = rulesOptions();
    expect(rules).toMatchObject({
      multipleAttackPenalty: 3,
      quicknessBands: [
        { from: 1, to: 6, attacks: 0.5 },
        { from: 7, to: 12, attacks: 1 },
        { from: 13, to: 15, attacks: 2 },
        { from: 16, to: 21, attacks: 3 },
      ],
      recoilTripodMultiplier: 3,
      reachWeaponRanges: { spear: "medium" },
    });
    const rhf = rhfRulesOf(rules);
    expect(rhf).toMatchObject({
      multipleAttackPenalty: 3,
      additionalAttackSkill: "atLeastPenalty",
      gripMultipliers: { oneHand: 1, twoHands: 1.5, tripod: 3 },
      strengthRounding: "down",
      controlPointsDivisor: 2,
      immobilizedMayBreak: true,
      aimMaxRounds: 3,
      aimRoundsUnfamiliar: 2,
      weapons: { spear: { range: "medium", injury: RHF_DEFAULTS.weapons.spear!.injury, parries: true } },
    });
    // The attack check the table and the simulator ask: two attacks at AG 10 cost −3 each.
    const verdict = canAttackNow({
      phase: "melee",
      round: 1,
      attacker: { maneuver: "attack", offHandWeapon: true },
      counter: emptyAttackCounter(),
      weapon: { kind: "melee", itemSp: { value: 10, max: 10 } },
      targetId: "orc",
      engagedWithTarget: true,
      attackerEngaged: true,
      targetStartedUnengaged: false,
      rules,
      quickness: { ag: 10, skill: 12, round: 1, lastFreeAttackRound: 0, attacks: 2 },
    });
    expect(verdict.slot!.modifier).toBe(-3);
    // Saving the same again writes nothing: a table read back is the same table.
    const again = await saveRulesMenu(form);
    expect(again).toMatchObject({ saved: true, writes: {} });
  });

  it("says what a refused figure must be: a bound of the rules core, or not above the familiar's rounds", async () => {
    const form = defaultsForm();
    form["rules.multipleAttackPenalty"] = 21;
    const penalty = await saveRulesMenu(form);
    expect(penalty.saved).toBe(false);
    expect(notices("error")).toEqual([
      "Multiple attacks: penalty for each additional attack must be a whole number from 0 to 20, not “21”. Nothing was saved.",
    ]);
    standIn.ui.notifications.shown.length = 0;
    const aim = defaultsForm();
    aim["rules.aimRoundsUnfamiliar"] = 3;
    expect((await saveRulesMenu(aim)).problems.map((p) => [p.name, p.reason])).toEqual([
      ["rules.aimRoundsUnfamiliar", "aboveFamiliar"],
    ]);
    expect(notices("error")).toEqual([
      "Aiming: rounds for one unfamiliar with it may not be more than Aiming: rounds for one familiar with the weapon. Nothing was saved.",
    ]);
    const row = rulesMenuView(defaultMenuValues(), localize)
      .groups.flatMap((g) => g.rows)
      .find((r) => r.name === "rules.multipleAttackPenalty")!;
    expect(row).toMatchObject({ min: 0, max: 20 });
  });

  it("refuses bands with a gap or an overlap, a multiplier of 0, and unfamiliar rounds above the familiar, and writes nothing", async () => {
    const set = vi.spyOn(standIn.game.settings, "set");
    for (const [name, value] of [
      ["rules.quicknessBands", "1-6: 0.5, 8-12: 1"],
      ["rules.quicknessBands", "1-6: 0.5, 6-12: 1"],
      ["rules.recoilTwoHandsMultiplier", "0"],
      ["rules.reachWeaponRanges", "spear: far"],
      ["rules.reachWeaponRanges", "Spear: medium"],
      ["rules.quicknessBands", "1-6: 1, 7-30: 0.5"],
      ["rules.aimRoundsUnfamiliar", 3],
    ] as const) {
      standIn.ui.notifications.shown.length = 0;
      const form = defaultsForm();
      form[name] = value;
      const outcome = await saveRulesMenu(form);
      expect(outcome.saved, `${name} ${value}`).toBe(false);
      expect(outcome.problems.length, `${name} ${value}`).toBeGreaterThan(0);
      expect(notices("error").length, `${name} ${value}`).toBeGreaterThan(0);
    }
    expect(set).not.toHaveBeenCalled();
    // A macro meets the same refusals, naming the key.
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, {
        quicknessBands: [
          { from: 1, to: 6, attacks: 1 },
          { from: 8, to: 12, attacks: 2 },
        ],
      }),
    ).rejects.toThrow(/quicknessBands/);
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { additionalAttacks: "beyondfirst" }),
    ).rejects.toThrow(/additionalAttacks/);
    expect(rhfRulesOf(rulesOptions())).toEqual(RHF_DEFAULTS);
  });

  it("stores the RHF core's figures by default, so a world that never opens the window plays them", () => {
    const stored = rulesOptions() as Record<string, unknown>;
    for (const key of RHF_KEYS) expect(stored[key], key).toEqual(FANGS_DEFAULTS[key]);
    expect(rhfRulesOf(rulesOptions())).toEqual(RHF_DEFAULTS);
  });
  it("RHF-AUT-1, -2 (FANGS module): the bursts' and area fire's hits tables are typed in the window, saved, refused when bad", async () => {
    expect(formatTable("hits", FANGS_DEFAULTS.burstHits)).toBe("1-3: 1, 4-5: 2, 6: 3");
    expect(parseTable("hits", formatTable("hits", FANGS_DEFAULTS.areaHits))).toEqual(FANGS_DEFAULTS.areaHits);
    expect(parseTable("hits", "1-6: 0.5")).toBeNull();
    const form = defaultsForm();
    expect(form["rules.burstHits"]).toBe("1-3: 1, 4-5: 2, 6: 3");
    form["rules.areaFireModule"] = true;
    form["rules.burstHits"] = "1-6: 2";
    form["rules.areaHits"] = "1-2: 1, 3-6: 3";
    expect(await saveRulesMenu(form)).toMatchObject({ saved: true, problems: [] });
    expect(rulesOptions()).toMatchObject({
      burstHits: [{ from: 1, to: 6, hits: 2 }],
      areaHits: [
        { from: 1, to: 2, hits: 1 },
        { from: 3, to: 6, hits: 3 },
      ],
    });
    const set = vi.spyOn(standIn.game.settings, "set");
    for (const [name, value] of [
      ["rules.burstHits", "1-3: 1"],
      ["rules.burstHits", " "],
      ["rules.areaHits", "1-4: 1, 4-6: 2"],
      ["rules.areaHits", "1-6 1"],
    ] as const) {
      const bad = defaultsForm();
      bad[name] = value;
      const outcome = await saveRulesMenu(bad);
      expect(outcome.saved, `${name} ${value}`).toBe(false);
    }
    expect(set).not.toHaveBeenCalled();
    expect(rulesOptions()?.burstHits).toEqual([{ from: 1, to: 6, hits: 2 }]);
  });
});
