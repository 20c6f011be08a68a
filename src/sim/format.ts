import { itemCondition } from "../rules/fangs/character";
import type { ExchangeResolution } from "../rules/fangs/exchange";
import { getManeuver } from "../rules/fangs/maneuvers";
import { type CheckResult, type ItemSp, SuccessLevel } from "../rules/fangs/types";
import type { DuelEvent, DuelResult, FighterSnapshot } from "./duel";
import type { Localizer } from "./i18n";
import type { EndState } from "./stats";

/**
 * The duel as text, in the words of lang/en.json: roll levels and maneuver
 * names with the keys the chat cards and the tracker use (FANGS.Chat.Check.Level.*,
 * FANGS.Maneuver.*.Name, FANGS.Rules.*), the simulator's own lines under
 * FANGS.Sim.*.
 */

const LEVEL_KEYS: Readonly<Record<SuccessLevel, string>> = {
  [SuccessLevel.Fumble]: "FANGS.Chat.Check.Level.Fumble",
  [SuccessLevel.Failure]: "FANGS.Chat.Check.Level.Failure",
  [SuccessLevel.Success]: "FANGS.Chat.Check.Level.Success",
  [SuccessLevel.Special]: "FANGS.Chat.Check.Level.Special",
  [SuccessLevel.Critical]: "FANGS.Chat.Check.Level.Critical",
};

/** How the loser ended, as the last line says it ("has fled", not "is fled"). */
const LOSER_KEYS: Readonly<Record<EndState, string>> = {
  dead: "FANGS.Sim.Loser.dead",
  dying: "FANGS.Sim.Loser.dying",
  unconscious: "FANGS.Sim.Loser.unconscious",
  fled: "FANGS.Sim.Loser.fled",
  standing: "FANGS.Sim.Loser.standing",
};

function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

export function formatCheck(check: CheckResult, i18n: Localizer): string {
  const confirmation = check.confirmation === null ? "" : `, ${check.confirmation}`;
  const mods = check.modifiers === 0 ? "" : ` ${signed(check.modifiers)}`;
  return i18n.format("FANGS.Sim.Roll", {
    natural: `${check.natural}${confirmation}`,
    skill: check.skill,
    modifiers: mods,
    total: check.total,
    level: i18n.localize(LEVEL_KEYS[check.level]),
  });
}

/** "1 pace", "8 paces". */
function paces(count: number, i18n: Localizer): string {
  return i18n.format(count === 1 ? "FANGS.Sim.Pace" : "FANGS.Sim.Paces", { count });
}

function maneuverName(id: string, i18n: Localizer): string {
  return i18n.localize(getManeuver(id).labelKey);
}

function itemLine(name: string, owner: string, sp: ItemSp, i18n: Localizer): string {
  return i18n.format(`FANGS.Sim.Item.${itemCondition(sp)}`, {
    item: name,
    name: owner,
    value: sp.value,
    max: sp.max,
  });
}

function exchangeLines(
  e: Extract<DuelEvent, { type: "exchange" }>,
  names: readonly [string, string],
  i18n: Localizer,
): string[] {
  const r: ExchangeResolution = e.resolution;
  const attacker = names[e.attacker];
  const defender = names[e.defender];
  const lines: string[] = [];
  const head =
    e.source === "fumble"
      ? i18n.format("FANGS.Sim.SelfHit", { name: attacker, weapon: e.weapon })
      : i18n.format(e.source === "chargeFreeAttack" ? "FANGS.Sim.FreeAttack" : "FANGS.Sim.Attack", {
          attacker,
          defender,
          weapon: e.weapon,
          roll: formatCheck(r.attack.check, i18n),
        });
  lines.push(`  ${head}`);
  if (e.dodgeInstead) lines.push(`    ${i18n.format("FANGS.Sim.DodgeInstead", { name: defender })}`);
  if (r.defense !== null && r.defense.check !== null) {
    lines.push(
      `    ${i18n.format(`FANGS.Sim.Defense.${r.defense.choice}`, {
        name: defender,
        item: e.defenseItem ?? "",
        roll: formatCheck(r.defense.check, i18n),
      })}`,
    );
  } else if (r.attack.check.success && e.source !== "fumble") {
    lines.push(`    ${i18n.format("FANGS.Sim.Defense.none", { name: defender })}`);
  }
  const d = r.damage;
  const data = {
    attacker,
    defender,
    weapon: e.weapon,
    item: e.defenseItem ?? "",
    damage: d.damage,
    stun: d.stunDamage,
    hp: d.hitPointDamage,
    counter: d.counterDamage,
    attackerStun: d.attackerStunDamage,
    attackerHp: d.attackerHitPointDamage,
    max: d.maximum ? i18n.localize("FANGS.Sim.Maximum") : "",
  };
  lines.push(`    ${i18n.format(`FANGS.Sim.Outcome.${r.outcome.kind}`, data)}`);
  if (d.impaled) lines.push(`    ${i18n.format("FANGS.Sim.Impales", { weapon: e.weapon, name: defender })}`);
  if (d.stuckInShield)
    lines.push(
      `    ${i18n.format("FANGS.Sim.StuckInShield", { weapon: e.weapon, item: e.defenseItem ?? "" })}`,
    );
  if (r.outcome.prone) lines.push(`    ${i18n.format("FANGS.Sim.Prone", { name: defender })}`);
  for (const change of e.itemChanges) {
    lines.push(`    ${itemLine(change.item, names[change.side], change.itemSp, i18n)}`);
  }
  for (const c of r.consequences) {
    const name = c.actorId === r.attack.attackerId ? attacker : defender;
    if (c.coCheck) {
      lines.push(
        `    ${i18n.format(c.stunned ? "FANGS.Sim.Stunned" : "FANGS.Sim.NotStunned", {
          name,
          roll: formatCheck(c.coCheck, i18n),
        })}`,
      );
    }
    for (const condition of ["dead", "dying", "unconscious"] as const) {
      if (c.conditions[condition]) {
        lines.push(
          `    ${i18n.format("FANGS.Sim.Falls", { name, state: i18n.localize(`FANGS.Odds.End.${condition}`) })}`,
        );
        break;
      }
    }
  }
  if (r.outcome.fumble) {
    // What the fumble does follows on its own line (FANGS.Sim.Fumble.*).
    lines.push(
      `    ${i18n.format("FANGS.Sim.FumbleLuck", { name: attacker, roll: formatCheck(r.outcome.fumble.check, i18n) })}`,
    );
  }
  return lines;
}

function statusLine(f: FighterSnapshot, i18n: Localizer): string {
  return i18n.format("FANGS.Sim.Status", {
    name: f.name,
    stun: f.stunPoints,
    stunMax: f.stunPointsMax,
    hp: f.hitPoints,
    hpMax: f.hitPointsMax,
  });
}

/** The whole fight as lines of text (the terminal's `npm run duel`). */
export function formatDuelLog(result: DuelResult, i18n: Localizer, seed?: number): string[] {
  const names = result.names;
  const lines: string[] = [];
  lines.push(i18n.format("FANGS.Sim.Title", { a: names[0], b: names[1], seed: seed ?? "" }));
  for (const e of result.events ?? []) {
    switch (e.type) {
      case "round":
        lines.push("");
        lines.push(
          i18n.format("FANGS.Sim.Round", {
            round: e.round,
            order: e.order.map((s) => names[s]).join(", "),
            distance:
              e.distance === 0
                ? i18n.localize("FANGS.Sim.Engaged")
                : i18n.format("FANGS.Sim.Apart", { paces: paces(e.distance, i18n) }),
          }),
        );
        break;
      case "lostAction":
        lines.push(`  ${i18n.format("FANGS.Sim.LostAction", { name: names[e.side] })}`);
        break;
      case "maneuver":
        lines.push(
          `  ${i18n.format(e.weapon === null ? "FANGS.Sim.Declares" : "FANGS.Sim.DeclaresWith", {
            name: names[e.side],
            maneuver: maneuverName(e.maneuver, i18n),
            weapon: e.weapon ?? "",
          })}`,
        );
        break;
      case "move":
        lines.push(
          `  ${i18n.format("FANGS.Sim.Moves", {
            name: names[e.side],
            paces: paces(e.paces, i18n),
            maneuver: maneuverName(e.maneuver, i18n),
            distance: e.engaged
              ? i18n.localize("FANGS.Sim.Engaged")
              : i18n.format("FANGS.Sim.Apart", { paces: paces(e.distance, i18n) }),
          })}`,
        );
        break;
      case "withdrawal":
        lines.push(
          `  ${i18n.format("FANGS.Sim.Answers", { name: names[e.side], note: i18n.localize(e.noteKey) })}`,
        );
        break;
      case "attackRefused":
        lines.push(
          `  ${i18n.format("FANGS.Sim.AttackRefused", {
            name: names[e.side],
            weapon: e.weapon,
            reason: i18n.localize(e.reasonKey),
          })}`,
        );
        break;
      case "exchange":
        lines.push(...exchangeLines(e, names, i18n));
        break;
      case "fumbleApplied":
        lines.push(
          `    ${i18n.format(`FANGS.Sim.Fumble.${e.result}`, { name: names[e.side], weapon: e.weapon })}`,
        );
        break;
      case "impaled":
        lines.push(
          `  ${i18n.format("FANGS.Sim.ImpaledRound", {
            name: names[e.side],
            weapon: e.weapon,
            stun: e.stunDamage,
            hp: e.hitPointDamage,
          })}`,
        );
        break;
      case "pullOut":
        lines.push(
          `  ${i18n.format(e.removed ? "FANGS.Sim.PulledOut" : "FANGS.Sim.NotPulledOut", {
            name: names[e.side],
            weapon: e.weapon,
          })}`,
        );
        break;
      case "breakFree":
        lines.push(
          `  ${i18n.format(e.freed ? "FANGS.Sim.BrokeFree" : "FANGS.Sim.StillHeld", { name: names[e.side] })}`,
        );
        break;
      case "ready":
        lines.push(`  ${i18n.format("FANGS.Sim.Ready", { name: names[e.side], weapon: e.weapon })}`);
        break;
      case "status":
        lines.push(`  ${e.fighters.map((f) => statusLine(f, i18n)).join(" · ")}`);
        break;
      case "fled":
        lines.push(
          `  ${i18n.format("FANGS.Sim.Fled", { name: names[e.side], paces: paces(e.distance, i18n) })}`,
        );
        break;
      case "end": {
        lines.push("");
        const final = result.final;
        if (e.unfinished) lines.push(i18n.format("FANGS.Sim.Unfinished", { rounds: e.rounds }));
        else if (e.winner === null) lines.push(i18n.format("FANGS.Sim.Draw", { rounds: e.rounds }));
        else {
          const loser = final[e.winner === 0 ? 1 : 0];
          lines.push(
            i18n.format("FANGS.Sim.Winner", {
              name: names[e.winner],
              rounds: e.rounds,
              loser: i18n.format(LOSER_KEYS[loser.state], { name: loser.name }),
            }),
          );
        }
        lines.push(final.map((f) => statusLine(f, i18n)).join(" · "));
        break;
      }
    }
  }
  return lines;
}
