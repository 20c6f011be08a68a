import "../foundry/setup";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveShareneOptions, SHARENE_DEFAULTS } from "../../src/rules/sharene/config";
import { shareneActorSheetContext } from "../../src/rulesets/sharene/apps/sheets/actor-context";
import { shareneItemSheetContext } from "../../src/rulesets/sharene/apps/sheets/item-context";
import { SHARENE_ACTOR_PARTS, shareneItemParts } from "../../src/rulesets/sharene/apps/sheets/parts";
import { type ShareneActorData, shareneActorData } from "../../src/rulesets/sharene/apps/sheets/sheet-data";
import { SHARENE_STATUSES } from "../../src/rulesets/sharene/config/sharene-config";
import { resetWorld } from "../foundry/setup";
import {
  badButtons,
  byAttr,
  byClass,
  byTag,
  duplicateIds,
  mouseOnlyActions,
  parse,
  text,
  unlabelledControls,
} from "./html";
import { createTemplateRenderer } from "./render";

/**
 * Sharene's sheets rendered from their real templates with the real
 * Handlebars, from a fighter made on the Foundry stand-in and read through
 * the typed views, as the sheet classes do: every figure the core derives
 * shown, every word from lang/en.json, every control named and reached by
 * keyboard.
 */

type Obj = Record<string, unknown>;

let arden: ShareneActorData;

beforeAll(async () => {
  resetWorld();
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<Actor.Implementation> };
  const actor = await cls.create({
    name: "Arden",
    type: "shareneCharacter",
    system: {
      characteristics: { dex: 14, agi: 15, end: 12 },
      lifePoints: { value: 21, max: 28 },
      damageBonus: "1d4",
      dodge: { level: 4, natural: 9 },
      styles: { fullParry: false },
      wounds: { leftArm: { value: 14 }, rightLeg: { value: 19 } },
    },
    items: [
      {
        name: "Rapier",
        type: "shareneWeapon",
        system: {
          attack: { level: 7, natural: 9 },
          parry: { level: 6, natural: 9 },
          damage: { slash: "1d6+1", thrust: "1d8+1" },
          mainBlow: "thrust",
        },
      },
      {
        name: "Sling",
        type: "shareneWeapon",
        system: { kind: "missile", parries: false, damage: { slash: "1d4" }, mainBlow: "thrust" },
      },
      {
        name: "Leather",
        type: "shareneArmor",
        system: { protection: { torso: 1, rightArm: 1, leftArm: 1 } },
      },
    ],
  });
  const data = shareneActorData(actor);
  if (!data) throw new Error("not a Sharene fighter");
  arden = data;
});

function renderActor(editable = true, rules = SHARENE_DEFAULTS) {
  const renderer = createTemplateRenderer();
  const context = shareneActorSheetContext(arden, { editable, idPrefix: "sheet-arden", rules });
  const html = Object.values(SHARENE_ACTOR_PARTS)
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

function renderItem(name: string) {
  const item = arden.items.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  const renderer = createTemplateRenderer();
  const context = shareneItemSheetContext(item, { editable: true, idPrefix: `sheet-${item.id}` });
  const html = Object.values(shareneItemParts(item.type))
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

const inputValue = (html: string, name: string) => byAttr(parse(html), "name", name)[0]?.attribs.value;

describe("the Sharene actor sheet", () => {
  it("renders every word from lang/en.json, every control named, no mouse-only action, no id twice", () => {
    for (const editable of [true, false]) {
      const { html, missing } = renderActor(editable);
      expect(missing).toEqual([]);
      expect(unlabelledControls(html)).toEqual([]);
      expect(badButtons(html)).toEqual([]);
      expect(duplicateIds(html)).toEqual([]);
      expect(mouseOnlyActions(html)).toEqual([]);
    }
  });

  it("shows DEX, AGI and END, the life points with a meter, the damage bonus", () => {
    const { html } = renderActor();
    expect(inputValue(html, "system.characteristics.dex")).toBe("14");
    expect(inputValue(html, "system.characteristics.end")).toBe("12");
    expect(inputValue(html, "system.lifePoints.value")).toBe("21");
    expect(inputValue(html, "system.damageBonus")).toBe("1d4");
    const [meter] = byAttr(parse(html), "role", "meter");
    expect(meter?.attribs["aria-valuetext"]).toBe("21 of 28 life points");
  });

  it("SHA-RES-1: shows each skill as level and natural ability with the core's total", () => {
    const doc = parse(html());
    const dodge = byAttr(doc, "data-skill", "dodge")[0]!;
    expect(text(byClass(dodge, "sharene-total"))).toBe("13");
    const weapons = byAttr(doc, "data-skill", "weapon").map((row) => text(byClass(row, "sharene-total")));
    expect(weapons).toEqual(["16 / 15", "10 / no parry"]);
  });

  it("SHA-CON-1: a fighter out of the fight shows its condition, the gravest, with its icon and in words", () => {
    const renderer = createTemplateRenderer();
    const conditionOf = (statuses: string[]) => {
      const context = shareneActorSheetContext(
        { ...arden, statuses },
        { editable: true, idPrefix: "sheet-arden", rules: SHARENE_DEFAULTS, statuses: SHARENE_STATUSES },
      );
      const drawn = parse(renderer.render(SHARENE_ACTOR_PARTS.header!.template, context));
      const [mark] = byClass(drawn, "sharene-condition");
      if (!mark) return null;
      const [icon] = byTag(mark, "img");
      return [mark.attribs["data-condition"], text([mark]), icon?.attribs.src, icon?.attribs.alt];
    };
    // A sound fighter, or one with only a limb lost, shows none.
    expect(conditionOf([])).toBeNull();
    expect(conditionOf(["leftArmUseless"])).toBeNull();
    expect(conditionOf(["unconscious"])).toEqual([
      "unconscious",
      "Unconscious",
      "systems/fangs/assets/icons/sharene/unconscious.svg",
      "",
    ]);
    expect(conditionOf(["unconscious", "comatose"])?.slice(0, 2)).toEqual(["comatose", "In a coma"]);
    expect(conditionOf(["comatose", "dead", "headSevered"])?.slice(0, 2)).toEqual(["dead", "Dead"]);
    expect(renderer.i18n.missing).toEqual(new Set());
    // Read from the actor's statuses, as the sheet class reads them.
    expect(arden.statuses).toEqual([]);
  });

  it("SHA-DMG-4: the wound panel gives each limb its damage and the state the core derives, in words", () => {
    const doc = parse(html());
    const states = Object.fromEntries(
      byClass(doc, "sharene-limb").map((row) => [
        row.attribs["data-limb"],
        text(byClass(row, "sharene-limb__state")),
      ]),
    );
    // 28 life points: 14 is half (useless), 19 is past two thirds (18.67: severed).
    expect(states).toEqual({ rightArm: "Sound", leftArm: "Useless", rightLeg: "Severed", leftLeg: "Sound" });
    expect(inputValue(html(), "system.wounds.leftArm.value")).toBe("14");
    expect(byClass(doc, "sharene-limb--severed")).toHaveLength(1);
  });

  it("shows the styles known, the END checks' DNs and the armor worn per location", () => {
    const doc = parse(html());
    const styles = byAttr(doc, "name").filter((el) => el.attribs.name?.startsWith("system.styles."));
    expect(styles.map((el) => [el.attribs.name, el.attribs.checked !== undefined])).toEqual([
      ["system.styles.fullAttack", true],
      ["system.styles.fullParry", false],
      ["system.styles.parryRiposte", true],
      ["system.styles.attackParry", true],
    ]);
    // SHA-CON-1: END 12 × 2 for a third of the life points; × ½ with few left, by the world's rules.
    const end = byAttr(doc, "data-band").map((el) => text(el));
    expect(end[0]).toContain("DN 24");
    expect(end.at(-1)).toContain("DN 6");
    const lenient = byAttr(
      parse(renderActor(true, resolveShareneOptions({ lowLifeCf: 1 })).html),
      "data-band",
    );
    expect(text(lenient.at(-1)!)).toContain("DN 12");
    const torso = byAttr(doc, "data-location", "torso")[0]!;
    expect(text(torso)).toBe("Torso1");
  });

  it("lists weapons with their blows and main blow, armor, and their buttons; a read-only sheet offers no change", () => {
    const doc = parse(html());
    const rapier = byClass(doc, "sharene-item").find((el) => text(el).includes("Rapier"))!;
    expect(text(byClass(rapier, "sharene-blow"))).toBe("slash 1d6+1thrust 1d8+1");
    expect(byClass(rapier, "is-main").map((el) => text(el))).toEqual(["thrust 1d8+1"]);
    const sling = byClass(doc, "sharene-item").find((el) => text(el).includes("Sling"))!;
    expect(text(byClass(sling, "sharene-warning"))).toBe("No damage for its main blow (thrust)");
    expect(byAttr(rapier, "data-action", "itemEdit")[0]?.attribs["aria-label"]).toBe("Edit Rapier");
    // The exchange card starts from an equipped weapon's Attack button.
    expect(byAttr(rapier, "data-action", "shareneAttack")[0]?.attribs["aria-label"]).toBe(
      "Attack with Rapier",
    );
    expect(byAttr(doc, "data-action", "itemCreate").map((b) => b.attribs["data-type"])).toEqual([
      "shareneWeapon",
      "shareneArmor",
    ]);
    const readOnly = parse(renderActor(false).html);
    expect(byAttr(readOnly, "data-action", "itemCreate")).toEqual([]);
    expect(byAttr(readOnly, "data-action", "itemDelete")).toEqual([]);
    expect(byAttr(readOnly, "name", "system.characteristics.dex")[0]?.attribs.disabled).toBeDefined();
  });
});

describe("the Sharene item sheets", () => {
  it("a weapon: its skills with totals, a damage field per blow, its main blow; every word and label there", () => {
    const { html, missing } = renderItem("Rapier");
    expect(missing).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(mouseOnlyActions(html)).toEqual([]);
    const doc = parse(html);
    expect(byAttr(doc, "data-skill").map((row) => text(byClass(row, "sharene-total")))).toEqual(["16", "15"]);
    expect(inputValue(html, "system.damage.thrust")).toBe("1d8+1");
    expect(inputValue(html, "system.damage.special")).toBe("");
    const main = byAttr(doc, "name", "system.mainBlow")[0]!;
    expect(byAttr(main, "selected").map((o) => o.attribs.value)).toEqual(["thrust"]);
  });

  it("an armor: its protection on each location, every word and label there", () => {
    const { html, missing } = renderItem("Leather");
    expect(missing).toEqual([]);
    expect(unlabelledControls(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(byAttr(parse(html), "data-location").map((el) => el.attribs["data-location"])).toEqual([
      "head",
      "rightArm",
      "leftArm",
      "torso",
      "rightLeg",
      "leftLeg",
    ]);
    expect(inputValue(html, "system.protection.torso")).toBe("1");
  });
});

function html(): string {
  return renderActor().html;
}
