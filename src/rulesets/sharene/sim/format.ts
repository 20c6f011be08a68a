import type { ExchangeRolls } from "../../../rules/sharene/exchange";
import { SHARENE_HIT_LOCATIONS } from "../../../rules/sharene/hit-locations";
import { duelLog } from "../../../sim/duel-kit";
import type { Localizer } from "../../../sim/i18n";
import type { DuelResult } from "./duel";

/**
 * A Sharene duel as text, in lang keys under SHARENE.: one line a round
 * (initiative and styles), one an exchange (the two rolls against their
 * DNs and the outcome), one a blow that got through, and the end.
 */

function exchangeLine(e: ExchangeRolls, names: ReadonlyMap<string, string>, i18n: Localizer): string[] {
  const attack = e.attack.check;
  const lines = [
    i18n.format(e.riposte ? "SHARENE.Sim.Riposte" : "SHARENE.Sim.Attack", {
      attacker: names.get(e.attackerId) ?? e.attackerId,
      defender: names.get(e.defenderId) ?? e.defenderId,
      roll: attack.roll,
      dn: attack.dn,
      level: i18n.localize(attack.level ? `SHARENE.Level.${attack.level}` : "SHARENE.Level.failure"),
    }),
  ];
  if (e.defense)
    lines.push(
      i18n.format("SHARENE.Sim.Defense", {
        defense: i18n.localize(`SHARENE.Defense.${e.defense.kind}`),
        roll: e.defense.check.roll,
        dn: e.defense.check.dn,
        level: i18n.localize(
          e.defense.check.level ? `SHARENE.Level.${e.defense.check.level}` : "SHARENE.Level.failure",
        ),
      }),
    );
  lines.push(i18n.localize(`SHARENE.Outcome.${e.outcome}`));
  if (e.damage)
    lines.push(
      i18n.format("SHARENE.Sim.Damage", {
        damage: e.damage.damage,
        location: i18n.localize(
          SHARENE_HIT_LOCATIONS.locations.find((l) => l.id === e.damage!.location)?.labelKey ??
            e.damage.location,
        ),
        blow: i18n.localize(`SHARENE.Blow.${e.damage.blow.blow}`),
        left: e.damage.lifeAfter,
      }),
    );
  return [lines.join(" · ")];
}

export function formatDuelLog(
  result: DuelResult,
  ids: readonly [string, string],
  i18n: Localizer,
  seed: number,
): string[] {
  const [a, b] = result.names;
  return duelLog(result, ids, i18n, seed, {
    title: "SHARENE.Sim.Title",
    round: (round, names) => [
      i18n.format("SHARENE.Sim.Round", {
        round: round.round,
        a,
        b,
        initiativeA: round.initiative[0] ?? 0,
        initiativeB: round.initiative[1] ?? 0,
        // A fighter out of the fight declares no style.
        styleA: i18n.localize(`SHARENE.Style.${round.styles[0] ?? "none"}`),
        styleB: i18n.localize(`SHARENE.Style.${round.styles[1] ?? "none"}`),
      }),
      ...round.exchanges.flatMap((e) => exchangeLine(e, names, i18n).map((l) => `  ${l}`)),
    ],
    unfinished: "SHARENE.Sim.Unfinished",
    draw: "SHARENE.Sim.Draw",
    winner: "SHARENE.Sim.Winner",
    count: "rounds",
  });
}
