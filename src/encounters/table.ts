/**
 * The ready-made encounters: which creatures of which compendium, how many,
 * and on which side, for the combat rules whose creatures they are. Pure
 * data, loaded with the placing code in FANGS's heavy part
 * (src/on-demand.ts). Other modules add their own, or replace one of these
 * by its id, in `CONFIG.FANGS.encounters` (same shape), which
 * `encounterTable()` lays over this table. A world is offered only the
 * encounters of the rules it plays: FANGS's are `ENCOUNTERS`, another
 * ruleset's are under its id in `RULESET_ENCOUNTERS`, and a module's
 * name their ruleset in `ruleset` (FANGS's when left out).
 */

/** Which side a creature fights on; its token's disposition. */
export type EncounterSide = "hostile" | "neutral" | "friendly";

export interface EncounterCreature {
  /** The Actor compendium, `fangs.creatures` when left out. */
  readonly pack?: string;
  /** The actor's id in that compendium. */
  readonly actor: string;
  readonly count: number;
  readonly side: EncounterSide;
}

export interface EncounterDefinition {
  readonly id: string;
  /** The id of the ruleset whose creatures these are (`fangs` when left out). */
  readonly ruleset?: string;
  /** Lang key of the encounter's name, also the name of its folder of actors. */
  readonly name: string;
  readonly creatures: readonly EncounterCreature[];
}

export const DEFAULT_CREATURE_PACK = "fangs.creatures";

/** Foundry's TOKEN_DISPOSITIONS, by side. */
export const SIDE_DISPOSITION: Readonly<Record<EncounterSide, number>> = Object.freeze({
  hostile: -1,
  neutral: 0,
  friendly: 1,
});

/** The creatures pack's ids (test/build/pack-ids.json). */
const C = {
  wolf: "f0xLib4gKufCZ9W5",
  giantRat: "rSSWcgqaeWxn1PzU",
  bandit: "994NI8tqAHmd3AX1",
  banditLeader: "fENQGyXgfMmKZfOP",
  orcWarrior: "rbhoNldugvNEwTJf",
  skeleton: "4mPSbLQb55paNTZp",
  guardDog: "gMB8AqDGnRo64Rvn",
  giantSpider: "UdsmEizI3BFJutep",
  cultist: "Fq303l6IR3JaECaU",
  knight: "eXYoz1zF5ae2GJa2",
  troll: "a3T166LDmxsCvJrl",
} as const;

const foe = (actor: string, count: number): EncounterCreature => ({ actor, count, side: "hostile" });

function encounter(id: string, key: string, creatures: EncounterCreature[]): EncounterDefinition {
  return Object.freeze({
    id,
    name: `FANGS.Encounter.${key}.Name`,
    creatures: Object.freeze(creatures.map((c) => Object.freeze(c))),
  });
}

export const ENCOUNTERS: Readonly<Record<string, EncounterDefinition>> = Object.freeze(
  Object.fromEntries(
    [
      encounter("three-wolves", "ThreeWolves", [foe(C.wolf, 3)]),
      encounter("bandit-ambush", "BanditAmbush", [foe(C.bandit, 4), foe(C.banditLeader, 1)]),
      encounter("troll-bridge", "TrollBridge", [foe(C.troll, 1)]),
      encounter("rat-swarm", "RatSwarm", [foe(C.giantRat, 6)]),
      encounter("tomb-guard", "TombGuard", [foe(C.skeleton, 4)]),
      encounter("orc-raiders", "OrcRaiders", [
        foe(C.orcWarrior, 3),
        { actor: C.knight, count: 1, side: "friendly" },
      ]),
      encounter("cult-ritual", "CultRitual", [foe(C.cultist, 4), foe(C.guardDog, 2)]),
      encounter("spider-lair", "SpiderLair", [foe(C.giantSpider, 2)]),
    ].map((e) => [e.id, e]),
  ),
);

/** Sharene's sample creatures and characters (packs/sharene-*): its simulator fights one against one, so one foe each. */
const SHARENE_CREATURES = "fangs.sharene-creatures";
const SHARENE_CHARACTERS = "fangs.sharene-characters";
const LUNOS_CREATURES = "fangs.lunos-creatures";
const LUNOS_CHARACTERS = "fangs.lunos-characters";

const oneFoe = (
  id: string,
  name: string,
  pack: string,
  actor: string,
  ruleset = "sharene",
): EncounterDefinition =>
  Object.freeze({
    id,
    ruleset,
    name,
    creatures: Object.freeze([Object.freeze({ pack, actor, count: 1, side: "hostile" as const })]),
  });

/** The encounters of the rulesets other than FANGS, by ruleset id, then by encounter id. */
export const RULESET_ENCOUNTERS: Readonly<Record<string, Readonly<Record<string, EncounterDefinition>>>> =
  Object.freeze({
    sharene: Object.freeze(
      Object.fromEntries(
        [
          oneFoe("lone-wolf", "SHARENE.Encounter.LoneWolf.Name", SHARENE_CREATURES, "TR1wo3XrIXvsGRVS"),
          oneFoe("wild-boar", "SHARENE.Encounter.WildBoar.Name", SHARENE_CREATURES, "R9GdSMBGBbHPV4hd"),
          oneFoe("bear-den", "SHARENE.Encounter.BearDen.Name", SHARENE_CREATURES, "MdTPNU27gRiQFUXp"),
          oneFoe("axeman", "SHARENE.Encounter.Axeman.Name", SHARENE_CHARACTERS, "mMO0RKDdQ1WqItB0"),
        ].map((e) => [e.id, e]),
      ),
    ),
    // Lunos's simulator fights one against one too (packs/lunos-*).
    lunos: Object.freeze(
      Object.fromEntries(
        [
          oneFoe("lunos-wolf", "LUNOS.Encounter.Wolf.Name", LUNOS_CREATURES, "Aya0nDRgNoMQBsZN", "lunos"),
          oneFoe("lunos-bear", "LUNOS.Encounter.Bear.Name", LUNOS_CREATURES, "ndMXHh6M3pWjObml", "lunos"),
          oneFoe("lunos-oren", "LUNOS.Encounter.Oren.Name", LUNOS_CHARACTERS, "VtxojAZ1xDNNcPsu", "lunos"),
        ].map((e) => [e.id, e]),
      ),
    ),
  });

/** The ruleset an encounter is fought under. */
export function encounterRuleset(encounter: EncounterDefinition): string {
  return encounter.ruleset ?? "fangs";
}

/**
 * The built-in encounters of a ruleset (FANGS's when none is named) with
 * the world's additions (CONFIG.FANGS.encounters) of that ruleset laid
 * over them.
 */
export function encounterTable(
  added: Readonly<Record<string, EncounterDefinition>> | undefined,
  rulesetId = "fangs",
): Readonly<Record<string, EncounterDefinition>> {
  const own = rulesetId === "fangs" ? ENCOUNTERS : (RULESET_ENCOUNTERS[rulesetId] ?? {});
  const theirs = Object.entries(added ?? {}).filter(([, e]) => encounterRuleset(e) === rulesetId);
  return Object.freeze({ ...own, ...Object.fromEntries(theirs) });
}
