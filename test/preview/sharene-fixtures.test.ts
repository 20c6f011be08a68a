import "../foundry/setup";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoundFighter, ShareneRound } from "../../src/rules/sharene/round-engine";
import type { SharenePhaseId } from "../../src/rules/sharene/ruleset";
import { type ShareneActorData, shareneActorData } from "../../src/rulesets/sharene/apps/sheets/sheet-data";
import { fighterSheet as tableSheet } from "../../src/rulesets/sharene/combat/round-read";
import { storedRecord } from "../../src/rulesets/sharene/combat/round-record";
import { shareneRoundPalette } from "../../src/rulesets/sharene/token-palette";
import { readShareneRow } from "../../src/rulesets/sharene/tracker-row";
import { loadPacks } from "../build/pack-sources";
import { resetWorld } from "../foundry/setup";
import { previewLocalize } from "./fixtures/page";
import {
  actorData,
  fighterSheet,
  paletteEntries,
  rowData,
  SEATS,
  type Seat,
  shareneRounds,
} from "./fixtures/sharene";

/**
 * Sharene's preview pages read plain data, where the table reads Foundry
 * documents: the fixture's readings must be the table's. Each sample
 * fighter of the pages is made on the Foundry stand-in from the same pack
 * source and wounds, and its prepared data, its rules sheet, its tracker
 * row for the GM and for a player, and its Token HUD palette are read by
 * the real code and compared with what the pages show, at every moment of
 * the pages' round.
 */

type Loose = Record<string, unknown>;
const packs = loadPacks();
const sourceOf = (seat: Seat) => packs.find((p) => p.pack.name === seat.pack)!.documents.get(seat.file)!;

const actors = new Map<string, Actor.Implementation>();

beforeAll(async () => {
  resetWorld();
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: Loose): Promise<Actor.Implementation> };
  for (const seat of SEATS) {
    const doc = sourceOf(seat);
    const system = structuredClone(doc.system) as Loose & {
      lifePoints: { value: number };
      wounds: Record<string, { value: number }>;
    };
    if (seat.patch?.lifePoints !== undefined) system.lifePoints.value = seat.patch.lifePoints;
    for (const [limb, value] of Object.entries(seat.patch?.wounds ?? {})) system.wounds[limb] = { value };
    const actor = await cls.create({
      name: doc.name,
      type: doc.type,
      img: doc.img,
      system,
      items: (doc.items ?? []).map((i) => ({ name: i.name, type: i.type, img: i.img, system: i.system })),
    });
    for (const status of seat.statuses ?? []) await actor.toggleStatusEffect(status, { active: true });
    actors.set(seat.id, actor);
  }
});

/** What a page shows of a fighter, without the ids a world gives its documents. */
function shown(data: ShareneActorData) {
  const s = data.system;
  return {
    name: data.name,
    type: data.type,
    img: data.img,
    system: JSON.parse(
      JSON.stringify({
        characteristics: s.characteristics,
        lifePoints: s.lifePoints,
        damageBonus: s.damageBonus,
        dodge: s.dodge,
        dodgeTotal: s.dodgeTotal,
        styles: s.styles,
        knownStyles: s.knownStyles,
        weaponArm: s.weaponArm,
        limbs: s.limbs,
        armor: s.armor,
        biography: s.biography,
      }),
    ),
    items: data.items.map((i) => ({
      name: i.name,
      type: i.type,
      img: i.img,
      // The model's own fields (its JSON also carries the stored source).
      system: { ...JSON.parse(JSON.stringify(i.system)), _source: undefined },
    })),
  };
}

/** A combatant of the pages' round, as the tracker and the HUD read one. */
function combatants(round: ShareneRound) {
  const phase = round.phase === "end" ? "action" : round.phase;
  const records = Object.fromEntries(
    round.fighters.map(({ id, outOfAction: _out, ...record }) => [id, storedRecord(record)]),
  );
  const combat = { system: { phase, records }, combatants: new Map<string, Loose>() };
  for (const f of round.fighters) {
    const actor = actors.get(f.id)!;
    combat.combatants.set(f.id, {
      id: f.id,
      name: actor.name,
      actor,
      isDefeated: false,
      visible: true,
      system: {},
      combat,
    });
  }
  return combat.combatants as unknown as Map<string, Combatant.Implementation>;
}

const ROUNDS = Object.entries(shareneRounds());

describe("Sharene's preview fixture reads as the table does", () => {
  it.each(SEATS.map((s) => [s.id, s] as const))(
    "%s: the prepared sheet data is the data models'",
    (id, seat) => {
      const real = shareneActorData(actors.get(id)!)!;
      expect(shown(actorData(sourceOf(seat), seat.patch))).toEqual(shown(real));
    },
  );

  it.each(SEATS.map((s) => [s.id, s] as const))("%s: the rules sheet is the table's", (id, seat) => {
    const real = tableSheet(id, actors.get(id))!;
    const mine = fighterSheet(id, actorData(sourceOf(seat), seat.patch));
    expect({ ...mine, weapon: { ...mine.weapon, id: "" } }).toEqual({
      ...real,
      weapon: { ...real.weapon, id: "" },
    });
  });

  it.each(ROUNDS)("%s: each row, for the GM and for Arden's player, is readShareneRow's", (_name, round) => {
    const byId = combatants(round);
    const phase = (round.phase === "end" ? "action" : round.phase) as SharenePhaseId;
    for (const f of round.fighters as RoundFighter[]) {
      for (const isGM of [true, false]) {
        const mine = isGM || SEATS.find((s) => s.id === f.id)?.player === true;
        const real = readShareneRow(byId.get(f.id)!, { isGM, owner: mine });
        expect(real.data, `${f.id}, ${isGM ? "GM" : "player"}`).toEqual(rowData(f, phase, mine));
        expect(real.outOfAction, f.id).toBe(f.outOfAction);
      }
    }
  });

  it.each(ROUNDS)("%s: each fighter's Token HUD palette is the ruleset's", (_name, round) => {
    const byId = combatants(round);
    for (const f of round.fighters) {
      const real = shareneRoundPalette.entries(byId.get(f.id)!, { isGM: true, owner: true }, previewLocalize);
      expect(paletteEntries(round, f.id), f.id).toEqual(real);
    }
  });

  it("the pages' round reaches every phase, a tie acting at once and a fighter out of the fight", () => {
    const rounds = Object.fromEntries(ROUNDS);
    expect(rounds.declaring!.phase).toBe("declare");
    expect(rounds.styling!.phase).toBe("style");
    expect(rounds.ardenTurn!.slots[rounds.ardenTurn!.turn!]).toBe("arden");
    expect(rounds.together!.slots[rounds.together!.turn!]).toEqual(["brisk", "boar"]);
    expect(rounds.ardenTurn!.fighters.find((f) => f.id === "arden")!.initiative).toEqual({
      roll: 9,
      ability: "agi",
      abilityValue: 15,
      total: 24,
    });
    expect(rounds.declaring!.fighters.find((f) => f.id === "dorn")!.outOfAction).toBe(true);
  });
});
