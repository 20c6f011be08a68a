import { duelLog } from "../../../sim/duel-kit";
import type { Localizer } from "../../../sim/i18n";
import type { DuelAttackLog, DuelResult } from "./duel";

/**
 * A Lunos duel as text, in lang keys under LUNOS.: a line a round
 * (initiative and actions), a line each defense roll and Move, a line an
 * attack (its successes against the difficulty, the maneuvers bought, the
 * damage), and the end.
 */

function attackLine(e: DuelAttackLog, names: ReadonlyMap<string, string>, i18n: Localizer): string {
  const parts = [
    i18n.format(e.grapple ? "LUNOS.Sim.GrappleAttack" : "LUNOS.Sim.Attack", {
      attacker: names.get(e.attackerId) ?? e.attackerId,
      defender: names.get(e.targetId) ?? e.targetId,
      action: i18n.localize(`LUNOS.Action.${e.kind}`),
      successes: e.successes,
      difficulty: e.difficulty,
    }),
  ];
  if (e.outcome !== "normal") parts.push(i18n.localize(`LUNOS.Outcome.${e.outcome}`));
  parts.push(i18n.localize(e.hit ? "LUNOS.Sim.Hit" : "LUNOS.Sim.Miss"));
  if (e.maneuvers.length > 0)
    parts.push(
      i18n.format("LUNOS.Sim.Maneuvers", {
        maneuvers: e.maneuvers.map((m) => i18n.localize(`LUNOS.Maneuver.${m}`)).join(", "),
      }),
    );
  if (e.hit && e.damage.points > 0)
    parts.push(
      i18n.format("LUNOS.Sim.Damage", {
        damage: e.damage.points,
        bruising: e.damage.bruising,
        wounding: e.damage.wounding,
        trauma: e.damage.trauma,
        left: e.levelsLeft,
      }),
    );
  return parts.join(" · ");
}

export function formatDuelLog(
  result: DuelResult,
  ids: readonly [string, string],
  i18n: Localizer,
  seed: number,
): string[] {
  const [a, b] = result.names;
  const actions = (kinds: readonly string[]) =>
    kinds.length === 0
      ? i18n.localize("LUNOS.Sim.NoAction")
      : kinds.map((k) => i18n.localize(`LUNOS.Action.${k}`)).join(", ");
  return duelLog(result, ids, i18n, seed, {
    title: "LUNOS.Sim.Title",
    round: (round, names) => {
      const lines = [
        i18n.format("LUNOS.Sim.Round", {
          round: round.round,
          a,
          b,
          initiativeA: Math.max(0, round.initiative[0] ?? 0),
          initiativeB: Math.max(0, round.initiative[1] ?? 0),
          actionsA: actions(round.actions[0] ?? []),
          actionsB: actions(round.actions[1] ?? []),
        }),
      ];
      for (const [i, name] of result.names.entries()) {
        if (round.lunged[i]) lines.push(`  ${i18n.format("LUNOS.Sim.Lunge", { name })}`);
        if ((round.moved[i] ?? 0) > 0)
          lines.push(`  ${i18n.format("LUNOS.Sim.Move", { name, feet: round.moved[i]! })}`);
        const d = round.defenses[i];
        if (d !== null && d !== undefined)
          lines.push(`  ${i18n.format("LUNOS.Sim.Defense", { name, difficulty: d + 1 })}`);
      }
      for (const e of round.attacks) lines.push(`  ${attackLine(e, names, i18n)}`);
      return lines;
    },
    unfinished: "LUNOS.Sim.Unfinished",
    draw: "LUNOS.Sim.Draw",
    winner: "LUNOS.Sim.Winner",
    count: "rounds",
  });
}
