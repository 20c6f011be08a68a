import { autokillNumber } from "../../../rules/rhf/injury";
import type { RhfExchange, RhfRoll } from "../../../rules/rhf/round-engine";
import { duelLog } from "../../../sim/duel-kit";
import type { Localizer } from "../../../sim/i18n";
import type { DuelEvent, DuelResult } from "./duel";

/**
 * A duel as text, in lang keys under RHF.: a line a round (its range), a
 * line a maneuver, an exchange (each roll against its target, the defense,
 * the injuries, the outcome), a round of aiming or reloading, and the end.
 */

function rollText(r: RhfRoll, i18n: Localizer): string {
  const parts = [i18n.format("RHF.Sim.Roll", { roll: r.check.roll, target: r.check.target })];
  if (r.defense)
    parts.push(
      i18n.format("RHF.Sim.Defense", {
        defense: i18n.localize(`RHF.Defense.${r.defense.kind}`),
        roll: r.defense.check.roll,
        target: r.defense.check.target,
      }),
    );
  for (const injury of r.injuries) {
    parts.push(
      i18n.format("RHF.Sim.Injury", {
        level: i18n.localize(`RHF.Injury.${injury.level}`),
        location: i18n.localize(`RHF.Location.${injury.location}`),
        total: injury.total,
      }),
    );
    if (injury.autokillDie !== null)
      parts.push(
        i18n.format(injury.killed ? "RHF.Sim.Killed" : "RHF.Sim.Survived", {
          roll: injury.autokillDie,
          number: autokillNumber(injury.location, injury.level),
        }),
      );
  }
  return parts.join(", ");
}

function exchangeLine(e: RhfExchange, names: ReadonlyMap<string, string>, i18n: Localizer): string {
  const target = e.rolls[0]?.targetId;
  const head = i18n.format("RHF.Sim.Action", {
    attacker: names.get(e.attackerId) ?? e.attackerId,
    action: i18n.localize(`RHF.Action.${e.kind}`),
    defender: target === undefined ? "" : (names.get(target) ?? target),
  });
  const parts = [head];
  if (e.penalty > 0) parts.push(i18n.format("RHF.Sim.Penalty", { penalty: e.penalty }));
  if (e.feint > 0) parts.push(i18n.format("RHF.Sim.Feint", { feint: e.feint }));
  if (e.aimBonus > 0) parts.push(i18n.format("RHF.Sim.Aimed", { bonus: e.aimBonus }));
  for (const r of e.rolls) parts.push(rollText(r, i18n));
  parts.push(i18n.localize(`RHF.Outcome.${e.outcome}`));
  return parts.join(" · ");
}

function eventLine(event: DuelEvent, names: ReadonlyMap<string, string>, i18n: Localizer): string {
  const name = (id: string) => names.get(id) ?? id;
  switch (event.kind) {
    case "exchange":
      return exchangeLine(event.exchange, names, i18n);
    case "maneuver":
      return i18n.format(event.check.success ? "RHF.Sim.ManeuverMade" : "RHF.Sim.ManeuverFailed", {
        name: name(event.id),
        maneuver: i18n.localize(`RHF.Maneuver.${event.maneuver}`),
        roll: event.check.roll,
        target: event.check.target,
        range: i18n.localize(`RHF.Range.${event.range}`),
      });
    case "aim":
      return i18n.format("RHF.Sim.Aim", {
        name: name(event.id),
        roll: event.check.roll,
        target: event.check.target,
        bonus: event.bonus,
      });
    case "reload":
      return i18n.format("RHF.Sim.Reload", { name: name(event.id) });
    case "release":
      return i18n.format("RHF.Sim.Release", { name: name(event.id) });
  }
}

export function formatDuelLog(
  result: DuelResult,
  ids: readonly [string, string],
  i18n: Localizer,
  seed: number,
): string[] {
  return duelLog(result, ids, i18n, seed, {
    title: "RHF.Sim.Title",
    round: (round, names) => [
      i18n.format("RHF.Sim.Round", { round: round.round, range: i18n.localize(`RHF.Range.${round.range}`) }),
      ...round.events.map((event) => `  ${eventLine(event, names, i18n)}`),
    ],
    unfinished: "RHF.Sim.Unfinished",
    draw: "RHF.Sim.Draw",
    winner: "RHF.Sim.Winner",
    count: "rounds",
    // Held past the loser's Strength is an end of its own (RHF-HLD-2).
    winnerKey: (loser) => (result.conditions[loser] === "immobilized" ? "RHF.Sim.WinnerByHold" : null),
  });
}
