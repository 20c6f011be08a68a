import { describe, expect, it } from "vitest";
import { LUNOS_DEFAULTS } from "../../src/rules/lunos/config";
import { armorDice, usableInGrapple } from "../../src/rules/lunos/equipment";
import { healthLevels } from "../../src/rules/lunos/health";
import { type LunosArmor, MANEUVERS } from "../../src/rules/lunos/types";
import type { LunosActorData } from "../../src/rulesets/lunos/apps/sheets/sheet-data";
import { lunosFighterOf } from "../../src/rulesets/lunos/data/fighter";
import { runDuel } from "../../src/rulesets/lunos/sim/duel";
import { createPolicy } from "../../src/rulesets/lunos/sim/policies";
import { LUNOS_SAMPLE_FIGHTERS } from "../../src/rulesets/lunos/sim/roster";
import {
  describeOwnWords,
  expectReferenceEntries,
  expectSpeaksToGm,
  LINK,
  pageText,
  plain,
  rulesetPacks,
} from "../support/ruleset-packs";
import type { SourceDocument } from "./pack-sources";

const { packs, docs, actors, journal, typesByPack } = rulesetPacks("lunos");
// biome-ignore lint/suspicious/noExplicitAny: pack JSON, read field by field
const sys = (doc: SourceDocument) => doc.system as Record<string, any>;

/** A pack actor read as its sheet reads it (lunosFighterOf), its id the sample's. */
function asFighter(actor: SourceDocument, id = actor.name.toLowerCase()) {
  const data = {
    id,
    name: actor.name,
    system: sys(actor),
    items: (actor.items ?? []).map((i) => ({ id: i._id, name: i.name, type: i.type, system: sys(i) })),
  };
  return lunosFighterOf(data as unknown as LunosActorData);
}

describe("Lunos's packs", () => {
  it("are its six, each holding one type: Lunos's own", () => {
    expect(typesByPack()).toEqual({
      "lunos-rules": [undefined],
      "lunos-weapons": ["lunosWeapon"],
      "lunos-armor": ["lunosArmor"],
      "lunos-maneuvers": ["lunosManeuver"],
      "lunos-characters": ["lunosCharacter"],
      "lunos-creatures": ["lunosCreature"],
    });
  });

  it("the sample characters are the simulator's fighters, figure for figure (roster.ts), read as the sheet reads them", () => {
    const characters = docs("lunos-characters");
    expect(characters.map((a) => a.name).sort()).toEqual(LUNOS_SAMPLE_FIGHTERS.map((f) => f.name).sort());
    for (const sample of LUNOS_SAMPLE_FIGHTERS) {
      const actor = characters.find((a) => a.name === sample.name)!;
      const { weapon, ...rest } = asFighter(actor, sample.id);
      const { weapon: sampleWeapon, ...sampleRest } = sample;
      expect(rest, sample.name).toEqual({
        ...sampleRest,
        abilities: { ...sample.abilities },
        skills: { ...sample.skills },
        armor: { ...sample.armor },
      });
      expect({ ...weapon, id: sampleWeapon!.id }, sample.name).toEqual({ ...sampleWeapon });
    }
  });

  it("the comparison fails on a changed figure: a pack and the roster cannot drift apart", () => {
    const kell = docs("lunos-characters").find((a) => a.name === "Kell")!;
    const sample = LUNOS_SAMPLE_FIGHTERS.find((f) => f.name === "Kell")!;
    const changed = structuredClone(kell);
    sys(changed).skills.weapon -= 1;
    expect(asFighter(changed).skills.weapon).not.toBe(sample.skills.weapon);
    expect(asFighter(kell).skills.weapon).toBe(sample.skills.weapon);
  });

  it("every weapon and armor a sample carries is the pack's entry of that name; the pack's weapons are put away", () => {
    const entry = (pack: string, name: string) => docs(pack).find((d) => d.name === name);
    for (const actor of docs("lunos-characters"))
      for (const item of actor.items ?? []) {
        const own = entry(item.type === "lunosWeapon" ? "lunos-weapons" : "lunos-armor", item.name);
        expect(own, `${actor.name}'s ${item.name}`).toBeDefined();
        const { equipped: carried, ...figures } = sys(item);
        const { equipped: _e, ...packFigures } = sys(own!);
        expect(figures, `${actor.name}'s ${item.name}`).toEqual(packFigures);
        expect(carried, `${actor.name}'s ${item.name}`).toBe(true);
      }
    for (const weapon of docs("lunos-weapons")) expect(sys(weapon).equipped, weapon.name).toBe(false);
    for (const armor of docs("lunos-armor")) expect(sys(armor).equipped, armor.name).toBe(true);
  });

  it("every sample is a fighter the rules core accepts, unhurt, its levels left on the token's bar", () => {
    expect(docs("lunos-creatures").length).toBeGreaterThanOrEqual(2);
    for (const actor of actors()) {
      expect(() => asFighter(actor), actor.name).not.toThrow();
      const health = sys(actor).health as Record<string, { value: number }>;
      expect(
        Object.values(health).every((h) => h.value === 0),
        actor.name,
      ).toBe(true);
      expect(actor.prototypeToken, actor.name).toMatchObject({ bar1: { attribute: "levels" } });
    }
  });

  it("each creature plays through the simulator against the sample characters: fights that end, won and lost", () => {
    const SEEDS = 30;
    for (const creature of docs("lunos-creatures")) {
      const beast = asFighter(creature);
      let wins = 0;
      let losses = 0;
      for (const sample of LUNOS_SAMPLE_FIGHTERS)
        for (let seed = 1; seed <= SEEDS; seed++) {
          const { summary } = runDuel(
            { fighters: [beast, sample], policies: [createPolicy("default"), createPolicy("default")] },
            seed,
          );
          if (summary.winner === 0) wins++;
          if (summary.winner === 1) losses++;
        }
      expect(wins, creature.name).toBeGreaterThan(0);
      expect(losses, creature.name).toBeGreaterThan(0);
    }
  });

  it("one maneuver entry for each maneuver of the core, each its own description and a link to the readings", () => {
    expectReferenceEntries(
      docs("lunos-maneuvers"),
      "maneuver",
      MANEUVERS,
      { pack: "lunos-rules", document: journal() },
      "Maneuvers",
    );
  });
});

describe("the journal Lunos rules readings", () => {
  const all = () => plain((journal().pages ?? []).map(pageText).join(" "));

  it("links every entry of Lunos's other packs by its compendium UUID", () => {
    const uuids = new Set(
      (journal().pages ?? []).flatMap((p) => [...pageText(p).matchAll(LINK)].map(([, uuid]) => uuid!)),
    );
    for (const { pack, documents } of packs) {
      if (pack.type === "JournalEntry") continue;
      for (const doc of documents.values())
        expect(uuids.has(`Compendium.fangs.${pack.name}.${pack.type}.${doc._id}`), doc.name).toBe(true);
    }
  });

  it("states the figures it names as LUNOS_DEFAULTS has them", () => {
    const d = LUNOS_DEFAULTS;
    expect([d.secondsPerRound, d.actionsPerRound, d.poolDie, d.luckDie]).toEqual([6, 2, 6, 12]);
    expect([d.lungeDice, d.opponentsPerDefenseDie, d.traumaAbove, d.baseHealthLevels]).toEqual([2, 2, 3, 5]);
    expect([d.dyingMinutes, d.heavyWeaponMinBody, d.unarmoredWoundingMalus, d.largestPenalty]).toEqual([
      5, 4, 2, 5,
    ]);
    expect(healthLevels(5, d)).toBe(10); // Oren's and the bear's "ten health levels"
    for (const sentence of [
      "A round is about six seconds. Every fighter has two actions",
      "rolls it with two dice fewer",
      "costs a die for every two beyond the first",
      "each die showing 4 to 6 is a success",
      "the twelve-sided luck die, a success on 7 to 12",
      "five health levels plus one for each dot of Body",
      "whatever passes three points of one blow is trauma",
      "five minutes without care, then dead",
      "less than four dots of Body",
      "counts two dots of Body fewer against cuts",
      "is refused with a message and not stored",
      "is played as the defaults",
    ])
      expect(all(), sentence).toContain(sentence);
  });

  it("gives its pages as HTML text and speaks to a GM: no clause id, no file, no command, no identifier", () => {
    for (const page of journal().pages ?? [])
      expect(page).toMatchObject({ type: "text", text: { format: 1 } });
    expectSpeaksToGm(journal(), "LUN");
  });
});

describeOwnWords(
  "Lunos",
  packs,
  "docs/rules/texts/lunos-combat.md",
  (rulesText) => rulesText.split("\n").find((l) => (l.toLowerCase().match(/[a-z0-9]+/g) ?? []).length > 12)!,
);

describe("Lunos's packs say what the rules make of their figures", () => {
  it("LUN-EQP-1: an armor that costs Agility dice says so in its description, wherever it is kept", () => {
    const armors = [
      ...docs("lunos-armor"),
      ...actors().flatMap((a) => (a.items ?? []).filter((i) => i.type === "lunosArmor")),
    ];
    const silent = armors
      .filter((a) => armorDice(sys(a) as LunosArmor, "agility", LUNOS_DEFAULTS) > 0)
      .filter((a) => !/agility/i.test(plain(String(sys(a).description ?? ""))))
      .map((a) => a.name);
    expect(silent).toEqual([]);
  });

  it("LUN-GRP-3: a creature said to grapple either has a weapon usable there or is said to fight bare-handed in it", () => {
    const misleading = docs("lunos-creatures")
      .filter((c) => /grappl/i.test(plain(String(sys(c).biography ?? ""))))
      .filter((c) => !usableInGrapple(asFighter(c), true, LUNOS_DEFAULTS))
      .filter((c) => !/bare-handed/i.test(plain(String(sys(c).biography ?? ""))))
      .map((c) => c.name);
    expect(misleading).toEqual([]);
  });
});

describe("Lunos's rules journal at the table", () => {
  it("has a page on running a fight in Foundry: declaring, Next turn's defenses, the row's figures, the card's steps", () => {
    const page = (journal().pages ?? []).find((p) => p.name === "Running a fight");
    expect(page).toBeDefined();
    const text = plain(pageText(page!));
    for (const step of [
      "Declare",
      "Next turn",
      "Previous turn",
      "Spend and strike",
      "Apply",
      "Undo",
      "difficulty",
    ])
      expect(text, step).toContain(step);
    // It comes right after the page on how a round goes.
    const names = [...(journal().pages ?? [])]
      .sort((a, b) => Number(a.sort) - Number(b.sort))
      .map((p) => p.name);
    expect(names.slice(0, 2)).toEqual(["How a round goes", "Running a fight"]);
  });
});
