import { FIXTURE_SOURCES, fixtureActor, fixtureItem } from "../../../../../test/handlebars/fixtures";
import { prepareActor } from "../../../../../test/handlebars/fixtures/prepare";
import { damageModifierFormula } from "../../../../rules/fangs/character";
import { actorSheetContext, formatDamageModifier, gmSkills, itemSheetContext } from "./context";
import type { ActorData } from "./context-types";

const stored = (name: keyof typeof FIXTURE_SOURCES): ActorData => structuredClone(FIXTURE_SOURCES[name]);

describe("actorSheetContext", () => {
  it("lists the seven characteristics in order, each with its ×1 and ×2 check targets", () => {
    const ctx = actorSheetContext(fixtureActor("fighter"), { editable: true });
    expect(ctx.characteristics.map((c) => c.id)).toEqual(["st", "ag", "co", "in", "pw", "sz", "ap"]);
    expect(ctx.characteristics[0]).toMatchObject({
      value: 14,
      field: "system.characteristics.st",
      name: "FANGS.Actor.Characteristic.St.Name",
      checks: [
        { multiplier: 1, target: 14 },
        { multiplier: 2, target: 28 },
      ],
    });
  });

  it("RHF-AIM-1 (FANGS module): a shot weapon's row offers a round of aiming only with the aiming module on", () => {
    const actor = fixtureActor("fighter");
    const first = actor.items.find((i) => i.type === "weapon")!;
    const items = actor.items.map((i) =>
      i === first ? { ...i, system: { ...i.system, kind: "missile" } } : i,
    );
    const withShot = { ...actor, items } as typeof actor;
    const on = actorSheetContext(withShot, { editable: true, rules: { aimingModule: true } });
    expect(on.weapons.find((w) => w.id === first.id)?.attack?.aim).toBe(true);
    expect(on.weapons.filter((w) => w.id !== first.id).some((w) => w.attack?.aim)).toBe(false);
    const off = actorSheetContext(withShot, { editable: true });
    expect(off.weapons.every((w) => w.attack === null || !("aim" in w.attack))).toBe(true);
    const readOnly = actorSheetContext(withShot, { editable: false, rules: { aimingModule: true } });
    expect(readOnly.weapons.find((w) => w.id === first.id)?.attack).toBeNull();
  });

  it("fills the pools from value and derived max, clamping the bar to 0–100%", () => {
    const actor = fixtureActor("fighter");
    actor.system.hitPoints.value = -3;
    actor.system.stunPoints.value = 40;
    const ctx = actorSheetContext(actor, { editable: true });
    const [stun, hp] = ctx.pools;
    expect(stun).toMatchObject({ value: 40, max: 26, percent: 100, depleted: false, meterMin: 0 });
    expect(hp).toMatchObject({ value: -3, max: 12, percent: 0, depleted: true, meterMin: -3 });
  });

  it("reads derived values from the prepared data, and asks the rules core when they are missing", () => {
    const prepared = actorSheetContext(fixtureActor("fighter"), { editable: true });
    const raw = actorSheetContext(stored("fighter"), { editable: true });
    expect(raw.attributes).toEqual(prepared.attributes);
    expect(raw.pools.map((p) => p.max)).toEqual([26, 12]);
    expect(raw.skills).toEqual(prepared.skills);
    expect(raw.weapons.map((w) => w.condition?.id)).toEqual(["sound", "shattered", "nicked"]);
    expect(raw.armorProtection).toBe(3);
    expect(raw.creature).toBeNull();
  });

  it("uses the data model's values over its own when both exist", () => {
    const actor = fixtureActor("fighter");
    actor.system.attributes = { ...actor.system.attributes, movement: 99 };
    const skill = actor.items.find((i) => i.type === "skill")!;
    if (skill.type === "skill") skill.system.total = 42;
    const ctx = actorSheetContext(actor, { editable: true });
    expect(ctx.attributes.find((a) => a.id === "movement")?.display).toBe("99");
    expect(ctx.skills.combat.find((s) => s.id === skill.id)?.total).toBe(42);
  });

  it("shows the DM as dice text from the rules, or a dash for none", () => {
    expect(formatDamageModifier("1d4+1")).toBe("+1d4+1");
    expect(formatDamageModifier("0")).toBe("—");
    const troll = actorSheetContext(fixtureActor("troll"), { editable: true });
    expect(troll.attributes[0]?.display).toBe(`+${damageModifierFormula(troll.attributes[0]!.value!)}`);
  });

  it("marks a skill whose formula the rules refuse, without failing the sheet", () => {
    const actor = stored("fighter");
    const climb = actor.items.find((i) => i.id === "fxSkillClimb001")!;
    if (climb.type === "skill") climb.system.naturalAbility = "(ST+";
    const ctx = actorSheetContext(actor, { editable: true });
    const row = ctx.skills.general.find((s) => s.id === "fxSkillClimb001");
    expect(row).toMatchObject({ natural: null, total: null, error: "FANGS.Sheet.Error.BadFormula" });
  });

  it("reports characteristics the rules refuse instead of showing NaN", () => {
    const actor = stored("fighter");
    (actor.system.characteristics as Record<string, number>).st = 1.5;
    const ctx = actorSheetContext(actor, { editable: true });
    expect(ctx.attributesError).toBe("FANGS.Sheet.Error.BadCharacteristics");
    expect(ctx.attributes.every((a) => a.display === "—" || a.id === "armorProtection")).toBe(true);
    expect(ctx.pools.map((p) => p.maxDisplay)).toEqual(["—", "—"]);
    expect(ctx.dodge.total).toBeNull();
  });

  it("links weapons and shields to the skill with their key", () => {
    const ctx = actorSheetContext(fixtureActor("fighter"), { editable: true });
    expect(ctx.weapons.map((w) => [w.name, w.skillName, w.skillTotal])).toEqual([
      ["Broadsword", "Broadsword", 15],
      ["Broken spear", null, null],
      ["Dagger", "Knife", 8],
    ]);
    expect(ctx.shields[0]).toMatchObject({ skillName: "Shield Parry", skillTotal: 11 });
  });

  it("NC-DEF-9: a shield row has an Attack button (its bash) and shows the bash damage, the rules' club unless the shield has its own", () => {
    const actor = stored("fighter");
    const row = actorSheetContext(actor, { editable: true }).shields[0]!;
    // Under half its SP the fixture's shield only parries, as a weapon would (NC-DMG-7).
    expect(row.attack).toMatchObject({
      allowed: row.condition?.id !== "unusableForAttack",
      reasonId: expect.stringContaining("-shield-"),
    });
    expect(row.bashDamage).toBe("1d6");
    expect(actorSheetContext(actor, { editable: false }).shields[0]!.attack).toBeNull();
    expect(
      actorSheetContext(actor, { editable: true, rules: { clubDamage: { 1: "1d4", 2: "1d8" } } }).shields[0]!
        .bashDamage,
    ).toBe("1d4");
    const shieldItem = actor.items.find((i) => i.type === "shield")!;
    if (shieldItem.type === "shield") shieldItem.system.bashDamage = "1d8";
    expect(actorSheetContext(actor, { editable: true }).shields[0]!.bashDamage).toBe("1d8");
  });

  it("names the skill an attack will use when two share a key: the first one the actor holds", () => {
    const actor = stored("fighter");
    const broadsword = actor.items.find((i) => i.type === "skill" && i.system.key === "broadsword")!;
    const twin = { ...structuredClone(broadsword), id: "fxSkillTwin00001", name: "Arming Sword" };
    if (twin.type === "skill") twin.system.bought = 0;
    const prepared = prepareActor({ ...actor, items: [twin, ...actor.items] });
    // That the attack uses this one too is proven on a prepared actor (./skill-choice.test.ts).
    const ctx = actorSheetContext(prepared, { editable: true });
    const twinTotal = prepared.items.find((i) => i.name === "Arming Sword" && i.type === "skill")!;
    expect(ctx.weapons.find((w) => w.name === "Broadsword")).toMatchObject({
      skillName: "Arming Sword",
      skillTotal: twinTotal.type === "skill" ? twinTotal.system.total : null,
    });
    const picker = itemSheetContext(
      prepared.items.find((i) => i.name === "Broadsword" && i.type === "weapon")!,
      {
        editable: true,
        actorSkills: prepared.items.flatMap((i) =>
          i.type === "skill" ? [{ key: i.system.key, name: i.name }] : [],
        ),
      },
    );
    expect(picker.choices.skills?.broadsword).toBe("Arming Sword");
  });

  it("shows no condition for an item SP the rules refuse", () => {
    const actor = stored("fighter");
    const dagger = actor.items.find((i) => i.id === "fxWeaponDagger1")!;
    if (dagger.type === "weapon") dagger.system.itemSp = { value: 9, max: 6 };
    const ctx = actorSheetContext(actor, { editable: true });
    expect(ctx.weapons.find((w) => w.id === "fxWeaponDagger1")?.condition).toBeNull();
  });

  it("splits natural weapons out; a creature always has the section", () => {
    const troll = actorSheetContext(fixtureActor("troll"), { editable: true });
    expect(troll.naturalWeapons.map((w) => w.name)).toEqual(["Bite", "Claw"]);
    expect(troll.naturalWeapons.every((w) => w.itemSp === null && w.condition === null)).toBe(true);
    expect(troll.weapons.map((w) => w.name)).toEqual(["Tree-trunk club"]);
    expect(troll.showNaturalWeapons).toBe(true);
    const fighter = actorSheetContext(fixtureActor("fighter"), { editable: true });
    expect(fighter.showNaturalWeapons).toBe(false);
  });

  it("fills the creature block, computing the monster parry when it is not derived", () => {
    const ctx = actorSheetContext(stored("troll"), { editable: true });
    expect(ctx.creature).toMatchObject({
      humanoid: true,
      intelligent: true,
      extraLimbs: 0,
      monsterParry: { formula: "(ST+AG)/5", natural: 7, bought: 2, total: 9, error: null },
    });
    const noFormula = stored("troll");
    noFormula.system.monsterParry = { bought: 2, formula: "" };
    expect(actorSheetContext(noFormula, { editable: true }).creature?.monsterParry.error).toBe(
      "FANGS.Sheet.Error.NoParryFormula",
    );
  });

  it("builds element ids from the prefix so two open sheets never share one", () => {
    const a = actorSheetContext(fixtureActor("fighter"), { editable: true, idPrefix: "sheetA" });
    const b = actorSheetContext(fixtureActor("fighter"), { editable: true, idPrefix: "sheetB" });
    expect(a.characteristics[0]?.inputId).toBe("sheetA-char-st");
    expect(b.characteristics[0]?.inputId).toBe("sheetB-char-st");
    expect(a.skills.combat[0]?.boughtInputId.startsWith("sheetA-")).toBe(true);
  });

  it("opens the asked tab, or the first one for an unknown id", () => {
    const ids = (tab?: string) =>
      actorSheetContext(fixtureActor("fighter"), { editable: true, activeTab: tab }).tabList.filter(
        (t) => t.active,
      );
    expect(ids("skills").map((t) => t.id)).toEqual(["skills"]);
    expect(ids("nope").map((t) => t.id)).toEqual(["main"]);
    expect(ids().map((t) => t.cssClass)).toEqual(["active"]);
  });

  it("offers an Attack button on every weapon the rules let attack, and says why not otherwise", () => {
    const actor = fixtureActor("fighter");
    const dagger = actor.items.find((i) => i.id === "fxWeaponDagger1")!;
    // 2 of 6: under half its SP (NC-DMG-18 wear), a weapon can only parry.
    if (dagger.type === "weapon") dagger.system.itemSp = { value: 2, max: 6 };
    const ctx = actorSheetContext(prepareActor(actor), { editable: true, idPrefix: "s" });
    expect(ctx.weapons.map((w) => [w.name, w.attack?.allowed, w.attack?.reason])).toEqual([
      ["Broadsword", true, null],
      ["Broken spear", false, "FANGS.Rules.Attack.Refusal.WeaponShattered"],
      ["Dagger", false, "FANGS.Rules.Attack.Refusal.WeaponUnderHalf"],
    ]);
    expect(ctx.weapons[2]?.attack?.reasonId).toBe("s-weapon-fxWeaponDagger1-attack-reason");
    const troll = actorSheetContext(fixtureActor("troll"), { editable: true });
    expect(troll.naturalWeapons.every((w) => w.attack?.allowed === true)).toBe(true);
    const readOnly = actorSheetContext(fixtureActor("fighter"), { editable: false });
    expect(readOnly.weapons.every((w) => w.attack === null)).toBe(true);
  });

  it("shows a weapon without dice of its own (a fist) as the wielder's DM, and a grapple as binding", () => {
    const actor = fixtureActor("troll");
    const claw = actor.items.find((i) => i.id === "fxTrollWpClaw01")!;
    const fist = { ...structuredClone(claw), id: "fist", name: "Fist" };
    const grapple = { ...structuredClone(claw), id: "grapple", name: "Grapple" };
    if (fist.type === "weapon") Object.assign(fist.system, { damage: "0", skill: "fist" });
    if (grapple.type === "weapon") Object.assign(grapple.system, { damage: "0", skill: "grapple" });
    const ctx = actorSheetContext({ ...actor, items: [...actor.items, fist, grapple] }, { editable: true });
    const row = (id: string) => ctx.naturalWeapons.find((w) => w.id === id);
    const dm = ctx.attributes[0]!.value!;
    expect(row("fist")?.damageNote).toEqual({
      label: "FANGS.Sheet.Damage.DmOnly",
      hint: "FANGS.Sheet.Damage.DmHint",
      dm: `+${damageModifierFormula(dm)}`,
    });
    expect(row("grapple")?.damageNote?.label).toBe("FANGS.Sheet.Damage.Grapple");
    expect(row("fxTrollWpClaw01")?.damageNote).toBeNull();
    // No DM at all: the fist still says what it deals.
    const weakling = structuredClone(actor);
    weakling.system.attributes = { ...weakling.system.attributes, damageModifierDice: "0" };
    const weak = actorSheetContext({ ...weakling, items: [fist] }, { editable: true });
    expect(weak.naturalWeapons[0]?.damageNote).toMatchObject({ label: "FANGS.Sheet.Damage.DmNone", dm: "" });
  });

  it("NC-DEF-8: gives the monster parry only to an unintelligent, non-humanoid creature", () => {
    const flags = (humanoid: boolean, intelligent: boolean) => {
      const troll = fixtureActor("troll");
      Object.assign(troll.system, { humanoid, intelligent });
      const c = actorSheetContext(troll, { editable: true }).creature!;
      return [c.hasMonsterParry, c.monsterParryHint];
    };
    expect(flags(false, false)).toEqual([true, null]);
    expect(flags(true, false)).toEqual([false, "FANGS.Sheet.MonsterParry.NotThisCreature"]);
    expect(flags(false, true)).toEqual([false, "FANGS.Sheet.MonsterParry.NotThisCreature"]);
    expect(flags(true, true)).toEqual([false, "FANGS.Sheet.MonsterParry.NotThisCreature"]);
  });

  it("shows the combat panel only with combat facts: declared maneuver, its movement, the choices", () => {
    const actor = fixtureActor("fighter");
    expect(actorSheetContext(actor, { editable: true }).combat).toBeNull();
    expect(actorSheetContext(actor, { editable: true, combat: null }).combat).toBeNull();
    const ctx = actorSheetContext(actor, {
      editable: true,
      idPrefix: "s",
      combat: {
        round: 2,
        maneuver: "move",
        movement: { fraction: "half", paces: 8 },
        declareRefusal: null,
      },
    });
    expect(ctx.combat).toMatchObject({
      round: 2,
      maneuver: { id: "move", label: "FANGS.Maneuver.Move.Name" },
      movement: { label: "FANGS.Combat.Move.Half", paces: 8 },
      canDeclare: true,
      refusal: null,
      ids: { select: "s-declare-maneuver" },
    });
    expect(ctx.combat?.maneuver?.icon).toMatch(/maneuver\/move\.svg$/);
    expect(ctx.combat?.choices).toHaveLength(13);
    expect(ctx.combat?.choices.filter((c) => c.selected).map((c) => c.value)).toEqual(["move"]);
  });

  it("closes the maneuver choice with the tracker's reason, or for a viewer who cannot edit", () => {
    const actor = fixtureActor("fighter");
    const facts = { round: 1, maneuver: null, movement: null, declareRefusal: null };
    const undeclared = actorSheetContext(actor, { editable: true, combat: facts }).combat!;
    expect(undeclared).toMatchObject({ maneuver: null, movement: null, canDeclare: true });
    expect(undeclared.choices.some((c) => c.selected)).toBe(false);
    const closed = actorSheetContext(actor, {
      editable: true,
      combat: { ...facts, declareRefusal: "FANGS.Combat.Refusal.DeclareClosed" },
    }).combat!;
    expect(closed).toMatchObject({ canDeclare: false, refusal: "FANGS.Combat.Refusal.DeclareClosed" });
    const viewer = actorSheetContext(actor, { editable: false, combat: facts }).combat!;
    expect(viewer).toMatchObject({ canDeclare: false, refusal: "FANGS.Combat.Refusal.NotOwner" });
  });

  it("disables inputs of a read-only sheet", () => {
    expect(actorSheetContext(fixtureActor("fighter"), { editable: false }).disabledAttr).toBe("disabled");
    expect(actorSheetContext(fixtureActor("fighter"), { editable: true }).disabledAttr).toBe("");
  });
});

describe("itemSheetContext", () => {
  it("RHF-REC-1 (FANGS module): a weapon's sheet shows its Recoil and tripod only with the recoil module on", () => {
    const weapon = fixtureItem("weapon");
    expect(itemSheetContext(weapon, { editable: true, rules: { recoilModule: true } }).recoilFields).toBe(
      true,
    );
    expect("recoilFields" in itemSheetContext(weapon, { editable: true })).toBe(false);
    expect(
      "recoilFields" in itemSheetContext(weapon, { editable: true, rules: { aimingModule: true } }),
    ).toBe(false);
  });

  it("gives every field an id and the weapon its condition", () => {
    const ctx = itemSheetContext(fixtureItem("weapon"), { editable: true, idPrefix: "w" });
    expect(ctx.ids.itemSp_value).toBe("w-itemSp-value");
    expect(ctx.ids.damage).toBe("w-damage");
    expect(ctx.ids.damageBonus).toBe("w-damageBonus");
    expect(ctx.condition?.id).toBe("sound");
    expect(ctx.typeLabel).toBe("FANGS.Item.Type.Weapon");
  });

  it("NC-TAC-2: the weapon row shows an enchantment apart from the dice it is added to", () => {
    const actor = fixtureActor("fighter");
    const spear = structuredClone(actor.items.find((i) => i.id === "fxWeaponSpear01")!);
    if (spear.type === "weapon") Object.assign(spear.system, { damage: "1d8+1", damageBonus: 2 });
    const ctx = actorSheetContext({ ...actor, items: [spear] }, { editable: true });
    expect(ctx.weapons[0]).toMatchObject({ damage: "1d8+1", damageBonus: 2 });
  });

  it("keeps a skill key the owner lacks among the choices, so the picker does not erase it", () => {
    const spear = fixtureActor("fighter").items.find((i) => i.id === "fxWeaponSpear01")!;
    const ctx = itemSheetContext(spear, {
      editable: true,
      actorSkills: [{ key: "broadsword", name: "Broadsword" }],
    });
    expect(ctx.choices.skills).toEqual({ broadsword: "Broadsword", spear: "spear" });
    expect(itemSheetContext(spear, { editable: true }).choices.skills).toBeNull();
  });

  it("lists the GM's skills for a world weapon: the world's and the compendium's, one per key, by name", () => {
    const skills = gmSkills(
      [
        { key: "broadsword", name: "Arming Sword" },
        { key: "", name: "Half-made skill" },
      ],
      [
        { key: "shieldParry", name: "Shield Parry" },
        { key: "broadsword", name: "Broadsword" },
        { key: "axe", name: "Battle Axe" },
      ],
    );
    expect(skills).toEqual([
      { key: "broadsword", name: "Arming Sword" },
      { key: "axe", name: "Battle Axe" },
      { key: "shieldParry", name: "Shield Parry" },
    ]);
    const ctx = itemSheetContext(fixtureItem("weapon"), { editable: true, idPrefix: "w", gmSkills: skills });
    expect(ctx.choices.skills).toBeNull();
    expect(ctx.gmSkillPicker).toEqual({
      options: [
        { value: "broadsword", label: "Arming Sword", selected: true },
        { value: "axe", label: "Battle Axe", selected: false },
        { value: "shieldParry", label: "Shield Parry", selected: false },
      ],
      none: false,
      otherValue: "(other)",
      other: false,
      keyInputId: "w-skill-key",
    });
  });

  it("keeps a world weapon's key no skill has: Other… is chosen and the key field shows it", () => {
    const spear = fixtureActor("fighter").items.find((i) => i.id === "fxWeaponSpear01")!;
    const picker = itemSheetContext(spear, {
      editable: true,
      gmSkills: [{ key: "axe", name: "Battle Axe" }],
    }).gmSkillPicker;
    expect(picker).toMatchObject({ other: true, none: false });
    expect(picker?.options.some((o) => o.selected)).toBe(false);
  });

  it("a world shield with no skill selects none; the owner's skills win over the GM's; other items have no picker", () => {
    const shield = structuredClone(fixtureItem("shield"));
    if (shield.type === "shield") shield.system.skill = "";
    const skills = [{ key: "shieldParry", name: "Shield Parry" }];
    expect(itemSheetContext(shield, { editable: true, gmSkills: skills }).gmSkillPicker).toMatchObject({
      none: true,
      other: false,
    });
    const owned = itemSheetContext(shield, { editable: true, gmSkills: skills, actorSkills: skills });
    expect(owned.gmSkillPicker).toBeNull();
    expect(owned.choices.skills).toEqual({ shieldParry: "Shield Parry" });
    expect(
      itemSheetContext(fixtureItem("armor"), { editable: true, gmSkills: skills }).gmSkillPicker,
    ).toBeNull();
  });

  it("works out an owned skill's natural part and total from the owner's characteristics", () => {
    const skill = structuredClone(FIXTURE_SOURCES.fighter.items.find((i) => i.id === "fxSkillBroadswd")!);
    const characteristics = fixtureActor("fighter").system.characteristics;
    expect(itemSheetContext(skill, { editable: true }).skillValue).toBeNull();
    expect(
      itemSheetContext(skill, { editable: true, actorCharacteristics: characteristics }).skillValue,
    ).toEqual({
      natural: 8,
      total: 15,
      error: null,
    });
  });

  it("uses the enriched description when given and the stored one otherwise", () => {
    const item = fixtureItem("weapon");
    expect(itemSheetContext(item, { editable: true }).description.enriched).toContain("double-edged");
    expect(itemSheetContext(item, { editable: true, enrichedHtml: "<p>E</p>" }).description).toEqual({
      value: item.system.description,
      enriched: "<p>E</p>",
    });
  });

  it("gives a creature what its stat block shows; a character has no stat block", () => {
    const troll = {
      ...fixtureActor("troll"),
      statuses: [
        { id: "stunned", name: "Stunned", active: true },
        { id: "prone", name: "Prone", active: false },
      ],
      effects: [
        { id: "e1", name: "Stunned", disabled: false, temporary: true, item: null },
        { id: "e2", name: "Enraged", disabled: false, temporary: true, duration: "2 Rounds", item: null },
        { id: "e3", name: "Old scar", disabled: true, temporary: false, item: null },
      ],
    };
    const ctx = actorSheetContext(troll, { editable: true });
    const block = ctx.statBlock!;
    expect(block.weapons.map((w) => [w.name, w.natural])).toEqual([
      ["Bite", true],
      ["Claw", true],
      ["Tree-trunk club", false],
    ]);
    expect(block.skills.map((s) => s.name)).toEqual(["Bite", "Claw", "Club"]);
    expect(block.armorWorn).toEqual(["Thick hide"]);
    expect(block.movement).toBe(ctx.attributes.find((a) => a.id === "movement")?.display);
    expect(block.damageModifier).toBe(ctx.attributes.find((a) => a.id === "damageModifier")?.display);
    // A status is an effect too: it is listed once, as a status; a switched-off effect is not running.
    expect(block.statuses.map((s) => s.id)).toEqual(["stunned"]);
    expect(block.effects.map((e) => e.name)).toEqual(["Enraged"]);
    // The rest of the block is the full sheet's own context.
    expect(ctx.pools.map((p) => p.id)).toEqual(["stunPoints", "hitPoints"]);
    expect(ctx.characteristics).toHaveLength(7);
    expect(ctx.dodge.total).toEqual(expect.any(Number));
    expect(ctx.creature?.hasMonsterParry).toBe(false);
    expect(ctx.biography.value).toBe(troll.system.biography ?? "");
    expect(actorSheetContext(fixtureActor("fighter"), { editable: true }).statBlock).toBeNull();
  });

  it("names an unknown maneuver instead of failing", () => {
    const maneuver = fixtureItem("maneuver");
    // Stored by an older version or a module: an id the schema's type does not list.
    maneuver.system.maneuverId = "teleport" as typeof maneuver.system.maneuverId;
    const ctx = actorSheetContext({ ...fixtureActor("fighter"), items: [maneuver] }, { editable: true });
    expect(ctx.maneuvers[0]?.detail).toBe("FANGS.Item.Maneuver.Unknown");
  });
});
