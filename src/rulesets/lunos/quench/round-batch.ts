import { activeTableRuleset } from "../../../combat/table-ruleset";
import type { BatchAssert, BatchFunction, Stage } from "../../../quench/batch";
import { LIVE_TIMEOUT_MS } from "../../../quench/batch";
import { type Cleanup, liveCombat, liveUser, runCleanup, type TokenPlace } from "../../../quench/live";

/**
 * Lunos's round of four for a live world, round 1 as
 * src/rulesets/lunos/combat/round.test.ts plays it on the stand-in: Arden (a
 * player's: Reflexes 3, a sword) lunges for an attack, a defense and a
 * move; Brin (Reflexes 2) holds a Full defense against the three others;
 * Cole (Reflexes 3) makes a Power attack; Dara (Reflexes 2) attacks and
 * defends against three. The round opens with initiative from Reflexes
 * (LUN-RND-2), the declarations close with one defense roll each, each
 * setting the difficulty of every attack against its fighter (LUN-ACT-2),
 * the slots come in initiative order, ties at once, and round 2 leaves
 * Arden one action at dice off for the lunge (LUN-ACT-10), and no second
 * lunge; those still in the fight declare again (`roundTwoPlans`) and
 * round 2 is played into round 3. In a live world the dice are the
 * world's: the orders and difficulties are asserted from the rolls as
 * they fell; on the stand-in (test/quench/lunos-round.test.ts) the dice
 * are scripted and the exact orders are asserted too.
 *
 * Each slot has a named step, `attacks`, where the registered batch plays
 * the slot's attacks through the attack card (./attack-step.ts).
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

/**
 * What each fighter carries into the batch's round: Arden a sword and a
 * +3 Flex coat (no dice off: Flex weighs nothing), Brin a sword, Cole a
 * sword and a +1 vest (no dice off below +2), Dara a club (a medium blunt
 * weapon: bruising). None of it changes a die of the initiative or the
 * defenses, so the round's own dice (src/rulesets/lunos/combat/round.test.ts,
 * swords alone) stay the same; it gives the attacks each kind of damage
 * and armor of each sort to meet.
 */
export const KIT: Readonly<Record<FighterKey, readonly Loose[]>> = Object.freeze({
  arden: [
    SWORD,
    { name: "Flex coat", type: "lunosArmor", system: { rating: 3, kind: "flex", equipped: true } },
  ],
  brin: [SWORD],
  cole: [SWORD, { name: "Vest", type: "lunosArmor", system: { rating: 1, kind: "plain", equipped: true } }],
  dara: [
    {
      name: "Club",
      type: "lunosWeapon",
      system: { size: "medium", skill: "weapon", damageType: "bruising", quality: 0, equipped: true },
    },
  ],
});

/** A copy of a fighter's kit to make its items from. */
export const kitOf = (key: FighterKey): Loose[] =>
  KIT[key].map((item) => ({ ...item, system: { ...(item.system as Loose) } }));

/** A fighter's actor data: its ratings, unhurt. */
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

/**
 * Round 2's declarations: Arden's one action (the lunge's debt) an attack
 * on Brin; Cole's one (stunned, if round 1 stunned him) an attack on
 * Arden; Dara one roll against Arden and Cole; Brin, if still in the
 * fight, an attack on Dara and a defense against her.
 */
export function roundTwoPlans(id: Readonly<Record<FighterKey, string>>): Readonly<Record<FighterKey, Loose>> {
  return {
    arden: { actions: [{ kind: "attack", targets: [id.brin] }] },
    brin: {
      actions: [
        { kind: "attack", targets: [id.dara] },
        { kind: "defense", against: [id.dara] },
      ],
    },
    cole: { actions: [{ kind: "attack", targets: [id.arden] }] },
    dara: { actions: [{ kind: "attack", targets: [id.arden, id.cole] }] },
  };
}

export interface LunosRoundTable {
  readonly combat: Combat.Implementation;
  readonly fighters: Readonly<Record<FighterKey, Combatant.Implementation>>;
  /** A player who owns Arden and nothing else at this table. */
  readonly player: { readonly id: string };
}

/** The rolls the round makes between two steps of the batch: each round's start and each round's defenses. */
export type RoundRoll = "round1" | "defense" | "round2" | "defense2" | "round3";

/** What the batch asks of its stage beyond the table: the dice, where they can be scripted. */
export interface LunosRoundStage extends Stage<LunosRoundTable> {
  /** Called before each roll the round makes: the stand-in scripts its dice; a live world rolls its own. */
  beforeRoll?(what: RoundRoll): void;
  /**
   * The orders of rounds 1 and 2 the scripted dice give, asserted as well
   * as the orders read from the rolls; none in a live world.
   */
  readonly scriptedOrders?: readonly (readonly (readonly FighterKey[])[])[];
}

/** Where a slot's attacks go (the attack card's step, ./attack-step.ts). */
export type AttackStep = (
  t: LunosRoundTable,
  acting: readonly Combatant.Implementation[],
  assert: BatchAssert,
) => Promise<void>;

/** No attack: each slot passes (the round's order alone). */
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

/** Whether the row shows the fighter out of the fight (unconscious, dying or dead). */
export const outOfFight = (t: LunosRoundTable, c: Combatant.Implementation): boolean =>
  Boolean(shownOf(t, c).condition);

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
    describe("LUN-RND-2: two rounds of four Lunos fighters, rolled, declared, defended and played in initiative order", function () {
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

      /** The round's order from the rows' initiative, checked against the table's; those out roll none. */
      const checkOrder = (round: number) => {
        const rolled = [];
        for (const f of LUNOS_FIGHTERS) {
          const c = t.fighters[f.key];
          const successes = shownOf(t, c).initiative;
          // The tracker shows it.
          assert.strictEqual(c.initiative, successes);
          if (outOfFight(t, c)) {
            assert.isNull(successes, `${f.name}, out of the fight, rolls no initiative`);
            continue;
          }
          assert.isTrue(Number.isInteger(successes), `${f.name} rolled initiative`);
          rolled.push({ id: c.id!, successes: successes as number, reflexes: f.abilities.reflexes });
        }
        slots = orderFromRolls(rolled);
        const system = t.combat.system as { order?: unknown; groups?: unknown };
        assert.deepEqual(system.order, slots.flat());
        assert.deepEqual(
          system.groups,
          slots.filter((s) => s.length > 1),
        );
        const scripted = stage.scriptedOrders?.[round - 1];
        if (scripted)
          assert.deepEqual(
            slots,
            scripted.map((slot) => slot.map((key) => t.fighters[key].id)),
          );
      };

      /**
       * The round's slots as the tracker brings them, each handed to the
       * attacks step, each ended by the tracker's Next turn; the last one
       * opens the next round. A slot whose fighters are all out by then is
       * passed by the tracker.
       */
      const playSlots = async (round: number, next: RoundRoll) => {
        const seen: string[][] = [];
        while (phaseOf(t.combat) === "attack" && t.combat.round === round) {
          const current = t.combat.combatant?.id ?? "";
          const slot = slots.find((s) => s.includes(current)) ?? [current];
          seen.push(slot);
          await attacks(
            t,
            slot.map((id) => t.combat.combatants.get(id)!),
            assert,
          );
          if (slot === slots.at(-1)) stage.beforeRoll?.(next);
          await t.combat.nextTurn();
        }
        const passed = slots.filter((s) => !seen.includes(s));
        assert.deepEqual(seen, stage.scriptedOrders ? slots : slots.filter((s) => !passed.includes(s)));
        for (const s of passed)
          for (const id of s) assert.isTrue(outOfFight(t, t.combat.combatants.get(id)!), "a slot passed");
        assert.strictEqual(t.combat.round, round + 1);
        assert.strictEqual(phaseOf(t.combat), "declare");
      };

      it("the round's start: initiative from Reflexes, and the order it gives", async () => {
        stage.beforeRoll?.("round1");
        await t.combat.startCombat();
        assert.strictEqual(phaseOf(t.combat), "declare");
        checkOrder(1);
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

      it("round 1's slots in initiative order, ties at once, each with its attacks, then round 2", async () => {
        await playSlots(1, "round2");
      });

      it("LUN-ACT-10: round 2, Arden pays for the lunge: one action, dice off, and no second lunge", async () => {
        const arden = shownOf(t, t.fighters.arden);
        assert.isTrue(arden.lungeDebt);
        assert.isTrue((arden.debtDice as number) > 0);
        const { cole } = ids();
        // Out of the fight, Arden declares nothing at all; in it, no second lunge.
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
        if (!outOfFight(t, t.fighters.arden)) assert.deepEqual([arden.actions, arden.actionsMax], [1, 2]);
        for (const c of all()) if (c !== t.fighters.arden) assert.strictEqual(shownOf(t, c).lungeDebt, false);
      });

      it("LUN-RND-2: round 2's order from its rolls; a fighter out of the fight rolls none", () => {
        checkOrder(2);
      });

      it("round 2's declarations: those out of the fight declare nothing; no one names the dead", async () => {
        const plans = roundTwoPlans(ids());
        const dead = (id: unknown) =>
          t.combat.combatants.get(String(id))?.actor?.statuses.has("dead" as never) === true;
        for (const f of LUNOS_FIGHTERS) {
          const c = t.fighters[f.key];
          const plan = plans[f.key] as { actions: Loose[] };
          if (outOfFight(t, c)) {
            assert.isFalse(await roundOf(c).declare(plan), `${f.name} is out of the fight`);
            continue;
          }
          const actions = plan.actions
            .map((a) => {
              const key = "targets" in a ? "targets" : "against";
              return { ...a, [key]: (a[key] as string[]).filter((id) => !dead(id)) };
            })
            .filter((a) => ((a.targets ?? a.against) as string[]).length > 0);
          // Each of these actions takes one: as many as the fighter has left (a disaster may have cost one).
          const kept = actions.slice(0, shownOf(t, c).actions as number);
          assert.isTrue(await roundOf(c).declare({ actions: kept }), `${f.name} declares`);
        }
      });

      it("round 2's defenses, rolled once each", async () => {
        stage.beforeRoll?.("defense2");
        await t.combat.nextTurn();
        assert.strictEqual(phaseOf(t.combat), "attack");
        for (const c of all()) {
          const defense = shownOf(t, c).defense as Loose | null;
          if (defense) assert.strictEqual(defense.difficulty, (defense.successes as number) + 1);
        }
      });

      it("round 2's slots, each with its attacks, then round 3", async () => {
        await playSlots(2, "round3");
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
    items: kitOf(f.key),
    prototypeToken: { name: f.name, actorLink: true },
    ownership: owner ? { [owner]: 3 } : {},
  };
}

/** Two by two, so that each fighter stands in the next space of every other: all within a sword's reach. */
const squareOfFour: TokenPlace = (i) => ({ x: 100 * (i % 2), y: 100 * Math.floor(i / 2) });

/**
 * The four as linked tokens two by two on a scene of their own, in a
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
      const { combat, combatants } = await liveCombat(
        LUNOS_FIGHTERS.map((f) => fighterData(f, f.key === "arden" ? player.id : null)),
        `FANGS Quench: Lunos ${label}`,
        cleanup,
        squareOfFour,
      );
      const fighters = Object.fromEntries(LUNOS_FIGHTERS.map((f, i) => [f.key, combatants[i]!])) as Record<
        FighterKey,
        Combatant.Implementation
      >;
      return { combat, fighters, player: { id: player.id } };
    },
    tearDown: () => runCleanup(cleanup),
  };
}
