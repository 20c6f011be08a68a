import "../foundry/setup";
import { beforeAll, describe, expect, it } from "vitest";
import { applyTimedStatus } from "../../src/effects/timed-status-writes";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "../../src/rules/lunos/config";
import { LUNOS_TIMED } from "../../src/rules/lunos/timed-statuses";
import { lunosActorSheetContext } from "../../src/rulesets/lunos/apps/sheets/actor-context";
import { lunosItemSheetContext } from "../../src/rulesets/lunos/apps/sheets/item-context";
import { LUNOS_ACTOR_PARTS, lunosItemParts } from "../../src/rulesets/lunos/apps/sheets/parts";
import {
  type LunosActorData,
  type LunosItemData,
  lunosActorData,
  lunosItemData,
} from "../../src/rulesets/lunos/apps/sheets/sheet-data";
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
 * Lunos's sheets rendered from their real templates with the real
 * Handlebars, from a fighter made on the Foundry stand-in and read through
 * the typed views, as the sheet classes do: dots drawn as radio groups,
 * the health track as boxes by kind, every figure the core derives shown,
 * every word from lang/en.json, every control named and reached by
 * keyboard.
 */

type Obj = Record<string, unknown>;

let kell: LunosActorData;
let kellActor: Actor.Implementation;
const entries: LunosItemData[] = [];

beforeAll(async () => {
  resetWorld();
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<Actor.Implementation> };
  const actor = await cls.create({
    name: "Kell",
    type: "lunosCharacter",
    system: {
      abilities: { agility: 4, body: 3, reflexes: 3, willpower: 2 },
      skills: { combat: 3, thrown: 1, brawl: 2, martialArts: 1, weapon: 5, athletics: 2 },
      health: { bruising: { value: 1 }, wounding: { value: 1 }, trauma: { value: 1 } },
    },
    items: [
      {
        name: "Longsword",
        type: "lunosWeapon",
        system: { size: "medium", skill: "weapon", damageType: "wounding", quality: 1 },
      },
      {
        name: "Pike",
        type: "lunosWeapon",
        system: { size: "polearm", skill: "weapon", damageType: "wounding", equipped: false },
      },
      { name: "Bow", type: "lunosWeapon", system: { size: "medium", skill: "archery", equipped: false } },
      { name: "Leather", type: "lunosArmor", system: { rating: 1, kind: "plain" } },
      { name: "Plate", type: "lunosArmor", system: { rating: 3, kind: "rigid", equipped: false } },
    ],
  });
  const data = lunosActorData(actor);
  if (!data) throw new Error("not a Lunos fighter");
  kell = data;
  kellActor = actor;
  // Maneuver entries are compendium references, never carried: made on their own.
  const items = CONFIG.Item.documentClass as unknown as { create(data: Obj): Promise<Item.Implementation> };
  for (const [name, maneuver] of [
    ["Choke", "choke"],
    ["More damage", "increaseDamage"],
  ])
    entries.push(lunosItemData(await items.create({ name, type: "lunosManeuver", system: { maneuver } }))!);
});

function renderActor(editable = true, rules = LUNOS_DEFAULTS, data = kell) {
  const renderer = createTemplateRenderer();
  const context = lunosActorSheetContext(data, { editable, idPrefix: "sheet-kell", rules });
  const html = Object.values(LUNOS_ACTOR_PARTS)
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

function renderItem(name: string, rules = LUNOS_DEFAULTS) {
  const item = [...kell.items, ...entries].find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  const renderer = createTemplateRenderer();
  const context = lunosItemSheetContext(item, { editable: true, idPrefix: `sheet-${item.id}`, rules });
  const html = Object.values(lunosItemParts(item.type))
    .map((part) => renderer.render(part.template, context))
    .join("\n");
  return { html, missing: [...renderer.i18n.missing] };
}

const html = () => renderActor().html;
const figure = (root: ReturnType<typeof parse>, attr: string, value: string) =>
  text(byTag(byAttr(root, attr, value)[0]!, "dd"));

describe("the Lunos actor sheet", () => {
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

  it("draws each rating as dots: one radio group of 0 to 5, named by its legend, its dots up to the value filled", () => {
    const doc = parse(html());
    const groups = byAttr(doc, "role", "radiogroup");
    expect(groups.map((g) => g.attribs["data-rating"])).toEqual([
      "agility",
      "body",
      "reflexes",
      "willpower",
      "combat",
      "archery",
      "projectile",
      "thrown",
      "brawl",
      "martialArts",
      "weapon",
      "athletics",
    ]);
    for (const group of groups) {
      const legend = byTag(group, "legend")[0]!;
      expect(group.attribs["aria-labelledby"]).toBe(legend.attribs.id);
      const radios = byAttr(group, "type", "radio");
      expect(radios.map((r) => r.attribs.value)).toEqual(["0", "1", "2", "3", "4", "5"]);
      // One name: the browser moves between them with the arrow keys, one tab stop for the group.
      expect(new Set(radios.map((r) => r.attribs.name)).size).toBe(1);
      expect(radios.filter((r) => r.attribs.checked !== undefined)).toHaveLength(1);
      expect(radios.some((r) => r.attribs.tabindex !== undefined)).toBe(false);
    }
    const agility = groups[0]!;
    expect(byAttr(agility, "type", "radio")[0]?.attribs.name).toBe("system.abilities.agility");
    expect(byAttr(agility, "checked")[0]?.attribs.value).toBe("4");
    expect(byClass(agility, "is-filled")).toHaveLength(4);
    expect(text(byClass(agility, "lunos-dot")[3]!)).toBe("3 of 5 dots");
    expect(text(byClass(agility, "lunos-dot")[0]!)).toBe("No dots");
    const weapon = groups.find((g) => g.attribs["data-rating"] === "weapon")!;
    expect(byClass(weapon, "is-filled")).toHaveLength(5);
    expect(byAttr(weapon, "checked")[0]?.attribs.name).toBe("system.skills.weapon");
  });

  it("LUN-HLT-1, LUN-HLT-3: the health track is a box a level with its penalty, filled gravest kind first, said in words", () => {
    const doc = parse(html());
    const track = byClass(doc, "lunos-track")[0]!;
    expect(track.attribs["aria-label"]).toBe("Health levels: 5 of 8 left");
    const boxes = byClass(track, "lunos-box");
    expect(boxes.map((b) => text(byClass(b, "lunos-box__penalty")))).toEqual([
      "−1",
      "−2",
      "−3",
      "−3",
      "−4",
      "−4",
      "−5",
      "−5",
    ]);
    expect(boxes.map((b) => b.attribs["data-kind"])).toEqual([
      "trauma",
      "wounding",
      "bruising",
      "",
      "",
      "",
      "",
      "",
    ]);
    expect(text(byClass(boxes[1]!, "fangs-sr-only"))).toBe("Level 2, penalty 2: Wounding");
    expect(text(byClass(boxes[4]!, "fangs-sr-only"))).toBe("Level 5, penalty 4: free");
    // Not by colour alone: each kind has its own mark.
    expect(new Set(boxes.slice(0, 3).map((b) => text(byClass(b, "lunos-box__mark")))).size).toBe(3);
    expect(byAttr(doc, "name", "system.health.trauma.value")[0]?.attribs.value).toBe("1");
  });

  it("LUN-HLT-2: shows the wound penalty, and the fighter out once it passes Willpower", () => {
    const doc = parse(html());
    expect(figure(doc, "data-figure", "woundPenalty")).toBe("−3 on every pool");
    expect(figure(doc, "data-figure", "levels")).toBe("5 of 8");
    expect(text(byAttr(doc, "role", "status"))).toBe(
      "Knocked out by pain: a wound penalty of 3 is more than Willpower 2.",
    );
  });

  it("shows the pools the round engine builds, wounds and armor off; the fifth dot a sure success", () => {
    const doc = parse(html());
    // Initiative: Reflexes 3 − 3. Defense: Agility 4 + Combat 3 − 3 − leather's 0.
    expect(figure(doc, "data-pool", "initiative")).toBe("the luck die alone");
    expect(figure(doc, "data-pool", "defense")).toBe("4 dice");
    // Parry: Agility 4 and Weapon 5 give 8 dice (the fifth dot a sure success instead), + the sword's 3, − 3.
    expect(figure(doc, "data-pool", "parry")).toBe("8 dice and 1 sure success");
    expect(figure(doc, "data-pool", "attack")).toBe("5 dice and 1 sure success");
    // The other reading keeps the fifth dot's die as well.
    const besideDie = parse(renderActor(true, resolveLunosOptions({ fifthDot: "besideDie" })).html);
    expect(figure(besideDie, "data-pool", "attack")).toBe("6 dice and 1 sure success");
  });

  it("lists weapons and armor with their facts and buttons; a read-only sheet offers no change", () => {
    const doc = parse(html());
    const sword = byClass(doc, "lunos-item").find((el) => text(el).includes("Longsword"))!;
    expect(text(byClass(sword, "lunos-item__facts"))).toBe("Medium · Weapon · Wounding · +1");
    expect(text(byClass(sword, "lunos-worn"))).toBe("In hand");
    expect(byAttr(sword, "data-action", "itemEdit")[0]?.attribs["aria-label"]).toBe("Edit Longsword");
    expect(byAttr(doc, "data-action", "itemCreate").map((b) => b.attribs["data-type"])).toEqual([
      "lunosWeapon",
      "lunosArmor",
    ]);
    const readOnly = parse(renderActor(false).html);
    expect(byAttr(readOnly, "data-action", "itemCreate")).toEqual([]);
    expect(byAttr(readOnly, "data-action", "itemDelete")).toEqual([]);
    for (const radio of byAttr(readOnly, "type", "radio")) expect(radio.attribs.disabled).toBeDefined();
  });
});

describe("the Lunos actor sheet's conditions", () => {
  it("LUN-HLT-4, LUN-GRP-3: lists the fighter's statuses in the ruleset's order, the dying and choke clocks with their time left", async () => {
    expect(text(byClass(parse(html()), "lunos-conditions"))).toBe("None.");
    await kellActor.toggleStatusEffect("prone", { active: true });
    // Out of combat a clock counts world seconds: the dying fighter's five minutes.
    await applyTimedStatus(kellActor, LUNOS_TIMED.dying, { length: { clock: "seconds", amount: 300 } });
    await applyTimedStatus(kellActor, LUNOS_TIMED.choked, { length: { clock: "seconds", amount: 60 } });
    const data = lunosActorData(kellActor)!;
    expect(data.conditions.map((c) => c.id)).toEqual(["unconscious", "dying", "prone"]);
    const { html: drawn, missing } = renderActor(true, LUNOS_DEFAULTS, data);
    expect(missing).toEqual([]);
    const items = byClass(parse(drawn), "lunos-condition");
    expect(items.map((li) => li.attribs["data-status"])).toEqual(["unconscious", "dying", "prone"]);
    expect(items.map((li) => text(li).replace(/\s+/g, " ").trim())).toEqual([
      "Choked out 1 min left",
      "Dying, every level used 5 min left",
      "Prone",
    ]);
    // Its glyph is decoration: the name beside it says what it is.
    for (const li of items) expect(byTag(li, "img")[0]?.attribs.alt).toBe("");
    expect(byTag(items[1]!, "img")[0]?.attribs.src).toMatch(/icons\/lunos\/dying\.svg$/);
    // Another ruleset's status on it is not one of Lunos's: not listed.
    await kellActor.toggleStatusEffect("bleeding", { active: true });
    expect(lunosActorData(kellActor)!.conditions).toHaveLength(3);
  });
});

describe("the Lunos item sheets", () => {
  for (const name of ["Longsword", "Pike", "Bow", "Leather", "Plate", "Choke", "More damage"])
    it(`${name}: every word from lang/en.json, every control named, no id twice`, () => {
      const { html, missing } = renderItem(name);
      expect(missing).toEqual([]);
      expect(unlabelledControls(html)).toEqual([]);
      expect(badButtons(html)).toEqual([]);
      expect(duplicateIds(html)).toEqual([]);
      expect(mouseOnlyActions(html)).toEqual([]);
    });

  it("LUN-EQP-3: a weapon's damage rating, and its reach or range by the world's table", () => {
    const sword = parse(renderItem("Longsword").html);
    expect(figure(sword, "data-figure", "damage")).toBe("+3");
    expect(figure(sword, "data-figure", "reach")).toBe("The next space (5 ft)");
    expect(byAttr(sword, "data-figure", "heavy")).toEqual([]);
    const pike = parse(renderItem("Pike").html);
    expect(figure(pike, "data-figure", "reach")).toBe("Up to 10 ft; 2 dice fewer in the next space");
    expect(text(byAttr(pike, "data-figure", "heavy"))).toBe(
      "With less than 4 in Body, a pool using it loses 1 of its dice.",
    );
    const bow = parse(renderItem("Bow").html);
    expect(figure(bow, "data-figure", "reach")).toBe(
      "360 ft a step, 5 steps at most, a die fewer each step past the first",
    );
    const size = byAttr(sword, "name", "system.size")[0]!;
    expect(byAttr(size, "selected").map((o) => o.attribs.value)).toEqual(["medium"]);
  });

  it("LUN-EQP-1: an armor's protection against each kind and the dice it costs Agility", () => {
    const leather = parse(renderItem("Leather").html);
    expect(figure(leather, "data-against", "bruising")).toBe("1");
    expect(figure(leather, "data-figure", "agilityDice")).toBe("0");
    const plate = parse(renderItem("Plate").html);
    expect(figure(plate, "data-against", "wounding")).toBe("5");
    expect(figure(plate, "data-figure", "agilityDice")).toBe("3");
  });

  it("LUN-MNV-1: a maneuver entry's cost and limit under the world's rules", () => {
    const choke = parse(renderItem("Choke").html);
    expect(figure(choke, "data-figure", "cost")).toBe("3");
    expect(figure(choke, "data-figure", "limit")).toBe("1");
    expect(figure(choke, "data-figure", "declarable")).toBe("Yes");
    expect(byAttr(choke, "data-figure", "grappleOnly")).toHaveLength(1);
    const more = parse(renderItem("More damage").html);
    expect(figure(more, "data-figure", "limit")).toBe("As often as paid for");
    expect(figure(more, "data-figure", "declarable")).toBe("No");
    const dear = resolveLunosOptions({ maneuverCosts: { ...LUNOS_DEFAULTS.maneuverCosts, choke: 4 } });
    expect(figure(parse(renderItem("Choke", dear).html), "data-figure", "cost")).toBe("4");
  });
});

describe("the Lunos actor sheet's parry", () => {
  it("LUN-ACT-4: shows a parry pool for any weapon in hand, as the round engine lets it parry, and none bare-handed", async () => {
    const cls = CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<Actor.Implementation> };
    const archer = await cls.create({
      name: "Wren",
      type: "lunosCharacter",
      system: { abilities: { agility: 3 }, skills: { archery: 3, weapon: 1 } },
      items: [{ name: "Bow", type: "lunosWeapon", system: { size: "medium", skill: "archery" } }],
    });
    const pools = (data: LunosActorData) =>
      byAttr(parse(renderActor(true, LUNOS_DEFAULTS, data).html), "data-pool").map(
        (p) => p.attribs["data-pool"],
      );
    expect(pools(lunosActorData(archer)!)).toEqual(["initiative", "defense", "parry", "attack"]);
    const bare = await cls.create({ name: "Fist", type: "lunosCharacter", system: {} });
    expect(pools(lunosActorData(bare)!)).toEqual(["initiative", "defense", "attack"]);
    // One die is "1 die"; two sure successes are "successes".
    const one = await cls.create({
      name: "Pip",
      type: "lunosCharacter",
      system: { abilities: { reflexes: 1, agility: 5 }, skills: { brawl: 5 } },
    });
    const doc = parse(renderActor(true, LUNOS_DEFAULTS, lunosActorData(one)!).html);
    expect(figure(doc, "data-pool", "initiative")).toBe("1 die");
    expect(figure(doc, "data-pool", "attack")).toBe("8 dice and 2 sure successes");
  });
});
