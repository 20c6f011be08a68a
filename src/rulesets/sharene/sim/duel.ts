import { applyEffectsTo, type EffectSubject } from "../../../rules/kernel/apply";
import { SeededDice } from "../../../rules/kernel/dice";
import type { Effect } from "../../../rules/kernel/effects";
import { resolveShareneOptions, type ShareneOptions, type ShareneRules } from "../../../rules/sharene/config";
import "../../../rules/sharene/effect-kinds";
import type { ExchangeRolls } from "../../../rules/sharene/exchange";
import {
  acting,
  beginActions,
  declareAction,
  declareStyle,
  declineRiposte,
  defenseOptions,
  endTurn,
  type FightView,
  isOut,
  offerAttack,
  offerRiposte,
  resolveAttack,
  rollInitiative,
  type ShareneRound,
  startRound,
} from "../../../rules/sharene/round-engine";
import {
  LIFE_POOL,
  SHARENE_STATUS,
  type ShareneCondition,
  type ShareneFighter,
  type Style,
} from "../../../rules/sharene/types";
import { duelLimit } from "../../../sim/duel-kit";
import type { EndState, FightSummary } from "../../../sim/stats";
import type { SharenePolicy, SharenePolicyView } from "./policies";

/**
 * A Sharene duel for the simulator: two fighters, seeded dice, each
 * round walked through the round engine (declare, initiative, styles, the
 * attacks in order with their defenses and ripostes), every blow's effects
 * applied by the kernel applier to the fighters' plain state. The fight
 * ends when a fighter is out (unconscious, in a coma, dead), or at the
 * round limit.
 */

export const DEFAULT_MAX_ROUNDS = 100;

export interface DuelSetup {
  readonly fighters: readonly [ShareneFighter, ShareneFighter];
  readonly policies: readonly [SharenePolicy, SharenePolicy];
  readonly maxRounds?: number;
  readonly options?: ShareneOptions;
}

/** One round's record, for the fight log. */
export interface DuelRoundLog {
  readonly round: number;
  readonly initiative: readonly number[];
  readonly styles: readonly (Style | null)[];
  /** Whose attack this round was lost to a critical failure. */
  readonly lostAttack: readonly boolean[];
  readonly exchanges: readonly ExchangeRolls[];
}

export interface DuelResult {
  readonly summary: FightSummary;
  readonly names: readonly [string, string];
  readonly lifePoints: readonly [number, number];
  readonly log: readonly DuelRoundLog[] | null;
}

function subjectOf(sheet: ShareneFighter): EffectSubject {
  return {
    pools: { [LIFE_POOL]: sheet.lifePoints },
    items: new Map(),
    statuses: new Set(),
  };
}

const WOUNDS = "wounds.";

const NO_WOUNDS: Readonly<Record<string, number>> = Object.freeze({});

function conditionOf(s: EffectSubject): ShareneCondition {
  let wounds: Record<string, number> | null = null;
  for (const key in s.pools) {
    if (!key.startsWith(WOUNDS)) continue;
    if (wounds === null) wounds = {};
    wounds[key.slice(WOUNDS.length)] = s.pools[key]!;
  }
  return { lifePoints: s.pools[LIFE_POOL]!, wounds: wounds ?? NO_WOUNDS, statuses: s.statuses };
}

function endStateOf(c: ShareneCondition): EndState {
  if (c.statuses.has(SHARENE_STATUS.dead)) return "dead";
  if (c.statuses.has(SHARENE_STATUS.comatose) || c.lifePoints <= 0) return "dying";
  if (c.statuses.has(SHARENE_STATUS.unconscious)) return "unconscious";
  return "standing";
}

/** Runs one duel with the dice of `seed`; `record` keeps the round-by-round log. */
export function runDuel(setup: DuelSetup, seed: number, record = false): DuelResult {
  const rules: ShareneRules = resolveShareneOptions(setup.options);
  const maxRounds = duelLimit(setup.fighters, setup.maxRounds, DEFAULT_MAX_ROUNDS);
  const [a, b] = setup.fighters;
  const dice = new SeededDice(seed);
  const sheets = new Map([
    [a.id, a],
    [b.id, b],
  ]);
  const subjects = new Map([
    [a.id, subjectOf(a)],
    [b.id, subjectOf(b)],
  ]);
  const policies = new Map([
    [a.id, setup.policies[0]],
    [b.id, setup.policies[1]],
  ]);
  // Each fighter's condition is read many times an exchange and changes only when effects land.
  const conditions = new Map<string, ShareneCondition>();
  for (const [id, subject] of subjects) conditions.set(id, conditionOf(subject));
  const view: FightView = {
    sheet: (id) => sheets.get(id)!,
    condition: (id) => conditions.get(id)!,
  };
  const pv = (id: string): SharenePolicyView => ({ sheet: view.sheet(id), condition: view.condition(id) });
  const subjectFor = (id: string) => subjects.get(id);
  const apply = (effects: readonly Effect[]) => {
    if (effects.length === 0) return;
    applyEffectsTo(effects, subjectFor);
    for (const e of effects) {
      const id = (e as { actorId?: string }).actorId;
      if (id !== undefined && subjects.has(id)) conditions.set(id, conditionOf(subjects.get(id)!));
    }
  };
  const ids = [a.id, b.id] as const;
  const log: DuelRoundLog[] | null = record ? [] : null;
  let round: ShareneRound | null = null;
  let rounds = 0;

  while (rounds < maxRounds && !ids.some((id) => isOut(view.condition(id)))) {
    rounds += 1;
    round = startRound(
      round,
      ids.map((id) => ({ id, outOfAction: false })),
    );
    for (const id of ids) {
      const weapon = view.sheet(id).weapon;
      round = declareAction(round, id, { target: id === a.id ? b.id : a.id, action: weapon.kind });
    }
    round = rollInitiative(round, view, dice, rules);
    const slotOf = (id: string) =>
      round!.slots.findIndex((s) => (typeof s === "string" ? s === id : s.includes(id)));
    for (const id of ids) {
      const other = id === a.id ? b.id : a.id;
      const style = policies.get(id)!.chooseStyle({
        round,
        self: pv(id),
        opponent: pv(other),
        first: slotOf(id) <= slotOf(other),
      });
      round = declareStyle(round, id, { style }, view, rules);
    }
    round = beginActions(round);
    const lostAttack = round.fighters.map((f) => f.loseNextAttack);
    const exchanges: ExchangeRolls[] = [];
    while (round.phase === "action") {
      // Fighters whose initiatives tie strike at once: their blows land together, after the slot.
      const slot = acting(round);
      const held: Effect[] = [];
      const land = slot.length > 1 ? (e: readonly Effect[]) => held.push(...e) : apply;
      for (const id of slot) {
        const offer = offerAttack(round, id, view, rules);
        if (!offer.ok) continue;
        const defender = offer.attack.defenderId;
        const options = defenseOptions(round, offer.attack, view, rules);
        const defense =
          options.length > 0
            ? policies.get(defender)!.chooseDefense({ self: pv(defender), attack: offer.attack, options })
            : null;
        let resolved = resolveAttack(round, { attackerId: id }, defense, view, dice, rules);
        exchanges.push(resolved.exchange);
        land(resolved.effects);
        round = resolved.round;
        if (round.pendingRiposte) {
          const riposte = offerRiposte(round, view, rules)!;
          if (policies.get(riposte.attackerId)!.takeRiposte({ self: pv(riposte.attackerId), riposte })) {
            const back = defenseOptions(round, riposte, view, rules);
            const answer =
              back.length > 0
                ? policies.get(riposte.defenderId)!.chooseDefense({
                    self: pv(riposte.defenderId),
                    attack: riposte,
                    options: back,
                  })
                : null;
            resolved = resolveAttack(
              round,
              { attackerId: riposte.attackerId, riposte: true },
              answer,
              view,
              dice,
              rules,
            );
            exchanges.push(resolved.exchange);
            land(resolved.effects);
            round = resolved.round;
          } else round = declineRiposte(round);
        }
      }
      apply(held);
      round = endTurn(round);
    }
    log?.push({
      round: round.round,
      initiative: round.fighters.map((f) => f.initiative?.total ?? 0),
      styles: round.fighters.map((f) => f.style),
      lostAttack,
      exchanges,
    });
  }

  const ends = ids.map((id) => endStateOf(view.condition(id))) as [EndState, EndState];
  const out = ends.map((e) => e !== "standing");
  const unfinished = !out[0] && !out[1];
  const winner: 0 | 1 | null = out[0] && !out[1] ? 1 : out[1] && !out[0] ? 0 : null;
  return {
    summary: { winner, rounds, ends, unfinished },
    names: [a.name, b.name],
    lifePoints: [view.condition(a.id).lifePoints, view.condition(b.id).lifePoints],
    log,
  };
}
