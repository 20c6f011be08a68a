import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  giveStatus,
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
  type StandInWorld,
} from "../../../../test/foundry/combat-stand-in";
import { serialised } from "../../../documents/write-queue";
import type { Effect } from "../../../rules/kernel/effects";

/**
 * The round's impale damage at the table (NC-DMG-13): the tracker finds the
 * weapons stuck in bodies, the rules core rolls their damage, and the effect
 * applier (mocked here: it is the exchange card's, tested there) writes it.
 * So too the dying's loss each round (CORE-CON-3).
 */

const applied: Effect[][] = [];
vi.mock("../../../effects/apply-effects", () => ({
  applyEffects: vi.fn(async (effects: Effect[]) => {
    applied.push(effects);
    return { deltas: [], skipped: [], notes: [] };
  }),
}));

let world: StandInWorld;
let FangsCombat: typeof import("../../../documents/combat")["FangsCombat"];
let impaleRound: typeof import("./round-start")["impaleRound"];

beforeAll(async () => {
  world = installCombatStandIn();
  ({ FangsCombat } = await import("../../../documents/combat"));
  ({ impaleRound } = await import("./round-start"));
});

beforeEach(() => {
  applied.length = 0;
  world.chat.length = 0;
  world.diceValues.length = 0;
  world.setUser(world.gm);
});

async function stick(actor: StandInActor, inItemId: string | null, perRoundDamage: string | null) {
  await actor.createEmbeddedDocuments("ActiveEffect", [
    {
      flags: { fangs: { stuck: { ownerUuid: "Actor.spearman", itemId: "spear", inItemId, perRoundDamage } } },
    },
  ]);
}

function combatOf(...actors: StandInActor[]) {
  const combat = new FangsCombat() as unknown as StandInCombat & InstanceType<typeof FangsCombat>;
  for (const actor of actors) combat.add(new StandInCombatant(`c-${actor.id}`, actor.name, actor));
  world.combats.clear();
  world.combats.set(combat.id, combat);
  return combat;
}

const bear = () =>
  new StandInActor(
    "bear",
    "Cave Bear",
    { stunPoints: { value: 30 }, hitPoints: { value: 20 } },
    [],
    "creature",
  );

describe("the round's impale damage (Foundry layer)", () => {
  it("NC-DMG-13: a weapon stuck in a body deals its damage again at the round's start; one stuck in a shield does not", async () => {
    const victim = bear();
    await stick(victim, null, "1d6");
    await stick(victim, "shield", null);
    const combat = combatOf(victim);
    world.diceValues.push(20);
    await impaleRound(combat as unknown as Combat.Implementation);
    expect(applied).toHaveLength(1);
    const pools = applied[0]!.filter((e) => e.kind === "pool");
    expect(pools).toContainEqual({ kind: "pool", actorId: "Actor.bear", pool: "stunPoints", amount: 6 });
    expect(world.diceValues).toHaveLength(0);
    const note = world.chat.map((m) => String(m.content)).join("\n");
    expect(note).toContain("FANGS.Combat.Note.ImpaleDamage");
    expect(note).toContain('"name":"Cave Bear"');
    expect(note).toContain('"stun":"6"');
  });

  it("NC-DMG-13: with nothing stuck in anyone, the round rolls nothing, applies nothing and says nothing", async () => {
    const victim = bear();
    await stick(victim, "shield", null);
    const combat = combatOf(victim, new StandInActor("eddy", "Fast Eddy", {}, []));
    await impaleRound(combat as unknown as Combat.Implementation);
    expect(applied).toEqual([]);
    expect(world.chat).toEqual([]);
  });

  it("NC-DMG-13: the impale damage of a hidden combatant is told to the GMs only", async () => {
    const victim = bear();
    await stick(victim, null, "1d6");
    const shown = new StandInActor("eddy", "Fast Eddy", {
      stunPoints: { value: 12 },
      hitPoints: { value: 12 },
    });
    await stick(shown, null, "1d4");
    const combat = combatOf(victim, shown);
    combat.combatants.get("c-bear")!.hidden = true;
    world.diceValues.push(20, 20);
    await impaleRound(combat as unknown as Combat.Implementation);
    const open = world.chat.filter((m) => !m.whisper);
    const secret = world.chat.filter((m) => Array.isArray(m.whisper));
    expect(open.map((m) => String(m.content)).join("\n")).not.toContain("Cave Bear");
    expect(open.map((m) => String(m.content)).join("\n")).toContain("Fast Eddy");
    expect(secret).toHaveLength(1);
    expect(secret[0]!.whisper).toEqual(["gm"]);
    expect(String(secret[0]!.content)).toContain("Cave Bear");
  });

  it("NC-DMG-13: the note names the victim as text: a name written as HTML is not markup in the chat", async () => {
    const victim = new StandInActor("mark", '<img src="x" onerror="alert(1)">', {
      stunPoints: { value: 12 },
      hitPoints: { value: 12 },
    });
    await stick(victim, null, "1d4");
    const combat = combatOf(victim);
    world.diceValues.push(20);
    await impaleRound(combat as unknown as Combat.Implementation);
    const content = world.chat.map((m) => String(m.content)).join("\n");
    expect(content).not.toContain("<img");
    expect(content).toContain("&#60;img");
  });

  it("NC-DMG-13, CORE-CON-3: a new round's impale damage waits for a GM-side write in progress, and reads the HP it left", async () => {
    const victim = new StandInActor("bear", "Cave Bear", {
      stunPoints: { value: 30, max: 30 },
      hitPoints: { value: 20, max: 20 },
      armorProtection: 0,
      characteristics: { co: 12, sz: 20, ag: 10 },
    });
    const combat = combatOf(victim);
    world.settings.set("fangs.initiativeMode", "ag");
    await combat.startCombat();
    await stick(victim, null, "1d6");
    // An exchange applying a blow on the GM's client: it read the bear, and its write is on its way.
    let land!: () => void;
    const landed = new Promise<void>((resolve) => {
      land = resolve;
    });
    const exchange = serialised(async () => {
      await landed;
      (victim.system as unknown as { hitPoints: { value: number } }).hitPoints.value = 0;
    });
    world.diceValues.push(15); // a 5 on the d6
    const round = combat.nextRound();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(applied).toEqual([]);
    land();
    await Promise.all([exchange, round]);
    // At 0 HP the bear is dying: the round's 5 is all taken as HP, not ⌈5/2⌉.
    expect(applied).toHaveLength(1);
    expect(applied[0]).toContainEqual({ kind: "pool", actorId: "Actor.bear", pool: "hitPoints", amount: 5 });
  });
});

describe("the dying's loss each round (Foundry layer)", () => {
  const dyingBear = (hitPoints: number) => {
    const actor = new StandInActor("bear", "Cave Bear", {
      stunPoints: { value: -3, max: 30 },
      hitPoints: { value: hitPoints, max: 20 },
      armorProtection: 0,
      characteristics: { co: 12, sz: 20, ag: 10 },
    });
    giveStatus(actor, "dying");
    return actor;
  };

  it("CORE-CON-3: a new round takes 1 HP from a dying combatant, before the round's impale damage", async () => {
    const victim = dyingBear(-2);
    const combat = combatOf(victim);
    world.settings.set("fangs.initiativeMode", "ag");
    await combat.startCombat();
    await stick(victim, null, "1d6");
    applied.length = 0;
    world.chat.length = 0;
    world.diceValues.push(15); // a 5 on the d6
    await combat.nextRound();
    expect(applied).toEqual([
      [{ kind: "pool", actorId: "Actor.bear", pool: "hitPoints", amount: 1 }],
      expect.arrayContaining([{ kind: "pool", actorId: "Actor.bear", pool: "hitPoints", amount: 5 }]),
    ]);
    const notes = world.chat.map((m) => String(m.content)).filter((c) => !c.includes("RoundStart"));
    expect(notes[0]).toContain("FANGS.Combat.Note.DyingLoss");
    expect(notes[0]).toContain('"hp":"1"');
    expect(notes[1]).toContain("FANGS.Combat.Note.ImpaleDamage");
  });

  it("CORE-CON-3: the dead lose nothing more, and a round with no one dying applies nothing", async () => {
    const dead = dyingBear(-20);
    const combat = combatOf(dead, new StandInActor("eddy", "Fast Eddy", {}, []));
    world.settings.set("fangs.initiativeMode", "ag");
    await combat.startCombat();
    await combat.nextRound();
    expect(applied).toEqual([]);
    expect(world.chat.map((m) => String(m.content)).join("\n")).not.toContain("DyingLoss");
  });
});
