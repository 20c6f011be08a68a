import { activeTableRuleset } from "../../../combat/table-ruleset";
import type { BatchAssert, BatchFunction, Stage } from "../../../quench/batch";
import { LIVE_TIMEOUT_MS } from "../../../quench/batch";
import { type Cleanup, liveCombat, liveUser, runCleanup } from "../../../quench/live";
import { isOut } from "../../../rules/sharene/round-engine";
import { fighterCondition } from "../combat/round-read";

/**
 * Sharene's round of four (SHA-INI-1) for a live world: Arden (AGI 15, a
 * sword, a player's), Brin (DEX 16, a bow), Cole (AGI 14, a sword) and
 * Dara (DEX 14, throwing knives) declare, initiative is rolled as real
 * Rolls, the styles are chosen (Cole's with a split parry and a stated
 * blow, Brin's with a called shot), and the turns come in the order the rolls give, ties
 * acting at once, until the next round; a fighter the round put out of the
 * fight declares nothing in the next. Arden and Dara both attack Cole, who
 * parries and ripostes; Brin shoots at Dara.
 *
 * Each turn has a named step, `exchanges`: the registered batch plays the
 * exchange cards there (./exchange-step.ts). In a live world the dice are
 * the world's: the order and each exchange are checked against the rules
 * from the rolls as they fell; on the stand-in
 * (test/quench/sharene-round.test.ts) the dice are scripted and the exact
 * order and every outcome are asserted too.
 */

type Loose = Record<string, unknown>;

export const SHARENE_FIGHTERS = Object.freeze([
  { key: "arden", name: "Arden", dex: 12, agi: 15, end: 12, kind: "melee", action: "melee", target: "cole" },
  {
    key: "brin",
    name: "Brin",
    dex: 16,
    agi: 12,
    end: 12,
    kind: "missile",
    action: "missile",
    target: "dara",
  },
  { key: "cole", name: "Cole", dex: 10, agi: 14, end: 12, kind: "melee", action: "melee", target: "arden" },
  { key: "dara", name: "Dara", dex: 14, agi: 11, end: 8, kind: "thrown", action: "thrown", target: "cole" },
] as const);

export type FighterKey = (typeof SHARENE_FIGHTERS)[number]["key"];

export interface ShareneRoundTable {
  readonly combat: Combat.Implementation;
  readonly fighters: Readonly<Record<FighterKey, Combatant.Implementation>>;
  /** A player who owns Arden and nothing else at this table. */
  readonly player: { readonly id: string };
}

/** What the batch asks of its stage beyond the table: the dice, where they can be scripted. */
export interface ShareneRoundStage extends Stage<ShareneRoundTable> {
  /** Called before initiative is rolled: the stand-in scripts the four d10s; a live world rolls its own. */
  beforeInitiative?(): void;
  /** The order the scripted dice give, asserted as well as the order read from the rolls; none in a live world. */
  readonly scriptedOrder?: readonly FighterKey[];
}

/** Where each turn's exchanges go (the exchange card's step); by default none is played. */
export type ExchangeStep = (
  t: ShareneRoundTable,
  acting: readonly Combatant.Implementation[],
  assert: BatchAssert,
) => Promise<void>;

/** No exchange: each turn passes (the round's order alone). */
export const noExchanges: ExchangeStep = async () => {};

/** A combatant's round as a macro reaches it (`combatant.round`, src/rulesets/sharene/combat/sharene-table.ts). */
interface ShareneRoundMethods {
  readonly state: Loose;
  declare(action: string, target?: string | null): Promise<boolean>;
  chooseStyle(style: string, more?: Loose): Promise<boolean>;
}

const roundOf = (c: Combatant.Implementation) => c.round as unknown as ShareneRoundMethods;

/** The GM's record of a combatant's round. */
export function recordOf(t: ShareneRoundTable, c: Combatant.Implementation): Loose {
  const records = ((t.combat.system as { records?: Record<string, Loose> }).records ?? {}) as Record<
    string,
    Loose
  >;
  return records[c.id ?? ""] ?? {};
}

interface Rolled {
  readonly id: string;
  readonly total: number;
  readonly abilityValue: number;
}

/**
 * The order the rolls give (SHA-INI-1, docs/rules/sharene.md "Initiative
 * ties"): the highest total first, a tie to the higher ability added, a tie
 * on both acting at once. Worked out here from the records, not asked of
 * the engine, so the batch checks the table's order against the rule.
 */
export function orderFromRolls(rolled: readonly Rolled[]): string[][] {
  const sorted = [...rolled].sort((a, b) => b.total - a.total || b.abilityValue - a.abilityValue);
  const slots: Rolled[][] = [];
  for (const r of sorted) {
    const last = slots.at(-1)?.[0];
    if (last && last.total === r.total && last.abilityValue === r.abilityValue) slots.at(-1)!.push(r);
    else slots.push([r]);
  }
  return slots.map((slot) => slot.map((r) => r.id));
}

const phaseOf = (combat: Combat.Implementation) => String((combat.system as { phase?: unknown }).phase);

export function shareneRoundBatch(
  stage: ShareneRoundStage,
  exchanges: ExchangeStep = noExchanges,
): BatchFunction {
  return ({ describe, it, before, after, assert }) => {
    describe("SHA-INI-1: a round of four Sharene fighters, declared, rolled, styled and played in the rolled order", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: ShareneRoundTable;
      let slots: string[][] = [];
      const all = () => SHARENE_FIGHTERS.map((f) => t.fighters[f.key]);
      before(async () => {
        t = await stage.setUp();
      });
      after(() => stage.tearDown());

      it("the declarations: each fighter's action and whom it attacks", async () => {
        await t.combat.startCombat();
        assert.strictEqual(phaseOf(t.combat), "declare");
        for (const f of SHARENE_FIGHTERS)
          assert.isTrue(
            await roundOf(t.fighters[f.key]).declare(f.action, t.fighters[f.target].id),
            `${f.name} declares`,
          );
        for (const f of SHARENE_FIGHTERS)
          assert.deepEqual(
            [recordOf(t, t.fighters[f.key]).action, recordOf(t, t.fighters[f.key]).declared],
            [f.action, true],
          );
      });

      it("the initiative: 1d10 plus DEX or AGI by the declared action, and the order the rolls give", async () => {
        stage.beforeInitiative?.();
        await t.combat.nextTurn();
        assert.strictEqual(phaseOf(t.combat), "style");
        const rolled: Rolled[] = [];
        for (const f of SHARENE_FIGHTERS) {
          const c = t.fighters[f.key];
          const roll = recordOf(t, c).initiativeRoll as
            | { roll: number; ability: string; abilityValue: number; total: number }
            | undefined;
          assert.ok(roll, `${f.name} rolled`);
          const ability = f.action === "melee" ? "agi" : "dex";
          assert.strictEqual(roll!.ability, ability, `${f.name} adds its ${ability}`);
          assert.strictEqual(roll!.abilityValue, f[ability]);
          assert.isTrue(
            Number.isInteger(roll!.roll) && roll!.roll >= 1 && roll!.roll <= 10,
            `${f.name}'s d10`,
          );
          assert.strictEqual(roll!.total, roll!.roll + roll!.abilityValue);
          // The tracker shows and sorts by it.
          assert.strictEqual(c.initiative, roll!.total);
          rolled.push({ id: c.id!, total: roll!.total, abilityValue: roll!.abilityValue });
        }
        slots = orderFromRolls(rolled);
        const system = t.combat.system as { order?: unknown; groups?: unknown };
        assert.deepEqual(system.order, slots.flat());
        assert.deepEqual(
          system.groups,
          slots.filter((s) => s.length > 1),
        );
        if (stage.scriptedOrder)
          assert.deepEqual(
            system.order,
            stage.scriptedOrder.map((key) => t.fighters[key].id),
          );
      });

      it("SHA-STY-2: the styles, a split parry among them, stated blows (SHA-BLW-1), a called shot (SHA-CAL-1); a Full Attack splits no parry (SHA-STY-3)", async () => {
        const { arden, brin, cole, dara } = t.fighters;
        assert.isTrue(await roundOf(arden).chooseStyle("fullAttack", { statedBlow: "thrust" }));
        assert.isTrue(
          await roundOf(brin).chooseStyle("attackParry", {
            called: { kind: "location", location: "leftArm" },
          }),
        );
        assert.isTrue(await roundOf(cole).chooseStyle("parryRiposte", { split: 2, statedBlow: "slash" }));
        assert.isTrue(await roundOf(dara).chooseStyle("attackParry"));
        // A Full Attack splits no parry (SHA-STY-3): refused, and Arden's style stays.
        assert.isFalse(await roundOf(arden).chooseStyle("fullAttack", { split: 2 }));
        assert.deepEqual(
          all().map((c) => recordOf(t, c).style),
          ["fullAttack", "attackParry", "parryRiposte", "attackParry"],
        );
        assert.deepEqual([recordOf(t, cole).split, recordOf(t, cole).statedBlow], [2, "slash"]);
        assert.deepEqual(recordOf(t, brin).called, { kind: "location", location: "leftArm" });
        assert.deepEqual([recordOf(t, arden).split, recordOf(t, arden).statedBlow], [0, "thrust"]);
      });

      it("the turns: each slot in the rolled order, ties at once, then a new round", async () => {
        await t.combat.nextTurn();
        const seen: string[][] = [];
        while (phaseOf(t.combat) === "action" && t.combat.round === 1) {
          const current = t.combat.combatant?.id ?? "";
          const slot = slots.find((s) => s.includes(current)) ?? [current];
          seen.push(slot);
          await exchanges(
            t,
            slot.map((id) => t.combat.combatants.get(id)!),
            assert,
          );
          await t.combat.nextTurn();
        }
        assert.deepEqual(seen, slots);
        assert.strictEqual(t.combat.round, 2);
        assert.strictEqual(phaseOf(t.combat), "declare");
      });

      it("round 2 starts clean: no declaration, no roll, no style", () => {
        for (const c of all()) {
          const r = recordOf(t, c);
          assert.deepEqual([r.declared, r.initiativeRoll, r.style], [false, null, null]);
          assert.isNull(c.initiative);
        }
      });

      it("a fighter the exchanges put out of the fight passes the next round: it declares nothing", async () => {
        for (const f of SHARENE_FIGHTERS) {
          const c = t.fighters[f.key];
          const condition = fighterCondition(c.actor);
          if (!condition || !isOut(condition)) continue;
          assert.isFalse(await roundOf(c).declare(f.action, t.fighters[f.target].id), `${f.name} passes`);
          assert.isFalse(recordOf(t, c).declared === true, `${f.name} has not declared`);
        }
      });
    });
  };
}

/* -------------------------------------------- */
/*  The live world's table                      */
/* -------------------------------------------- */

function fighterData(f: (typeof SHARENE_FIGHTERS)[number], owner: string | null): Loose {
  const damage: Record<string, string> =
    f.kind === "missile" ? { thrust: "1d8" } : { slash: "1d8", thrust: "1d6" };
  return {
    name: f.name,
    type: "shareneCharacter",
    system: {
      characteristics: { dex: f.dex, agi: f.agi, end: f.end },
      lifePoints: { value: 30, max: 30 },
      dodge: { level: 3, natural: 9 },
    },
    items: [
      {
        name: f.kind === "missile" ? "Bow" : f.kind === "thrown" ? "Throwing knives" : "Sword",
        type: "shareneWeapon",
        system: {
          kind: f.kind,
          attack: { level: 4, natural: 9 },
          parry: { level: 3, natural: 9 },
          parries: f.kind === "melee",
          damage: { slash: "", thrust: "", special: "", ...damage },
          mainBlow: "slash" in damage ? "slash" : "thrust",
          equipped: true,
        },
      },
    ],
    prototypeToken: { name: f.name, actorLink: true },
    ownership: owner ? { [owner]: 3 } : {},
  };
}

/**
 * The four as linked tokens on a scene of their own, in a combat on that
 * scene; one player owns Arden. The world must play Sharene (its "Combat
 * rules", set before the world loaded): the batch says so and stops
 * otherwise. Everything is deleted afterwards.
 */
export function liveShareneRoundStage(label = "round"): ShareneRoundStage {
  const cleanup: Cleanup = [];
  return {
    async setUp() {
      if (activeTableRuleset().id !== "sharene")
        throw new Error(game.i18n!.localize("SHARENE.Quench.NotSharene"));
      const player = await liveUser(`FANGS Quench Sharene ${label} player`, cleanup);
      const { combat, combatants } = await liveCombat(
        SHARENE_FIGHTERS.map((f) => fighterData(f, f.key === "arden" ? player.id : null)),
        `FANGS Quench: Sharene ${label}`,
        cleanup,
      );
      const fighters = Object.fromEntries(SHARENE_FIGHTERS.map((f, i) => [f.key, combatants[i]!])) as Record<
        FighterKey,
        Combatant.Implementation
      >;
      return { combat, fighters, player: { id: player.id } };
    },
    tearDown: () => runCleanup(cleanup),
  };
}
