import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { timedStatusDefinition } from "../../rules/kernel/timed-status";
import { LUNOS_DEFAULTS } from "../../rules/lunos/config";
import { LUNOS_HEALTH_RULES } from "../../rules/lunos/health-rules";
import { attackPool, defensePool, startFight } from "../../rules/lunos/round-engine";
import { lunosActorData } from "./apps/sheets/sheet-data";
import { lunosStatuses } from "./config/lunos-config";
import {
  applyLunosRules,
  applyWorldLunosRules,
  readWorldLunosRules,
  setLunosRules,
} from "./config/rules-apply";
import { lunosHealthRules, useLunosHealthRules } from "./config/settings";
import { lunosFighterOf } from "./data/fighter";
import { lunosArmor, lunosFighter, lunosManeuver, lunosWeapon } from "./data/views";

/**
 * Lunos's documents on the Foundry stand-in: each type made through
 * Foundry's create path, its derived values worked out by the rules core,
 * a refused field leaving the document as it was with a notice naming it,
 * and the world's rules options checked before they are stored.
 */

type Obj = Record<string, unknown>;
type AnyDocument = {
  id: string;
  name: string;
  type: string;
  system: unknown;
  items: { contents: AnyDocument[]; find(f: (i: AnyDocument) => boolean): AnyDocument | undefined };
  toObject(): Obj & { system: Obj };
  update(data: Obj): Promise<unknown>;
  reset(): void;
  prototypeToken?: { bar1?: { attribute?: string | null } };
};

beforeEach(() => {
  resetWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  useLunosHealthRules(LUNOS_HEALTH_RULES);
});

const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);

const SWORD = {
  name: "Longsword",
  type: "lunosWeapon",
  system: { size: "medium", skill: "weapon", damageType: "wounding", quality: 0 },
};
const MAIL = { name: "Mail", type: "lunosArmor", system: { rating: 2, kind: "rigid" } };

const KELL = {
  abilities: { agility: 4, body: 3, reflexes: 3, willpower: 3 },
  skills: { combat: 3, thrown: 1, brawl: 2, martialArts: 1, weapon: 4, athletics: 2 },
};

async function fighter(type = "lunosCharacter", system: Obj = KELL, items: Obj[] = []): Promise<AnyDocument> {
  const cls = CONFIG.Actor.documentClass as unknown as {
    create(data: Obj): Promise<AnyDocument | undefined>;
  };
  const actor = await cls.create({ name: "Kell", type, system, items });
  if (!actor) throw new Error("the fighter was not created");
  return actor;
}

const sys = (actor: AnyDocument) => {
  const system = lunosFighter(actor as never);
  if (!system) throw new Error("not a Lunos fighter");
  return system;
};
const item = (actor: AnyDocument, name: string) => {
  const found = actor.items.find((i) => i.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe("Lunos's documents", () => {
  it("makes a character and a creature, each read through the typed view, a FANGS actor not", async () => {
    const kell = await fighter();
    const wolf = await fighter("lunosCreature", { abilities: { agility: 4, body: 2 } });
    expect(kell.type).toBe("lunosCharacter");
    expect(sys(kell).abilities).toEqual({ agility: 4, body: 3, reflexes: 3, willpower: 3 });
    expect(sys(kell).skills).toMatchObject({ weapon: 4, archery: 0, projectile: 0 });
    expect(sys(wolf).abilities).toEqual({ agility: 4, body: 2, reflexes: 2, willpower: 2 });
    const cls = CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<AnyDocument> };
    const gru = await cls.create({ name: "Gru", type: "character" });
    expect(lunosFighter(gru as never)).toBeNull();
  });

  it("makes a weapon and an armor, with the defaults of their types; a maneuver entry on its own", async () => {
    const kell = await fighter("lunosCharacter", KELL, [SWORD, MAIL, { name: "Club", type: "lunosWeapon" }]);
    expect(lunosWeapon(item(kell, "Club") as never)).toMatchObject({
      size: "medium",
      skill: "weapon",
      damageType: "wounding",
      quality: 0,
      equipped: true,
    });
    expect(lunosArmor(item(kell, "Mail") as never)).toMatchObject({
      rating: 2,
      kind: "rigid",
      magical: false,
      partial: false,
    });
    expect(lunosWeapon(item(kell, "Mail") as never)).toBeNull();
    const cls = CONFIG.Item.documentClass as unknown as { create(data: Obj): Promise<AnyDocument> };
    const trip = await cls.create({ name: "Trip", type: "lunosManeuver", system: { maneuver: "trip" } });
    expect(lunosManeuver(trip as never)?.maneuver).toBe("trip");
  });

  it("a maneuver entry given to a fighter is not kept on it, and the user is told why", async () => {
    const kell = await fighter();
    const cls = CONFIG.Item.documentClass as unknown as {
      create(data: Obj, options: Obj): Promise<AnyDocument | undefined>;
    };
    await cls.create({ name: "Trip", type: "lunosManeuver", system: { maneuver: "trip" } }, { parent: kell });
    expect(kell.items.contents).toEqual([]);
    expect(standIn.ui.notifications.shown.map((n) => n.message)).toContain(
      "Kell can already buy Trip with any attack; the entry stays in the compendium.",
    );
    expect(errors()).toEqual([]);
  });

  it("LUN-HLT-1, LUN-HLT-2: derives the track, the wound penalty and the levels left from the tallies", async () => {
    const kell = await fighter();
    expect(sys(kell).track.map((b) => b.penalty)).toEqual([1, 2, 3, 3, 4, 4, 5, 5]);
    expect(sys(kell)).toMatchObject({ woundPenalty: 0, levels: { value: 8, max: 8 }, overcome: false });
    await kell.update({ "system.health.wounding.value": 2, "system.health.trauma.value": 1 });
    expect(
      sys(kell)
        .track.slice(0, 4)
        .map((b) => b.kind),
    ).toEqual(["trauma", "wounding", "wounding", null]);
    expect(sys(kell)).toMatchObject({ woundPenalty: 3, levels: { value: 5, max: 8 }, overcome: false });
  });

  it("LUN-HLT-2: out once the wound penalty passes Willpower; LUN-HLT-4: every level used", async () => {
    const kell = await fighter();
    await kell.update({ "system.health.bruising.value": 5 });
    expect(sys(kell)).toMatchObject({ woundPenalty: 4, overcome: true, allLevelsUsed: false });
    await kell.update({ "system.abilities.willpower": 4 });
    expect(sys(kell).overcome).toBe(false);
    await kell.update({ "system.health.bruising.value": 8 });
    expect(sys(kell)).toMatchObject({ allLevelsUsed: true, levels: { value: 0, max: 8 } });
  });

  it("reads as the core's fighter with its weapon in hand and armor worn, and the engine's pools from it", async () => {
    const kell = await fighter("lunosCharacter", KELL, [
      { ...SWORD, name: "Spare", system: { ...SWORD.system, size: "large" } },
      SWORD,
      MAIL,
    ]);
    await item(kell, "Spare").update({ "system.equipped": false });
    const sheet = lunosFighterOf(lunosActorData(kell as never)!);
    expect(sheet.weapon).toMatchObject({ name: "Longsword", size: "medium", skill: "weapon" });
    expect(sheet.armor).toEqual({ name: "Mail", rating: 2, kind: "rigid", magical: false, partial: false });
    const f = startFight([sheet.id, "x"]).fighters[0]!;
    // Agility 4 + Weapon 4, less the mail's 3 dice (heavy +2 and rigid).
    expect(attackPool(f, sheet, { targets: ["x"], kind: "attack" }, true, 0, LUNOS_DEFAULTS).dice).toBe(5);
    expect(defensePool(f, sheet, "defense", 1, LUNOS_DEFAULTS).dice).toBe(4);
  });
});

describe("a dot clicked on the sheet", () => {
  it("sends the radio's value as text: stored as the number, the derived figures following", async () => {
    const kell = await fighter();
    await kell.update({ "system.abilities.body": "5", "system.skills.brawl": "0" });
    expect(sys(kell).abilities.body).toBe(5);
    expect(sys(kell).skills.brawl).toBe(0);
    expect(sys(kell).levels).toEqual({ value: 10, max: 10 });
    expect(errors()).toEqual([]);
  });
});

describe("a refused Lunos edit leaves the document as it was, and says why", () => {
  it.each([
    ["system.abilities.agility", 6, "Agility must be a whole number from 0 to 5"],
    ["system.abilities.body", -1, "Body must be a whole number from 0 to 5"],
    ["system.skills.martialArts", 2.5, "Martial Arts must be a whole number from 0 to 5"],
    ["system.health.trauma.value", -1, "Trauma must be a whole number from 0 to 11"],
  ])("the fighter's %s refused as %s", async (path, value, message) => {
    const kell = await fighter();
    const before = kell.toObject();
    await kell.update({ [path]: value });
    expect(kell.toObject()).toEqual(before);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain(`Kell: ${message}`);
  });

  it.each([
    ["system.quality", 6, "Bonus rating must be a whole number from 0 to 5"],
    ["system.size", "huge", "Size must be one of: Tiny, Small, Medium, Large, Polearm"],
    ["system.damageType", "trauma", "Kind of damage must be one of: Bruising, Wounding"],
    ["system.skill", "martialArts", "Attacks with must be one of"],
  ])("the weapon's %s refused as %s", async (path, value, message) => {
    const kell = await fighter("lunosCharacter", KELL, [SWORD]);
    const sword = item(kell, "Longsword");
    const before = sword.toObject();
    await sword.update({ [path]: value });
    expect(sword.toObject()).toEqual(before);
    expect(errors()[0]).toContain(`Longsword: ${message}`);
  });

  it("an armor rating above +3 is refused", async () => {
    const kell = await fighter("lunosCharacter", KELL, [MAIL]);
    const mail = item(kell, "Mail");
    await mail.update({ "system.rating": 4 });
    expect(mail.toObject().system).toMatchObject({ rating: 2 });
    expect(errors()[0]).toContain("Mail: Rating must be a whole number from 0 to 3");
  });
});

describe("the world's Lunos rules", () => {
  it("stores options the core accepts and the fighters follow them", async () => {
    const kell = await fighter();
    await kell.update({ "system.health.bruising.value": 5 });
    expect(sys(kell).woundPenalty).toBe(4);
    expect(await setLunosRules({ extraLevels: "allAtLargest" })).toBe(true);
    applyWorldLunosRules();
    expect(lunosHealthRules().extraLevels).toBe("allAtLargest");
    kell.reset();
    expect(sys(kell).woundPenalty).toBe(5);
  });

  it("refuses options the core refuses, naming why, and stores nothing", async () => {
    expect(await setLunosRules({ largestPenalty: 0 })).toBe(false);
    expect(errors()).toEqual([
      expect.stringMatching(/^The Lunos rules options were not saved: .*largestPenalty/),
    ]);
    expect(standIn.game.settings.storage.has("fangs.lunosRules")).toBe(false);
    expect(await setLunosRules({ extraLevels: "sideways" } as never)).toBe(false);
  });

  it("plays the defaults, with a console warning, over a stored value the core refuses", () => {
    standIn.game.settings.storage.set("fangs.lunosRules", { options: { fifthDot: "twice" } });
    applyWorldLunosRules();
    expect(lunosHealthRules()).toBe(LUNOS_DEFAULTS);
    expect(readWorldLunosRules()).toBe(LUNOS_DEFAULTS);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringMatching(/Lunos rules are refused[\s\S]*fifthDot/),
    );
  });

  it("LUN-HLT-4, LUN-RND-1: registers the dying clock from the world's minutes, and a round's seconds", () => {
    const clock: { roundTime?: number } = {};
    applyLunosRules({ ...LUNOS_DEFAULTS, dyingMinutes: 2, secondsPerRound: 10 }, clock);
    expect(timedStatusDefinition("lunos.dying")?.duration).toEqual({ dice: "12", unit: "rounds" });
    expect(clock.roundTime).toBe(10);
    applyLunosRules(LUNOS_DEFAULTS);
    expect(timedStatusDefinition("lunos.dying")?.duration).toEqual({ dice: "50", unit: "rounds" });
  });
});

describe("Lunos's statuses and token bars", () => {
  it("every status has its own drawing under assets/icons/lunos, the clocks' among them", () => {
    const ids = lunosStatuses().map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining(["unconscious", "dead", "dying", "choking", "prone", "pinned"]),
    );
    for (const status of lunosStatuses())
      expect(status.img).toBe(`systems/fangs/assets/icons/lunos/${status.id}.svg`);
    applyLunosRules(LUNOS_DEFAULTS);
    for (const id of ["lunos.dying", "lunos.choking", "lunos.choked"])
      expect(ids).toContain(timedStatusDefinition(id)?.status);
  });

  it("a new Lunos fighter's token shows its levels left as its first bar, the tallies as values", async () => {
    const kell = await fighter();
    expect(kell.prototypeToken?.bar1?.attribute).toBe("levels");
    const trackable = CONFIG.Actor.trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    expect(trackable.lunosCharacter?.bar).toEqual(["levels"]);
    expect(trackable.lunosCreature?.value).toEqual([
      "health.trauma.value",
      "health.wounding.value",
      "health.bruising.value",
    ]);
  });
});
