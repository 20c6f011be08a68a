import type { H2hEvent } from "../../../rules/h2h/melee";
import { duelLog } from "../../../sim/duel-kit";
import type { Localizer } from "../../../sim/i18n";
import type { H2hDuelResult } from "./duel";

/**
 * A Hand to Hand duel as text, in lang keys under H2H.: a line a melee,
 * one an event of it (initiative, strike, defense, reduction, damage,
 * effect), and the end.
 */

function eventLine(e: H2hEvent, name: (id: string) => string, i18n: Localizer): string {
  const result = (made: boolean) => i18n.localize(made ? "H2H.Sim.Made" : "H2H.Sim.Failed");
  switch (e.kind) {
    case "initiative":
      return i18n.format(`H2H.Sim.Initiative.${e.actor === null ? "tie" : e.why}`, {
        a: name(e.ids[0]),
        b: name(e.ids[1]),
        rollA: e.rolls[0]?.total ?? 0,
        rollB: e.rolls[1]?.total ?? 0,
        actor: e.actor === null ? "" : name(e.actor),
      });
    case "tieDefend":
      return i18n.format("H2H.Sim.TieDefend", {
        fighter: name(e.by),
        roll: e.roll.total,
        result: result(e.made),
      });
    case "flinch":
      return i18n.format("H2H.Sim.Flinch", { fighters: e.by.map(name).join(", ") });
    case "pass":
      return i18n.format("H2H.Sim.Pass", { fighter: name(e.by) });
    case "prepare":
      return i18n.format("H2H.Sim.Prepare", { fighter: name(e.by) });
    case "actions":
      return i18n.format("H2H.Sim.Actions", {
        fighter: name(e.by),
        actions: e.actions.map((a) => i18n.localize(`H2H.Action.${a}`)).join(", "),
      });
    case "strike":
      return i18n.format("H2H.Sim.Strike", {
        attacker: name(e.by),
        defender: name(e.target),
        move: [
          i18n.localize(`H2H.Move.${e.move}`),
          ...e.modifiers.map((m) => i18n.localize(`H2H.Modifier.${m}`)),
        ].join(" + "),
        natural: e.natural,
        total: e.total,
      });
    case "catch":
      return i18n.format(`H2H.Sim.Catch.${e.what}`, {
        fighter: name(e.by),
        roll: e.total,
        against: e.against,
        result: result(e.made),
      });
    case "defense":
      return i18n.format("H2H.Sim.Defense", {
        fighter: name(e.by),
        defense: i18n.localize(`H2H.Defense.${e.defense}`),
        natural: e.natural,
        total: e.total,
        result: result(e.made),
      });
    case "reduction":
      return i18n.format("H2H.Sim.Reduction", {
        fighter: name(e.by),
        reduction: i18n.localize(`H2H.Reduction.${e.reduction}`),
        natural: e.natural,
        total: e.total,
        result: result(e.made),
      });
    case "miss":
      return i18n.format("H2H.Sim.Miss", { attacker: name(e.by), defender: name(e.target) });
    case "damage":
      return i18n.format(`H2H.Sim.Damage.${e.cause}`, {
        fighter: name(e.to),
        from: name(e.from),
        amount: e.amount,
        hp: e.hp,
      });
    case "effect":
      return i18n.format(`H2H.Effect.${e.what}`, { fighter: name(e.to), amount: e.amount });
    case "breakFree":
      return i18n.format("H2H.Sim.BreakFree", {
        fighter: name(e.by),
        roll: e.total,
        against: e.against,
        result: result(e.made),
      });
  }
}

export function formatH2hLog(
  result: H2hDuelResult,
  ids: readonly [string, string],
  i18n: Localizer,
  seed: number,
): string[] {
  return duelLog(result, ids, i18n, seed, {
    title: "H2H.Sim.Title",
    round: (melee, names) => {
      const name = (id: string) => names.get(id) ?? id;
      return [
        i18n.format("H2H.Sim.Melee", { melee: melee.melee }),
        ...melee.events.map((e) => `  ${eventLine(e, name, i18n)}`),
      ];
    },
    unfinished: "H2H.Sim.Unfinished",
    draw: "H2H.Sim.Draw",
    winner: "H2H.Sim.Winner",
    count: "melees",
  });
}
