import { damageModifierFormula } from "../../src/rules/fangs/character";
import type { ItemType } from "../../src/rulesets/fangs/apps/sheets/context-types";
import { ITEM_TYPES } from "../../src/rulesets/fangs/config/labels";
import { fixtureActor, fixtureItem } from "./fixtures";
import { prepareActor } from "./fixtures/prepare";
import {
  all,
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
import {
  createTemplateRenderer,
  loadTranslations,
  renderActorSheet,
  renderItemSheet,
  renderStatBlock,
} from "./render";

const t = loadTranslations();

/** The row of an item on a sheet, by item id. */
function row(html: string, id: string) {
  const [el] = byAttr(parse(html), "data-item-id", id);
  if (!el) throw new Error(`no row for ${id}`);
  return el;
}

function inputValue(html: string, name: string): string | undefined {
  return byAttr(parse(html), "name", name)[0]?.attribs.value;
}

describe("character sheet (fighter)", () => {
  const { html, context, missingKeys } = renderActorSheet(fixtureActor("fighter"));

  it("renders every key it uses from lang/en.json", () => {
    expect(missingKeys).toEqual([]);
  });

  it("shows the name and each characteristic in a named input", () => {
    expect(inputValue(html, "name")).toBe("Gru the Sellsword");
    expect(inputValue(html, "system.characteristics.st")).toBe("14");
    expect(inputValue(html, "system.characteristics.ap")).toBe("10");
  });

  it("offers ST×1 and ST×2 style checks for every characteristic, as buttons", () => {
    const buttons = byAttr(parse(html), "data-action", "rollCharacteristic");
    expect(buttons).toHaveLength(14);
    const st2 = buttons.find(
      (b) => b.attribs["data-characteristic"] === "st" && b.attribs["data-multiplier"] === "2",
    );
    expect(st2 && text(st2)).toBe("ST×2");
    expect(st2?.attribs["aria-label"]).toBe("Roll Strength ×2 (d20 + 28)");
  });

  it("shows Stun and HP as meters with value and derived max", () => {
    const doc = parse(html);
    const meters = byAttr(doc, "role", "meter").filter((m) => m.attribs["aria-label"]?.endsWith("Points"));
    expect(
      meters.map((m) => [m.attribs["aria-label"], m.attribs["aria-valuenow"], m.attribs["aria-valuemax"]]),
    ).toEqual([
      ["Stun Points", "14", "26"],
      ["Hit Points", "9", "12"],
    ]);
    expect(inputValue(html, "system.stunPoints.value")).toBe("14");
    expect(inputValue(html, "system.hitPoints.value")).toBe("9");
    const hpFill = byClass(byClass(doc, "fangs-pool--hitPoints")[0]!, "fangs-bar__fill")[0];
    expect(hpFill?.attribs.style).toBe("width: 75%");
  });

  it("lists the derived attributes with the DM as dice", () => {
    const attrs = Object.fromEntries(
      byClass(parse(html), "fangs-attribute").map((el) => [
        el.attribs["data-attribute"],
        text(byTag(el, "dd")),
      ]),
    );
    expect(attrs.damageModifier).toBe(`+${damageModifierFormula(1)}`);
    expect(attrs.movement).toBe("15");
    expect(attrs.armorProtection).toBe("3");
    // Dodge: AG 12 + 3 bought − 3 armor protection.
    expect(attrs.dodge).toMatch(/^12 Bought/);
  });

  it("shows each skill as natural + bought = total", () => {
    const broadsword = row(html, "fxSkillBroadswd");
    expect(text(broadsword)).toContain("(ST+AG+SZ)/5 = 8");
    expect(byTag(broadsword, "input")[0]?.attribs.value).toBe("7");
    expect(text(byClass(broadsword, "fangs-total"))).toBe("15");
    const firstAid = row(html, "fxSkillFirstAid");
    expect(text(firstAid)).toContain("2*IN/5 = 5");
    expect(text(byClass(firstAid, "fangs-total"))).toBe("7");
    expect(context.skills.general.map((s) => s.name)).toEqual(["Climb", "First Aid"]);
  });

  it("shows weapon and shield condition as a badge with words, not colour alone", () => {
    const badge = (id: string) => byClass(row(html, id), "fangs-badge")[0];
    expect(text(badge("fxWeaponBroadsw")!)).toBe("Sound");
    expect(text(badge("fxWeaponDagger1")!)).toBe("Nicked");
    expect(text(badge("fxWeaponSpear01")!)).toBe("Shattered");
    expect(text(badge("fxShieldRound01")!)).toBe("No attacks");
    expect(badge("fxShieldRound01")?.attribs["data-condition"]).toBe("unusableForAttack");
  });

  it("shows each weapon's item SP, damage and linked skill", () => {
    const dagger = row(html, "fxWeaponDagger1");
    const sp = byAttr(dagger, "data-item-field", "system.itemSp.value")[0];
    expect(sp?.attribs.value).toBe("5");
    expect(text(dagger)).toContain("/ 6");
    expect(text(dagger)).toContain("1d4+2");
    expect(text(dagger)).toContain("Knife 8");
    expect(text(row(html, "fxWeaponSpear01"))).toContain("No skill linked");
  });

  it("lists armor with its SP and the total worn, advantages and maneuvers", () => {
    expect(text(row(html, "fxArmorMail0001"))).toContain("550");
    expect(
      text(row(renderActorSheet(fixtureActor("troll"), { activeTab: "combat" }).html, "fxTrollArHide01")),
    ).toContain("—");
    expect(html).toContain("3 SP worn");
    // What the rules make of the advantage, not its key.
    expect(text(row(html, "fxAdvAmbidextr1"))).toContain("With Two Weapon, no off-hand penalty");
    expect(text(row(html, "fxAdvAmbidextr1"))).not.toContain("ambidextrous");
    expect(text(row(html, "fxManeuverAttk1"))).toContain("Attack");
  });

  it("makes item rows draggable for Foundry's drag and drop", () => {
    const rows = byAttr(parse(html), "data-item-id");
    expect(rows.length).toBe(13);
    for (const r of rows) expect(r.attribs.class).toContain("draggable");
  });

  it("labels every control, names every button, keeps ids unique and needs no mouse", () => {
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(mouseOnlyActions(html)).toEqual([]);
  });

  it("opens exactly one tab, the one asked for", () => {
    const open = (h: string) =>
      all(parse(h), (el) => el.name === "section" && /\bactive\b/.test(el.attribs.class ?? ""));
    expect(open(html).map((s) => s.attribs["data-tab"])).toEqual(["main"]);
    const combat = renderActorSheet(fixtureActor("fighter"), { activeTab: "combat" }).html;
    expect(open(combat).map((s) => s.attribs["data-tab"])).toEqual(["combat"]);
    const selected = byAttr(parse(combat), "aria-selected", "true");
    expect(selected.map((b) => b.attribs["data-tab"])).toEqual(["combat"]);
  });

  it("puts the enriched biography in the editor and the stored HTML in its value", () => {
    const withEnriched = renderActorSheet(fixtureActor("fighter"), { enrichedHtml: "<p>ENRICHED</p>" }).html;
    const [editor] = byTag(parse(withEnriched), "prose-mirror");
    expect(editor?.attribs.name).toBe("system.biography");
    expect(editor?.attribs.value).toContain("river towns");
    expect(text(editor!)).toBe("ENRICHED");
  });
});

describe("read-only sheet", () => {
  const { html } = renderActorSheet(fixtureActor("fighter"), { editable: false });

  it("disables every input and hides add and delete buttons, but still allows rolls", () => {
    const controls = byTag(parse(html), "input", "select");
    expect(controls.length).toBeGreaterThan(20);
    for (const c of controls) expect("disabled" in c.attribs).toBe(true);
    expect(byAttr(parse(html), "data-action", "itemDelete")).toEqual([]);
    expect(byAttr(parse(html), "data-action", "itemCreate")).toEqual([]);
    expect(byAttr(parse(html), "data-action", "rollSkill").length).toBe(5);
    expect(byTag(parse(html), "prose-mirror")).toEqual([]);
  });

  it("offers to view an item, not to edit it", () => {
    const open = byAttr(parse(html), "data-action", "itemEdit").filter((b) => b.attribs["aria-label"]);
    expect(open.length).toBeGreaterThan(5);
    for (const b of open) expect(b.attribs["aria-label"]).toMatch(/^View /);
    const editable = renderActorSheet(fixtureActor("fighter")).html;
    for (const b of byAttr(parse(editable), "data-action", "itemEdit").filter((b) => b.attribs["aria-label"]))
      expect(b.attribs["aria-label"]).toMatch(/^Edit /);
  });
});

describe("creature sheet (troll)", () => {
  const { html, missingKeys } = renderActorSheet(fixtureActor("troll"));

  it("renders every key it uses", () => {
    expect(missingKeys).toEqual([]);
  });

  it("shows the humanoid and intelligent flags and extra limbs", () => {
    const doc = parse(html);
    expect("checked" in (byAttr(doc, "name", "system.humanoid")[0]?.attribs ?? {})).toBe(true);
    expect("checked" in (byAttr(doc, "name", "system.intelligent")[0]?.attribs ?? {})).toBe(true);
    expect(inputValue(html, "system.extraLimbs")).toBe("0");
  });

  it("NC-DEF-8: a humanoid, intelligent troll has no monster parry, and the sheet says why", () => {
    const [parry] = byClass(parse(html), "fangs-monster-parry");
    expect(inputValue(html, "system.monsterParry.formula")).toBeUndefined();
    expect(byAttr(parry!, "data-action", "rollMonsterParry")).toEqual([]);
    expect(text(byAttr(parry!, "data-hint", "monster-parry"))).toBe(
      t["FANGS.Sheet.MonsterParry.NotThisCreature"],
    );
  });

  it("shows a beast's monster parry: formula, natural part, bought and total, with a roll button", () => {
    const beast = fixtureActor("troll");
    Object.assign(beast.system, { humanoid: false, intelligent: false });
    const { html } = renderActorSheet(beast);
    const [parry] = byClass(parse(html), "fangs-monster-parry");
    expect(byAttr(parry!, "data-hint", "monster-parry")).toEqual([]);
    expect(inputValue(html, "system.monsterParry.formula")).toBe("(ST+AG)/5");
    expect(text(parry!)).toContain("= 7");
    expect(inputValue(html, "system.monsterParry.bought")).toBe("2");
    expect(text(byClass(parry!, "fangs-total"))).toBe("9");
    // The total says what it is in words anyone sees (an aria-label on a bare span is read by no one).
    expect(text(byAttr(parry!, "data-field", "monster-parry-total")).replace(/\s+/g, " ")).toBe(
      `${t["FANGS.Sheet.Total"]} 9`,
    );
    expect(byAttr(parry!, "data-action", "rollMonsterParry")).toHaveLength(1);
  });

  it("lists natural weapons apart from carried ones, without item SP", () => {
    const [natural] = byAttr(parse(html), "data-section", "natural-weapons");
    const [carried] = byAttr(parse(html), "data-section", "weapons");
    expect(byAttr(natural!, "data-item-id").map((r) => r.attribs["data-item-id"])).toEqual([
      "fxTrollWpBite01",
      "fxTrollWpClaw01",
    ]);
    expect(byAttr(natural!, "data-item-field", "system.itemSp.value")).toEqual([]);
    expect(byAttr(carried!, "data-item-id").map((r) => r.attribs["data-item-id"])).toEqual([
      "fxTrollWpClub01",
    ]);
    expect(text(row(html, "fxTrollWpClaw01"))).toContain("Claw 14");
  });

  it("labels every control and names every button", () => {
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
  });

  it("has no creature block on a character", () => {
    const character = renderActorSheet(fixtureActor("fighter")).html;
    expect(byClass(parse(character), "fangs-monster-parry")).toEqual([]);
    expect(byAttr(parse(character), "data-section", "natural-weapons")).toEqual([]);
  });
});

describe("creature stat block (troll)", () => {
  const troll = {
    ...fixtureActor("troll"),
    statuses: [
      { id: "stunned", name: "Stunned", img: "stunned.svg", active: true },
      { id: "prone", name: "Prone", img: "prone.svg", active: false },
    ],
  };
  const play = renderStatBlock(troll, { mode: "play" });
  const edit = renderStatBlock(troll, { mode: "edit" });

  it("renders every key it uses, with no tab, and every control named", () => {
    expect(play.missingKeys).toEqual([]);
    expect(edit.missingKeys).toEqual([]);
    for (const { html } of [play, edit]) {
      expect(byAttr(parse(html), "role", "tab")).toEqual([]);
      expect(unlabelledControls(html)).toEqual([]);
      expect(badButtons(html)).toEqual([]);
      expect(duplicateIds(html)).toEqual([]);
      expect(mouseOnlyActions(html)).toEqual([]);
    }
  });

  it("shows at a glance: the seven characteristics in a row, the pools, armor, Dodge, MV and DM", () => {
    const doc = parse(play.html);
    const [line] = byClass(doc, "fangs-statline");
    expect(byTag(line!, "abbr").map((a) => text(a))).toEqual(["ST", "AG", "CO", "IN", "PW", "SZ", "AP"]);
    expect(byClass(doc, "fangs-pool")).toHaveLength(2);
    const fact = (id: string) => text(byAttr(doc, "data-attribute", id)[0]!).replace(/\s+/g, " ");
    expect(fact("armorProtection")).toBe("Armor 3 Thick hide");
    expect(fact("dodge")).toMatch(/^Dodge \d+$/);
    expect(fact("movement")).toMatch(/^MV \d+$/);
    expect(fact("damageModifier")).toMatch(/^DM (\+|—)/);
  });

  it("lists natural weapons first, then carried ones, each with its damage and Attack button", () => {
    const [attacks] = byAttr(parse(play.html), "data-section", "stat-attacks");
    expect(byAttr(attacks!, "data-item-id").map((r) => r.attribs["data-item-id"])).toEqual([
      "fxTrollWpBite01",
      "fxTrollWpClaw01",
      "fxTrollWpClub01",
    ]);
    expect(byAttr(attacks!, "data-action", "attack")).toHaveLength(3);
    expect(text(row(play.html, "fxTrollWpClaw01"))).toContain("Claw 14");
  });

  it("lists skills in one line, each a roll in play mode and an item to edit when unlocked", () => {
    const [skills] = byAttr(parse(play.html), "data-section", "stat-skills");
    const rolls = byAttr(skills!, "data-action", "rollSkill");
    expect(rolls.map((b) => text(b).replace(/\s+/g, " "))).toEqual(["Bite 9", "Claw 14", "Club 12"]);
    const [unlocked] = byAttr(parse(edit.html), "data-section", "stat-skills");
    expect(byAttr(unlocked!, "data-action", "rollSkill")).toEqual([]);
    expect(byAttr(unlocked!, "data-action", "itemEdit")).toHaveLength(3);
  });

  it("shows the statuses it has, and the edit/play lock: play keeps rolls and pools, hides the build", () => {
    const [conditions] = byAttr(parse(play.html), "data-section", "stat-conditions");
    expect(byAttr(conditions!, "data-status-id").map((b) => b.attribs["data-status-id"])).toEqual([
      "stunned",
    ]);
    expect(
      "disabled" in (byAttr(parse(play.html), "name", "system.characteristics.st")[0]?.attribs ?? {}),
    ).toBe(true);
    expect(byAttr(parse(play.html), "data-action", "itemDelete")).toEqual([]);
    expect(byClass(parse(play.html), "fangs-creature")).toEqual([]);
    expect("disabled" in (byAttr(parse(play.html), "name", "system.hitPoints.value")[0]?.attribs ?? {})).toBe(
      false,
    );
    expect(
      "disabled" in (byAttr(parse(edit.html), "name", "system.characteristics.st")[0]?.attribs ?? {}),
    ).toBe(false);
    expect(byClass(parse(edit.html), "fangs-creature")).toHaveLength(1);
    expect(byTag(parse(edit.html), "prose-mirror")[0]?.attribs.name).toBe("system.biography");
  });
});

describe("attack buttons", () => {
  const fighter = fixtureActor("fighter");
  const dagger = fighter.items.find((i) => i.id === "fxWeaponDagger1")!;
  if (dagger.type === "weapon") dagger.system.itemSp = { value: 2, max: 6 };
  const { html, missingKeys } = renderActorSheet(prepareActor(fighter), { activeTab: "combat" });
  const attack = (id: string) => byClass(row(html, id), "fangs-attack")[0];

  it("renders every key it uses", () => {
    expect(missingKeys).toEqual([]);
  });

  it("gives a sound weapon an Attack button named after it, with the Shift hint", () => {
    const button = attack("fxWeaponBroadsw")!;
    expect(text(button)).toBe("Attack");
    expect(button.attribs["data-action"]).toBe("attack");
    expect(button.attribs["aria-label"]).toBe("Attack with Broadsword");
    expect("disabled" in button.attribs).toBe(false);
    expect(button.attribs["data-tooltip"]).toContain("Shift-click");
  });

  it("disables the button of a weapon under half SP or shattered, with the reason in words", () => {
    for (const [id, reason] of [
      ["fxWeaponDagger1", t["FANGS.Rules.Attack.Refusal.WeaponUnderHalf"]],
      ["fxWeaponSpear01", t["FANGS.Rules.Attack.Refusal.WeaponShattered"]],
    ] as const) {
      const button = attack(id)!;
      expect("disabled" in button.attribs).toBe(true);
      expect(button.attribs["data-action"]).toBeUndefined();
      const [described] = byAttr(parse(html), "id", button.attribs["aria-describedby"]!);
      expect(text(described!)).toBe(reason);
      expect(text(row(html, id))).toContain(reason);
    }
  });

  it("gives natural weapons their button, and none to a viewer who cannot edit", () => {
    const troll = renderActorSheet(fixtureActor("troll")).html;
    const claw = byClass(row(troll, "fxTrollWpClaw01"), "fangs-attack")[0];
    expect(claw?.attribs["aria-label"]).toBe("Attack with Claw");
    const readOnly = renderActorSheet(fixtureActor("fighter"), { editable: false }).html;
    expect(byClass(parse(readOnly), "fangs-attack")).toEqual([]);
  });

  it("keeps the table accessible with the new column", () => {
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(mouseOnlyActions(html)).toEqual([]);
  });

  it("shows a fist's damage as the wielder's DM, a grapple's as binding", () => {
    const troll = fixtureActor("troll");
    const claw = troll.items.find((i) => i.id === "fxTrollWpClaw01")!;
    const fist = { ...structuredClone(claw), id: "fxTrollWpFist01", name: "Fist" };
    const grab = { ...structuredClone(claw), id: "fxTrollWpGrab01", name: "Grapple" };
    if (fist.type === "weapon") Object.assign(fist.system, { damage: "0", skill: "fist" });
    if (grab.type === "weapon") Object.assign(grab.system, { damage: "0", skill: "grapple" });
    const { html, context } = renderActorSheet({ ...troll, items: [...troll.items, fist, grab] });
    const dm = damageModifierFormula(context.attributes[0]!.value!);
    expect(text(byClass(row(html, "fxTrollWpFist01"), "fangs-damage"))).toBe(`DM (+${dm})`);
    expect(text(byClass(row(html, "fxTrollWpGrab01"), "fangs-damage"))).toBe("Binds");
    expect(text(byClass(row(html, "fxTrollWpClaw01"), "fangs-damage"))).toBe("1d6");
  });
});

describe("combat panel", () => {
  const facts = {
    round: 3,
    maneuver: "attack" as const,
    movement: { fraction: "quarter" as const, paces: 4 },
    declareRefusal: null,
  };

  it("is absent when the actor is not in the active combat", () => {
    const { html } = renderActorSheet(fixtureActor("fighter"));
    expect(byAttr(parse(html), "data-section", "combat-panel")).toEqual([]);
  });

  it("shows the round, the declared maneuver selected, and its movement in paces", () => {
    const { html, missingKeys } = renderActorSheet(fixtureActor("fighter"), { combat: facts });
    expect(missingKeys).toEqual([]);
    const [panel] = byAttr(parse(html), "data-section", "combat-panel");
    expect(text(panel!)).toContain("In combat, round 3");
    const [select] = byTag(panel!, "select");
    expect("disabled" in select!.attribs).toBe(false);
    const options = byTag(select!, "option");
    expect(options).toHaveLength(13);
    expect(options.filter((o) => "selected" in o.attribs).map((o) => text(o))).toEqual(["Attack"]);
    expect(text(byClass(panel!, "fangs-combat-panel__move"))).toBe("¼ MV: 4 paces");
    expect(unlabelledControls(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
  });

  it("asks for a declaration when there is none, and says why it is closed", () => {
    const open = renderActorSheet(fixtureActor("fighter"), {
      combat: { ...facts, maneuver: null, movement: null },
    }).html;
    const first = byTag(byTag(parse(open), "select")[0]!, "option")[0]!;
    expect([first.attribs.value, "selected" in first.attribs, text(first)]).toEqual([
      "",
      true,
      "Not declared",
    ]);
    const closed = renderActorSheet(fixtureActor("fighter"), {
      combat: { ...facts, declareRefusal: "FANGS.Combat.Refusal.DeclareClosed" },
    }).html;
    const [select] = byTag(parse(closed), "select");
    expect("disabled" in select!.attribs).toBe(true);
    const refusalId = select!.attribs["aria-describedby"]!.split(" ")[1]!;
    expect(text(byAttr(parse(closed), "id", refusalId)[0]!)).toBe(
      "Gru the Sellsword can no longer declare a maneuver this round.",
    );
  });
});

describe("item sheets", () => {
  const owner = fixtureActor("fighter");
  const actorSkills = owner.items.flatMap((i) =>
    i.type === "skill" ? [{ key: i.system.key, name: i.name }] : [],
  );
  const renderer = createTemplateRenderer();

  it.each(ITEM_TYPES)("%s: renders, labels every control, uses only defined keys", (type: ItemType) => {
    const { html, context } = renderItemSheet(
      fixtureItem(type),
      { actorSkills, actorCharacteristics: owner.system.characteristics },
      renderer,
    );
    expect(renderer.i18n.missing.size).toBe(0);
    expect(inputValue(html, "name")).toBe(context.item.name);
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
    expect(duplicateIds(html)).toEqual([]);
    expect(byAttr(parse(html), "data-tab", "details").length).toBeGreaterThan(0);
    expect(byTag(parse(html), "prose-mirror")[0]?.attribs.name).toBe("system.description");
  });

  it("weapon: damage, item SP, selects with the stored choice, condition badge and the owner's skills", () => {
    const { html } = renderItemSheet(fixtureItem("weapon"), { actorSkills });
    const doc = parse(html);
    expect(inputValue(html, "system.damage")).toBe("1d8+2");
    expect(inputValue(html, "system.itemSp.max")).toBe("10");
    const selected = (name: string) =>
      byTag(byAttr(doc, "name", name)[0]!, "option").find((o) => "selected" in o.attribs)?.attribs.value;
    expect(selected("system.hands")).toBe("one");
    expect(selected("system.kind")).toBe("melee");
    expect(selected("system.skill")).toBe("broadsword");
    expect(text(byClass(doc, "fangs-badge"))).toBe("Sound");
    expect(text(byTag(byAttr(doc, "name", "system.hands")[0]!, "option"))).toContain("One-handed");
  });

  it("weapon without an owner: the skill is a text field", () => {
    const { html } = renderItemSheet(fixtureItem("weapon"));
    const [skill] = byAttr(parse(html), "name", "system.skill");
    expect(skill?.name).toBe("input");
    expect(skill?.attribs.value).toBe("broadsword");
  });

  it("weapon without an owner, in a world with skills: picks a skill by name, the key field writes it", () => {
    const gmSkills = [
      { key: "broadsword", name: "Broadsword" },
      { key: "shieldParry", name: "Shield Parry" },
    ];
    const { html } = renderItemSheet(fixtureItem("weapon"), { gmSkills, idPrefix: "w" });
    const doc = parse(html);
    const [picker] = byAttr(doc, "data-skill-picker", "");
    expect(picker?.attribs.name).toBeUndefined();
    const options = byTag(picker!, "option");
    expect(options.map((o) => text(o))).toEqual(["— none —", "Broadsword", "Shield Parry", "Other…"]);
    expect(options.find((o) => "selected" in o.attribs)?.attribs.value).toBe("broadsword");
    const [key] = byAttr(doc, "name", "system.skill");
    expect(key?.attribs.value).toBe("broadsword");
    expect(key?.parent && "hidden" in (key.parent as { attribs: Record<string, string> }).attribs).toBe(true);
    expect(unlabelledControls(html)).toEqual([]);
    expect(html).toContain("a skill of this world or of the Skills compendium");
  });

  it("weapon without an owner whose key no skill has: Other… is chosen and the key field shows it", () => {
    const spear = fixtureActor("fighter").items.find((i) => i.id === "fxWeaponSpear01")!;
    const { html } = renderItemSheet(spear, { gmSkills: [{ key: "broadsword", name: "Broadsword" }] });
    const doc = parse(html);
    const selected = byTag(byAttr(doc, "data-skill-picker", "")[0]!, "option").find(
      (o) => "selected" in o.attribs,
    );
    expect(text(selected!)).toBe("Other…");
    const [key] = byAttr(doc, "name", "system.skill");
    expect(key?.attribs.value).toBe("spear");
    expect("hidden" in (key!.parent as { attribs: Record<string, string> }).attribs).toBe(false);
  });

  it("natural weapon: no item SP fields, no condition", () => {
    const claw = fixtureActor("troll").items.find((i) => i.id === "fxTrollWpClaw01")!;
    const { html } = renderItemSheet(claw);
    expect(byAttr(parse(html), "name", "system.itemSp.value")).toEqual([]);
    expect(byClass(parse(html), "fangs-badge")).toEqual([]);
  });

  it("skill: shows natural + bought = total for an owned skill", () => {
    const { html } = renderItemSheet(fixtureItem("skill"), {
      actorCharacteristics: owner.system.characteristics,
    });
    expect(text(byClass(parse(html), "fangs-skill-value"))).toBe("Natural 8 + bought 7 = 15");
  });

  it("maneuver: picks the maneuver from the list of maneuvers", () => {
    const { html } = renderItemSheet(fixtureItem("maneuver"));
    const options = byTag(byAttr(parse(html), "name", "system.maneuverId")[0]!, "option");
    expect(options).toHaveLength(13);
    expect(options.find((o) => "selected" in o.attribs)?.attribs.value).toBe("attack");
  });

  it("NC-TAC-2: an enchanted weapon's row shows its bonus apart from its dice", () => {
    const actor = structuredClone(fixtureActor("fighter"));
    const spear = actor.items.find((i) => i.id === "fxWeaponSpear01")!;
    if (spear.type === "weapon") Object.assign(spear.system, { damage: "1d8+2", damageBonus: 1 });
    const { html } = renderActorSheet(actor);
    const cell = byClass(row(html, "fxWeaponSpear01"), "fangs-damage")[0]!;
    expect(text(cell)).toBe("1d8+2 (+1 bonus)");
  });

  it("NC-DEF-9, NC-DMG-19: a shield's blank bash damage shows the one-handed club's formula", () => {
    const { html } = renderItemSheet(fixtureItem("shield"));
    const input = byAttr(parse(html), "name", "system.bashDamage")[0];
    expect(input?.attribs.placeholder).toBe("1d6");
    expect(html).toContain("Blank: 1d6, as a one-handed club.");
    expect(html).toContain("Also what a Critical shield parry deals back.");
    expect(html).toContain("Parry and bash");
  });

  it("NC-DMG-7: the SP hint says a weapon below half only parries, a shield still parries but cannot bash", () => {
    expect(renderItemSheet(fixtureItem("weapon")).html).toContain("below half it can only parry");
    const shield = renderItemSheet(fixtureItem("shield")).html;
    expect(shield).toContain("below half it still parries but cannot bash");
    expect(shield).not.toContain("can only parry");
  });

  it("shield and armor: their own fields", () => {
    expect(inputValue(renderItemSheet(fixtureItem("shield")).html, "system.itemSp.value")).toBe("3");
    expect(inputValue(renderItemSheet(fixtureItem("armor")).html, "system.armorProtection")).toBe("3");
  });
});

describe("the stand-in helpers", () => {
  it("localize formats named placeholders and falls back to the key", () => {
    expect(t["FANGS.Sheet.EditItem"]).toContain("{name}");
    const r = createTemplateRenderer({ "A.B": "Hello {who}, {missing}" });
    expect(r.i18n.format("A.B", { who: "<you>" })).toBe("Hello <you>, {missing}");
    expect(r.i18n.localize("A.C")).toBe("A.C");
    expect([...r.i18n.missing]).toEqual(["A.C"]);
  });
});

describe("Effects tab", () => {
  const actor = {
    ...fixtureActor("fighter"),
    effects: [
      { id: "e1", name: "Blessed", disabled: false, temporary: true, duration: "3 Rounds", item: null },
      {
        id: "e2",
        name: "Ring of warding",
        disabled: false,
        temporary: false,
        item: { id: "i9", name: "Ring" },
      },
      { id: "e3", name: "Old curse", disabled: true, temporary: false, item: null },
    ],
    statuses: [
      { id: "prone", name: "Prone", img: "systems/fangs/assets/icons/status/prone.svg", active: true },
      { id: "blind", name: "Blind", active: false },
    ],
  };
  const { html, missingKeys } = renderActorSheet(actor, { activeTab: "effects" });
  const section = (id: string) => byAttr(parse(html), "data-section", `effects-${id}`)[0]!;

  it("renders every key it uses, and is a tab of its own", () => {
    expect(missingKeys).toEqual([]);
    const tab = byAttr(parse(html), "data-tab", "effects").find((el) => el.name === "section");
    expect(tab?.attribs.class).toContain("active");
  });

  it("sorts the effects as temporary, passive and inactive, naming where each comes from", () => {
    const names = (id: string) =>
      byTag(section(id), "tbody")
        .flatMap((b) => byTag(b, "th"))
        .map(text);
    expect(names("temporary")).toEqual(["Blessed"]);
    expect(names("passive")).toEqual(["Ring of warding"]);
    expect(names("inactive")).toEqual(["Old curse"]);
    const ring = byAttr(section("passive"), "data-effect-id", "e2")[0]!;
    expect(ring.attribs["data-parent-item-id"]).toBe("i9");
    expect(text(ring)).toContain("Ring");
    expect(text(byAttr(section("temporary"), "data-effect-id", "e1")[0]!)).toContain("3 Rounds");
  });

  it("offers create, edit, toggle and delete, each named", () => {
    const doc = parse(html);
    expect(byAttr(doc, "data-action", "effectCreate").map((b) => b.attribs["data-section"])).toEqual([
      "temporary",
      "passive",
      "inactive",
    ]);
    expect(byAttr(doc, "data-action", "effectEdit")).toHaveLength(3);
    expect(byAttr(doc, "data-action", "effectDelete")).toHaveLength(3);
    const toggles = byAttr(doc, "data-action", "effectToggle").map((b) => b.attribs["aria-label"]);
    expect(toggles).toEqual(["Turn Blessed off", "Turn Ring of warding off", "Turn Old curse on"]);
    expect(unlabelledControls(html)).toEqual([]);
    expect(badButtons(html)).toEqual([]);
  });

  it("shows the world's statuses, FANGS's and core's, pressed when the actor has one", () => {
    const buttons = byAttr(parse(html), "data-action", "statusToggle");
    expect(buttons.map((b) => [b.attribs["data-status-id"], b.attribs["aria-pressed"], text(b)])).toEqual([
      ["prone", "true", "Prone"],
      ["blind", "false", "Blind"],
    ]);
  });

  it("lets a viewer see the effects but change none", () => {
    const viewer = parse(renderActorSheet(actor, { editable: false, activeTab: "effects" }).html);
    expect(byAttr(viewer, "data-action", "effectEdit")).toHaveLength(3);
    for (const action of ["effectCreate", "effectDelete", "effectToggle"])
      expect(byAttr(viewer, "data-action", action)).toEqual([]);
    for (const b of byAttr(viewer, "data-action", "statusToggle")) expect("disabled" in b.attribs).toBe(true);
  });
});

describe("the edit/play lock", () => {
  const play = parse(renderActorSheet(fixtureActor("fighter"), { mode: "play" }).html);
  const edit = parse(renderActorSheet(fixtureActor("fighter"), { mode: "edit" }).html);
  const disabled = (doc: ReturnType<typeof parse>, name: string) =>
    "disabled" in (byAttr(doc, "name", name)[0]?.attribs ?? {});

  it("play mode locks the build (characteristics, name, bought) and hides add, edit and delete", () => {
    expect(disabled(play, "system.characteristics.st")).toBe(true);
    expect(disabled(play, "name")).toBe(true);
    expect(disabled(play, "system.dodgeSkill.bought")).toBe(true);
    for (const action of ["itemCreate", "itemDelete"])
      expect(byAttr(play, "data-action", action)).toEqual([]);
  });

  it("play mode keeps the rolls, the attacks, the pools, item SP and equipping", () => {
    expect(byAttr(play, "data-action", "rollSkill")).toHaveLength(5);
    expect(byAttr(play, "data-action", "rollCharacteristic")).toHaveLength(14);
    expect(byAttr(play, "data-action", "attack").length).toBeGreaterThan(0);
    expect(disabled(play, "system.hitPoints.value")).toBe(false);
    for (const input of byAttr(play, "data-item-field", "system.itemSp.value"))
      expect("disabled" in input.attribs).toBe(false);
    for (const input of byAttr(play, "data-item-field", "system.equipped"))
      expect("disabled" in input.attribs).toBe(false);
  });

  it("edit mode opens every input; the toggle says which mode is on", () => {
    expect(disabled(edit, "system.characteristics.st")).toBe(false);
    expect(byAttr(edit, "data-action", "itemCreate").length).toBeGreaterThan(0);
    const [toPlay] = byAttr(edit, "data-action", "toggleMode");
    const [toEdit] = byAttr(play, "data-action", "toggleMode");
    expect([toPlay?.attribs["aria-pressed"], toEdit?.attribs["aria-pressed"]]).toEqual(["true", "false"]);
  });

  it("a viewer has no lock to toggle, and a locked sheet is not an owner's", () => {
    const viewer = parse(renderActorSheet(fixtureActor("fighter"), { editable: false }).html);
    expect(byAttr(viewer, "data-action", "toggleMode")).toEqual([]);
    expect(disabled(viewer, "system.hitPoints.value")).toBe(true);
  });
});

describe("checks draggable to the hotbar", () => {
  it("every characteristic, Idea, Luck and Dodge button says what it rolls, for the drag", () => {
    const doc = parse(renderActorSheet(fixtureActor("fighter")).html);
    const buttons = [
      ...byAttr(doc, "data-action", "rollCharacteristic"),
      ...byAttr(doc, "data-action", "rollAttribute"),
    ];
    expect(buttons.map((b) => b.attribs["data-attribute"]).filter(Boolean)).toEqual([
      "idea",
      "luck",
      "dodge",
    ]);
    for (const b of buttons) expect(b.attribs["data-roll-kind"]).toMatch(/^(characteristic|attribute)$/);
  });
});
