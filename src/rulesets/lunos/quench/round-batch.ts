import { activeTableRuleset } from "../../../combat/table-ruleset";
import type { BatchAssert, BatchFunction, Stage } from "../../../quench/batch";
import { LIVE_TIMEOUT_MS } from "../../../quench/batch";
import { type Cleanup, type Doc, documentClass, liveUser, runCleanup } from "../../../quench/live";

/**
 * Lunos's round of four for a live world, the same round as
 * src/rulesets/lunos/combat/round.test.ts plays on the stand-in: Arden (a
 * player's: Reflexes 3, a sword) lunges for an attack, a defense and a
 * move; Brin (Reflexes 2) holds a Full defense against the three others;
 * Cole (Reflexes 3) makes a Power attack; Dara (Reflexes 2) attacks and
 * defends against three. The round opens with initiative from Reflexes
 * (LUN-RND-2), the declarations close with one defense roll each, each
 * setting the difficulty of every attack against its fighter (LUN-ACT-2),
 * the slots come in initiative order, ties at once, and the next round
 * leaves Arden one action at dice off for the lunge (LUN-ACT-10), and no
 * second lunge. In a live world the dice are the world's: the order and
 * difficulties are asserted from the rolls as they fell; on the stand-in
 * (test/quench/lunos-round.test.ts) the dice are scripted and the exact
 * order is asserted too.
 *
 * Each slot has a named step, `attacks`, where the attack card plays the
 * slot's attacks once it lands; until then the slot is passed.
 */

type Loose = Record<string, unknown>;

export const LUNOS_FIGHTERS = Object.freeze([
  {
    key: "arden",
    name: "Arden",
    abilities: { agility: 3, body: 3, reflexes: 3, willpower: 2 },
    skills: { combat: 2, weapon: 2 },
  },
  {
    key: "brin",
    name: "Brin",
    abilities: { agility: 3, body: 2, reflexes: 2, willpower: 2 },
    skills: { combat: 3, weapon: 2 },
  },
  {
    key: "cole",
    name: "Cole",
    abilities: { agility: 2, body: 3, reflexes: 3, willpower: 2 },
    skills: { combat: 2, weapon: 2 },
  },
  {
    key: "dara",
    name: "Dara",
    abilities: { agility: 2, body: 2, reflexes: 2, willpower: 2 },
    skills: { combat: 2, weapon: 2 },
  },
] as const);

export type FighterKey = (typeof LUNOS_FIGHTERS)[number]["key"];

/** Each fighter's sword: a medium blade, struck with Weapon. */
export const SWORD = Object.freeze({
  name: "Sword",
  type: "lunosWeapon",
  system: { size: "medium", skill: "weapon", damageType: "wounding", quality: 0, equipped: true },
});

/** A fighter's actor data: its ratings, unhurt, its sword in hand. */
export function fighterSystem(f: (typeof LUNOS_FIGHTERS)[number]): Loose {
  return {
    abilities: { ...f.abilities },
    skills: { ...f.skills },
    health: { bruising: { value: 0 }, wounding: { value: 0 }, trauma: { value: 0 } },
  };
}

/** Round 1's declarations, by the fighters' combatant ids. */
export function roundOnePlans(id: Readonly<Record<FighterKey, string>>): Readonly<Record<FighterKey, Loose>> {
  return {
    arden: {
      actions: [
        { kind: "attack", targets: [id.cole] },
        { kind: "defense", against: [id.cole] },
        { kind: "move", feet: 5 },
      ],
      lunge: true,
    },
    brin: { actions: [{ kind: "fullDefense", against: [id.arden, id.cole, id.dara] }] },
    cole: { actions: [{ kind: "powerAttack", targets: [id.arden] }] },
    dara: {
      actions: [
        { kind: "attack", targets: [id.brin] },
        { kind: "defense", against: [id.brin, id.cole, id.arden] },
      ],
    },
  };
}

export interface LunosRoundTable {
  readonly combat: Combat.Implementation;
  readonly fighters: Readonly<Record<FighterKey, Combatant.Implementation>>;
  /** A player who owns Arden and nothing else at this table. */
  readonly player: { readonly id: string };
}

/** What the batch asks of its stage beyond the table: the dice, where they can be scripted. */
export interface LunosRoundStage extends Stage<LunosRoundTable> {
  /** Called before each roll the round makes: the stand-in scripts its dice; a live world rolls its own. */
  beforeRoll?(what: "round1" | "defense" | "round2"): void;
  /** The order the scripted dice give, asserted as well as the order read from the rolls; none in a live world. */
  readonly scriptedOrder?: readonly (readonly FighterKey[])[];
}

/** Where a slot's attacks go (the attack card's step); by default none is played. */
export type AttackStep = (
  t: LunosRoundTable,
  acting: readonly Combatant.Implementation[],
  assert: BatchAssert,
) => Promise<void>;

/** The attacks of a slot: none yet. The attack card plugs its attacks in here (`lunosRoundBatch`'s `attacks`). */
export const noAttacks: AttackStep = async () => {};

/** A combatant's round as a macro reaches it (`combatant.round`, src/rulesets/lunos/combat/lunos-table.ts). */
interface LunosRoundMethods {
  readonly state: Loose;
  declare(plan: Loose): Promise<boolean>;
}

const roundOf = (c: Combatant.Implementation) => c.round as unknown as LunosRoundMethods;

/** The GM's record of what a combatant's row shows. */
export function shownOf(t: LunosRoundTable, c: Combatant.Implementation): Loose {
  const records = ((t.combat.system as { records?: Record<string, Loose> }).records ?? {}) as Record<
    string,
    Loose
  >;
  return records[c.id ?? ""] ?? {};
}

/**
 * The order initiative gives (LUN-RND-2, docs/rules/lunos.md "Initiative"):
 * most successes first, then the higher Reflexes, fighters tied on both at
 * once. Worked out here from the records, not asked of the engine, so the
 * batch checks the table's order against the rule.
 */
export function orderFromRolls(
  rolled: readonly { readonly id: string; readonly successes: number; readonly reflexes: number }[],
): string[][] {
  const sorted = [...rolled].sort((a, b) => b.successes - a.successes || b.reflexes - a.reflexes);
  const slots: (typeof sorted)[] = [];
  for (const r of sorted) {
    const last = slots.at(-1)?.[0];
    if (last && last.successes === r.successes && last.reflexes === r.reflexes) slots.at(-1)!.push(r);
    else slots.push([r]);
  }
  return slots.map((slot) => slot.map((r) => r.id));
}

const phaseOf = (combat: Combat.Implementation) => String((combat.system as { phase?: unknown }).phase);

export function lunosRoundBatch(stage: LunosRoundStage, attacks: AttackStep = noAttacks): BatchFunction {
  return ({ describe, it, before, after, assert }) => {
    describe("LUN-RND-2: a round of four Lunos fighters, rolled, declared, defended and played in initiative order", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: LunosRoundTable;
      let slots: string[][] = [];
      const all = () => LUNOS_FIGHTERS.map((f) => t.fighters[f.key]);
      const ids = () =>
        Object.fromEntries(LUNOS_FIGHTERS.map((f) => [f.key, t.fighters[f.key].id!])) as Record<
          FighterKey,
          string
        >;
      before(async () => {
        t = await stage.setUp();
      });
      after(() => stage.tearDown());

      it("the round's start: initiative from Reflexes, and the order it gives", async () => {
        stage.beforeRoll?.("round1");
        await t.combat.startCombat();
        assert.strictEqual(phaseOf(t.combat), "declare");
        const rolled = LUNOS_FIGHTERS.map((f) => {
          const c = t.fighters[f.key];
          const successes = shownOf(t, c).initiative;
          assert.isTrue(Number.isInteger(successes), `${f.name} rolled initiative`);
          // The tracker shows it.
          assert.strictEqual(c.initiative, successes);
          return { id: c.id!, successes: successes as number, reflexes: f.abilities.reflexes };
        });
        slots = orderFromRolls(rolled);
        const system = t.combat.system as { order?: unknown; groups?: unknown };
        assert.deepEqual(system.order, slots.flat());
        assert.deepEqual(
          system.groups,
          slots.filter((s) => s.length > 1),
        );
        if (stage.scriptedOrder)
          assert.deepEqual(
            slots,
            stage.scriptedOrder.map((slot) => slot.map((key) => t.fighters[key].id)),
          );
        for (const c of all()) assert.deepEqual([shownOf(t, c).actions, shownOf(t, c).actionsMax], [2, 2]);
      });

      it("LUN-ACT-10: the declarations, Arden's with a lunge for a third action", async () => {
        const plans = roundOnePlans(ids());
        for (const f of LUNOS_FIGHTERS)
          assert.isTrue(await roundOf(t.fighters[f.key]).declare(plans[f.key]), `${f.name} declares`);
        const arden = shownOf(t, t.fighters.arden);
        assert.deepEqual(
          [arden.declared, arden.lunging, arden.actions, arden.actionsMax],
          [true, true, 0, 3],
        );
        assert.deepEqual(
          all().map((c) => shownOf(t, c).declared),
          [true, true, true, true],
        );
      });

      it("LUN-ACT-2: one defense roll each, setting the difficulty of every attack against its fighter", async () => {
        stage.beforeRoll?.("defense");
        await t.combat.nextTurn();
        assert.strictEqual(phaseOf(t.combat), "attack");
        for (const f of LUNOS_FIGHTERS) {
          const defense = shownOf(t, t.fighters[f.key]).defense as Loose | null;
          if (f.key === "cole") {
            assert.isNull(defense, "Cole's Power attack takes both actions: no defense roll");
            continue;
          }
          assert.ok(defense, `${f.name} rolled its defense`);
          assert.strictEqual(defense!.difficulty, (defense!.successes as number) + 1);
        }
        assert.strictEqual((shownOf(t, t.fighters.brin).defense as Loose).kind, "fullDefense");
      });

      it("the slots in initiative order, ties at once, each with its attacks, then a new round", async () => {
        const seen: string[][] = [];
        while (phaseOf(t.combat) === "attack" && t.combat.round === 1) {
          const current = t.combat.combatant?.id ?? "";
          const slot = slots.find((s) => s.includes(current)) ?? [current];
          seen.push(slot);
          await attacks(
            t,
            slot.map((id) => t.combat.combatants.get(id)!),
            assert,
          );
          stage.beforeRoll?.("round2");
          await t.combat.nextTurn();
        }
        assert.deepEqual(seen, slots);
        assert.strictEqual(t.combat.round, 2);
        assert.strictEqual(phaseOf(t.combat), "declare");
      });

      it("LUN-ACT-10: round 2, Arden pays for the lunge: one action, dice off, and no second lunge", async () => {
        const arden = shownOf(t, t.fighters.arden);
        assert.deepEqual([arden.lungeDebt, arden.actions, arden.actionsMax], [true, 1, 2]);
        assert.isTrue((arden.debtDice as number) > 0);
        const { cole } = ids();
        assert.isFalse(
          await roundOf(t.fighters.arden).declare({
            actions: [
              { kind: "attack", targets: [cole] },
              { kind: "defense", against: [cole] },
            ],
            lunge: true,
          }),
        );
        assert.isFalse(shownOf(t, t.fighters.arden).declared as boolean);
        for (const c of all()) if (c !== t.fighters.arden) assert.strictEqual(shownOf(t, c).lungeDebt, false);
      });
    });
  };
}

/* -------------------------------------------- */
/*  The live world's table                      */
/* -------------------------------------------- */

function fighterData(f: (typeof LUNOS_FIGHTERS)[number], owner: string | null): Loose {
  return {
    name: f.name,
    type: "lunosCharacter",
    system: fighterSystem(f),
    items: [{ ...SWORD, system: { ...SWORD.system } }],
    prototypeToken: { name: f.name, actorLink: true },
    ownership: owner ? { [owner]: 3 } : {},
  };
}

/**
 * The four as linked tokens side by side on a scene of their own, in a
 * combat on that scene; one player owns Arden. The world must play Lunos
 * (its "Combat rules", set before the world loaded): the batch says so and
 * stops otherwise. Everything is deleted afterwards.
 */
export function liveLunosRoundStage(label = "round"): LunosRoundStage {
  const cleanup: Cleanup = [];
  return {
    async setUp() {
      if (activeTableRuleset().id !== "lunos") throw new Error(game.i18n!.localize("LUNOS.Quench.NotLunos"));
      const player = await liveUser(`FANGS Quench Lunos ${label} player`, cleanup);
      const actors = (await documentClass("Actor").createDocuments(
        LUNOS_FIGHTERS.map((f) => fighterData(f, f.key === "arden" ? player.id : null)),
      )) as (Doc & Actor.Implementation)[];
      cleanup.push(() => documentClass("Actor").deleteDocuments(actors.map((a) => a.id!)));
      const scene = (await documentClass("Scene").create({ name: `FANGS Quench: Lunos ${label}` })) as Doc;
      cleanup.push(() => scene.delete());
      const tokenData = await Promise.all(
        actors.map(async (a, i) => (await a.getTokenDocument({ x: 100 * i, y: 0 })).toObject()),
      );
      const tokens = (await scene.createEmbeddedDocuments("Token", tokenData)) as Doc[];
      const combat = (await documentClass("Combat").create({ scene: scene.id })) as Doc &
        Combat.Implementation;
      cleanup.push(() => combat.delete());
      const combatants = (await combat.createEmbeddedDocuments(
        "Combatant",
        tokens.map((token, i) => ({ tokenId: token.id, sceneId: scene.id, actorId: actors[i]!.id })),
      )) as Combatant.Implementation[];
      const fighters = Object.fromEntries(LUNOS_FIGHTERS.map((f, i) => [f.key, combatants[i]!])) as Record<
        FighterKey,
        Combatant.Implementation
      >;
      return { combat, fighters, player: { id: player.id } };
    },
    tearDown: () => runCleanup(cleanup),
  };
}
