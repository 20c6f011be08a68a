import "../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetWorld, standIn } from "../../../test/foundry/setup";
import { timedStatusDefinition } from "../../rules/kernel/timed-status";
import { SHARENE_DEFAULTS } from "../../rules/sharene/config";
import {
  applyShareneRules,
  applyWorldShareneRules,
  readWorldShareneRules,
  setShareneRules,
} from "./config/rules-apply";
import { shareneRules, useShareneRules } from "./config/settings";
import { shareneStatuses } from "./config/sharene-config";
import { shareneArmor, shareneFighter, shareneWeapon } from "./data/views";

/**
 * Sharene's documents on the Foundry stand-in: each type made through
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
  prototypeToken?: { bar1?: { attribute?: string | null } };
};

beforeEach(() => {
  resetWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  useShareneRules(SHARENE_DEFAULTS);
});

const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);

const SWORD = {
  name: "Sword",
  type: "shareneWeapon",
  system: {
    kind: "melee",
    attack: { level: 5, natural: 9 },
    parry: { level: 3, natural: 9 },
    damage: { slash: "1d8", thrust: "1d6", special: "" },
    mainBlow: "slash",
  },
};
const MAIL = {
  name: "Mail shirt",
  type: "shareneArmor",
  system: { protection: { torso: 3, rightArm: 2, leftArm: 2 } },
};
const HELM = { name: "Helm", type: "shareneArmor", system: { protection: { head: 2 }, equipped: false } };

async function fighter(type = "shareneCharacter", system: Obj = {}, items: Obj[] = []): Promise<AnyDocument> {
  const cls = CONFIG.Actor.documentClass as unknown as {
    create(data: Obj): Promise<AnyDocument | undefined>;
  };
  const actor = await cls.create({
    name: "Arden",
    type,
    system: {
      characteristics: { dex: 14, agi: 15, end: 12 },
      lifePoints: { value: 30, max: 30 },
      damageBonus: "1d4",
      dodge: { level: 4, natural: 9 },
      ...system,
    },
    items,
  });
  if (!actor) throw new Error("the fighter was not created");
  return actor;
}

const sys = (actor: AnyDocument) => {
  const system = shareneFighter(actor as never);
  if (!system) throw new Error("not a Sharene fighter");
  return system;
};
const item = (actor: AnyDocument, name: string) => {
  const found = actor.items.find((i) => i.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe("Sharene's documents", () => {
  it("makes a character and a creature, each read through the typed view, a FANGS actor not", async () => {
    const arden = await fighter();
    const wolf = await fighter("shareneCreature", { characteristics: { dex: 8, agi: 16, end: 13 } });
    expect(arden.type).toBe("shareneCharacter");
    expect(sys(arden).characteristics).toEqual({ dex: 14, agi: 15, end: 12 });
    expect(sys(wolf).characteristics.agi).toBe(16);
    const cls = CONFIG.Actor.documentClass as unknown as { create(data: Obj): Promise<AnyDocument> };
    const gru = await cls.create({ name: "Gru", type: "character" });
    expect(shareneFighter(gru as never)).toBeNull();
  });

  it("makes a weapon and armor on a fighter, with the defaults of their types", async () => {
    const arden = await fighter("shareneCharacter", {}, [
      SWORD,
      MAIL,
      { name: "Club", type: "shareneWeapon" },
    ]);
    expect(shareneWeapon(item(arden, "Sword") as never)?.damage).toEqual({
      slash: "1d8",
      thrust: "1d6",
      special: "",
    });
    expect(shareneArmor(item(arden, "Mail shirt") as never)?.protection).toMatchObject({ torso: 3, head: 0 });
    const club = shareneWeapon(item(arden, "Club") as never);
    expect(club).toMatchObject({ kind: "melee", mainBlow: "slash", parries: true, equipped: true });
    expect(shareneWeapon(item(arden, "Mail shirt") as never)).toBeNull();
  });

  it("SHA-RES-1: derives the dodge's and each weapon's totals as level + natural ability", async () => {
    const arden = await fighter("shareneCharacter", {}, [
      SWORD,
      { ...SWORD, name: "Knife", system: { ...SWORD.system, kind: "thrown", parries: false } },
    ]);
    expect(sys(arden).dodgeTotal).toBe(13);
    expect(shareneWeapon(item(arden, "Sword") as never)).toMatchObject({ attackTotal: 14, parryTotal: 12 });
    expect(shareneWeapon(item(arden, "Knife") as never)?.parryTotal).toBeNull();
    await arden.update({ "system.dodge.level": 6 });
    expect(sys(arden).dodgeTotal).toBe(15);
  });

  it("SHA-DMG-4: derives each limb's state from its damage tally and the full life points", async () => {
    const arden = await fighter();
    expect(Object.values(sys(arden).limbs).every((l) => l.state === null)).toBe(true);
    await arden.update({ "system.wounds.leftArm.value": 15, "system.wounds.rightLeg.value": 20 });
    expect(sys(arden).limbs).toMatchObject({
      leftArm: { damage: 15, state: "useless" },
      rightLeg: { damage: 20, state: "severed" },
      rightArm: { damage: 0, state: null },
    });
    // More life points: the same tally no longer reaches half.
    await arden.update({ "system.lifePoints.max": 40 });
    expect(sys(arden).limbs.leftArm?.state).toBeNull();
  });

  it("derives the armor worn per location from equipped armor only", async () => {
    const arden = await fighter("shareneCharacter", {}, [MAIL, HELM]);
    expect(sys(arden).armor).toEqual({ head: 0, rightArm: 2, leftArm: 2, torso: 3, rightLeg: 0, leftLeg: 0 });
    await item(arden, "Helm").update({ "system.equipped": true });
    expect(sys(arden).armor.head).toBe(2);
  });

  it("a weapon tells whether it deals its main blow, and which blows it has", async () => {
    const arden = await fighter("shareneCharacter", {}, [SWORD]);
    const sword = item(arden, "Sword");
    expect(shareneWeapon(sword as never)).toMatchObject({ blows: ["slash", "thrust"], dealsMainBlow: true });
    await sword.update({ "system.damage.slash": "" });
    expect(shareneWeapon(sword as never)).toMatchObject({ blows: ["thrust"], dealsMainBlow: false });
  });
});

describe("a refused Sharene edit leaves the document as it was, and says why", () => {
  it.each([
    ["system.characteristics.dex", -1, "Dexterity (DEX) must be a whole number from 0 to 100"],
    ["system.characteristics.end", 12.5, "Endurance (END) must be a whole number from 0 to 100"],
    ["system.lifePoints.max", 0, "Full life points must be a whole number from 1 to 1000"],
    ["system.damageBonus", "1d", "Damage bonus must be a dice formula"],
    ["system.dodge.level", 51, "Dodge level must be a whole number from -50 to 50"],
    ["system.wounds.leftArm.value", -2, "Left arm must be a whole number of at least 0"],
    ["system.weaponArm", "tail", "Weapon arm must be one of: Right arm, Left arm"],
  ])("the fighter's %s refused as %s", async (path, value, message) => {
    const arden = await fighter();
    const before = arden.toObject();
    await arden.update({ [path]: value });
    expect(arden.toObject()).toEqual(before);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toContain(`Arden: ${message}`);
  });

  it.each([
    ["system.damage.thrust", "d6+", "Thrust damage must be a dice formula"],
    ["system.mainBlow", "special", "Main blow must be one of: slash, thrust"],
    ["system.kind", "spell", "Kind of attack must be one of: Melee, Thrown, Missile"],
    ["system.attack.natural", "ten", "Attack natural ability must be a whole number from -50 to 50"],
  ])("the weapon's %s refused as %s", async (path, value, message) => {
    const arden = await fighter("shareneCharacter", {}, [SWORD]);
    const sword = item(arden, "Sword");
    const before = sword.toObject();
    await sword.update({ [path]: value });
    expect(sword.toObject()).toEqual(before);
    expect(errors()[0]).toContain(`Sword: ${message}`);
  });

  it("an armor's negative protection is refused, its other locations kept", async () => {
    const arden = await fighter("shareneCharacter", {}, [MAIL]);
    const mail = item(arden, "Mail shirt");
    await mail.update({ "system.protection.torso": -1 });
    expect(mail.toObject().system).toMatchObject({ protection: { torso: 3, rightArm: 2 } });
    expect(errors()[0]).toContain("Mail shirt: Torso must be a whole number from 0 to 100");
  });

  it("life points may fall below 0 (a coma, SHA-CON-6) without a notice", async () => {
    const arden = await fighter();
    await arden.update({ "system.lifePoints.value": -4 });
    expect(sys(arden).lifePoints.value).toBe(-4);
    expect(errors()).toEqual([]);
  });
});

describe("the world's Sharene rules", () => {
  it("stores options the core accepts and the fighters follow them", async () => {
    const arden = await fighter("shareneCharacter", { wounds: { leftArm: { value: 10 } } });
    expect(sys(arden).limbs.leftArm?.state).toBeNull();
    expect(await setShareneRules({ limbUseless: { num: 1, den: 3 } })).toBe(true);
    // The setting's change reads it through the heavy part; done here without waiting for it.
    applyWorldShareneRules();
    expect(shareneRules().limbUseless).toEqual({ num: 1, den: 3 });
    (arden as unknown as { reset(): void }).reset();
    expect(sys(arden).limbs.leftArm?.state).toBe("useless");
  });

  it("refuses options the core refuses, naming why, and stores nothing", async () => {
    expect(await setShareneRules({ dfMin: 6 })).toBe(false);
    expect(errors()).toEqual([
      expect.stringMatching(/^The Sharene rules options were not saved: .*dfMin \(6\) is above dfMax/),
    ]);
    expect(standIn.game.settings.storage.has("fangs.shareneRules")).toBe(false);
    applyWorldShareneRules();
    expect(shareneRules().limbUseless).toEqual(SHARENE_DEFAULTS.limbUseless);
  });

  it("plays the defaults, with a console warning, over a stored value the core refuses", async () => {
    standIn.game.settings.storage.set("fangs.shareneRules", { options: { riposteReading: "sideways" } });
    applyWorldShareneRules();
    expect(shareneRules()).toBe(SHARENE_DEFAULTS);
    expect(readWorldShareneRules()).toBe(SHARENE_DEFAULTS);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringMatching(/Sharene rules are refused[\s\S]*riposteReading/),
    );
  });

  it("SHA-CON-1, SHA-RND-1: registers the knockouts' lengths from the world's durations, and a round's seconds", () => {
    const clock: { roundTime?: number } = {};
    const rules = { ...SHARENE_DEFAULTS, secondsPerRound: 6 };
    applyShareneRules(
      { ...rules, durations: { ...rules.durations, knockedOut: { dice: "2d4", unit: "rounds" } } },
      clock,
    );
    expect(timedStatusDefinition("sharene.knockedOut")?.duration).toEqual({ dice: "2d4", unit: "rounds" });
    expect(clock.roundTime).toBe(6);
    applyShareneRules(SHARENE_DEFAULTS);
    expect(timedStatusDefinition("sharene.knockedOut")?.duration).toEqual({ dice: "1d10", unit: "rounds" });
  });
});

describe("Sharene's statuses and token bars", () => {
  it("every status the core sets has its own drawing under assets/icons/sharene", () => {
    const ids = shareneStatuses().map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining(["unconscious", "comatose", "dead", "leftArmSevered", "headSevered"]),
    );
    for (const status of shareneStatuses())
      expect(status.img).toMatch(/^systems\/fangs\/assets\/icons\/sharene\/.+\.svg$/);
    // The timed statuses show one of them.
    for (const id of ["sharene.knockedOut", "sharene.coma"])
      expect(ids).toContain(timedStatusDefinition(id)?.status);
  });

  it("a new Sharene fighter's token shows its life points as its first bar", async () => {
    const arden = await fighter();
    expect(arden.prototypeToken?.bar1?.attribute).toBe("lifePoints");
    const trackable = CONFIG.Actor.trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    expect(trackable.shareneCharacter?.bar).toEqual(["lifePoints"]);
    expect(trackable.shareneCreature?.value).toContain("wounds.leftLeg.value");
  });
});
