import "../../../../test/foundry/setup";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createActor, createScene } from "../../../../test/foundry/builders";
import { resetWorld, standIn } from "../../../../test/foundry/setup";
import { SYSTEM_ID } from "../../../config/system";
import { FangsActor } from "../../../documents/actor";
import type { CharacterModel } from "../data/actor-character";
import { initiativeMode, maneuverReading, rulesOptions, FANGS_SETTINGS as SETTINGS } from "./settings";

/** FANGS's world settings, registered through its definition's options by the shared registerSettings. */

const root = fileURLToPath(new URL("../../../..", import.meta.url));
const lang = JSON.parse(readFileSync(`${root}lang/en.json`, "utf8")) as Record<string, string>;

beforeEach(resetWorld);
afterEach(() => {
  vi.restoreAllMocks();
});

describe("world settings", () => {
  it("registers the world settings with their defaults, under the keys worlds store", () => {
    expect(Object.values(SETTINGS)).toEqual(["initiativeMode", "maneuverReading", "rules"]);
    for (const key of Object.values(SETTINGS)) {
      expect(standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)).toMatchObject({ scope: "world" });
    }
    expect(initiativeMode()).toBe("ag");
    expect(maneuverReading()).toBe("prose");
  });

  it("the initiative mode and maneuver reading are set in one place, the rules options menu", () => {
    for (const key of [SETTINGS.initiativeMode, SETTINGS.maneuverReading]) {
      expect(standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)?.config, key).toBe(false);
    }
  });

  it("the token icon and attack limit settings are listed only in a world that plays FANGS (no other ruleset reads them)", async () => {
    const { registerCombatSettings } = await import("./combat-settings");
    const { registerExchangeSettings } = await import("./exchange-settings");
    const listed = () =>
      ["maneuverIcons", "attackEnforcement"].map(
        (key) => standIn.game.settings.settings.get(`${SYSTEM_ID}.${key}`)?.config,
      );
    expect(listed()).toEqual([true, true]);
    standIn.game.settings.storage.set("fangs.ruleset", "sharene");
    try {
      registerCombatSettings();
      registerExchangeSettings();
      expect(listed()).toEqual([false, false]);
    } finally {
      standIn.game.settings.storage.delete("fangs.ruleset");
    }
  });

  it("NC-RND-8: the initiative mode offers AG order, or d20 + AG each round or once per combat", async () => {
    const config = standIn.game.settings.settings.get(`${SYSTEM_ID}.${SETTINGS.initiativeMode}`)!;
    expect(Object.keys(config.choices!)).toEqual(["ag", "rollEachRound", "rollOnce"]);
    for (const label of Object.values(config.choices!)) expect(lang[label]).toBeTruthy();
    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.initiativeMode, "rollOnce");
    expect(initiativeMode()).toBe("rollOnce");
    await expect(standIn.game.settings.set(SYSTEM_ID, SETTINGS.initiativeMode, "whenever")).rejects.toThrow();
  });

  it("the rules figures default to the core's, and a change re-derives every actor", async () => {
    const actor = await createActor({ characteristics: { st: 14, ag: 12, sz: 11 } });
    expect((actor.system as CharacterModel).attributes.movement).toBe(15);
    expect(rulesOptions()).toMatchObject({ movementFormula: "ST+AG-SZ", damageModifierThreshold: 20 });
    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "(ST+AG)/2" });
    expect((actor.system as CharacterModel).attributes.movement).toBe(13);
    expect(rulesOptions()).toMatchObject({ movementFormula: "(ST+AG)/2", hitPointsFormula: "(CO+SZ)/2" });
  });

  it("a rules change re-derives the synthetic actors of unlinked tokens too, each actor once, and redraws the tracker", async () => {
    const gru = await createActor({ characteristics: { st: 14, ag: 12, sz: 11 } });
    const goblin = await createActor({ name: "Goblin", characteristics: { st: 8, ag: 14, sz: 6 } });
    const mill = createScene("The Old Mill");
    const ford = createScene("The Ford");
    mill.addToken({ actorId: gru.id!, actorLink: true });
    const strong = mill.addToken({ actorId: goblin.id!, delta: { system: { characteristics: { st: 16 } } } });
    const plain = ford.addToken({ actorId: goblin.id! });
    const strongActor = strong.actor as unknown as FangsActor;
    const plainActor = plain.actor as unknown as FangsActor;
    expect(strongActor).not.toBe(goblin);
    const movement = (actor: FangsActor) => (actor.system as CharacterModel).attributes.movement;
    expect([movement(gru), movement(goblin), movement(strongActor), movement(plainActor)]).toEqual([
      15, 16, 24, 16,
    ]);
    const resets = vi.spyOn(FangsActor.prototype, "reset");
    const renders = vi.spyOn(FangsActor.prototype, "render");
    const tracker = vi.spyOn(standIn.ui.combat, "render");

    await standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "(ST+AG)/2" });

    expect([movement(gru), movement(goblin), movement(strongActor), movement(plainActor)]).toEqual([
      13, 11, 15, 11,
    ]);
    const once = [gru, goblin, strongActor, plainActor];
    expect(resets.mock.contexts).toHaveLength(once.length);
    expect(new Set(resets.mock.contexts)).toEqual(new Set(once));
    expect(new Set(renders.mock.contexts)).toEqual(new Set(once));
    expect(renders.mock.calls).toHaveLength(once.length);
    expect(tracker).toHaveBeenCalledTimes(1);
  });

  it("refuses a rules figure the core would refuse, and keeps the one in use", async () => {
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { movementFormula: "ST+AG-" }),
    ).rejects.toThrow(/movementFormula/);
    await expect(
      standIn.game.settings.set(SYSTEM_ID, SETTINGS.rules, { damageModifierStep: 0 }),
    ).rejects.toThrow(/damageModifierStep/);
    expect(rulesOptions()).toMatchObject({ movementFormula: "ST+AG-SZ", damageModifierStep: 5 });
  });
});
