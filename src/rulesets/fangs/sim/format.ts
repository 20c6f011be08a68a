import type { AutofireDamage } from "../../../rules/fangs/autofire";
import type { BurstRoll } from "../../../rules/fangs/bursts";
import { itemCondition } from "../../../rules/fangs/character";
import type { ExchangeResolution } from "../../../rules/fangs/exchange";
import { FUMBLE_OPTIONS } from "../../../rules/fangs/fumble";
import { getManeuver } from "../../../rules/fangs/maneuvers";
import { DEFENSE_LABEL_KEYS, OUTCOME_LABEL_KEYS } from "../../../rules/fangs/outcome-labels";
import { type CheckResult, type ItemSp, SuccessLevel } from "../../../rules/fangs/types";
import type { Localizer } from "../../../sim/i18n";
import type { EndState } from "../../../sim/stats";
import type { DuelEvent, FighterSnapshot, FightResult } from "./duel";

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

/** A fighter's name by its index (the events' `side`). */
function nm(names: readonly string[], index: number): string {
  return names[index] ?? `#${index}`;
}

function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/**
 * A check as the chat card gives it: the die, the skill and modifiers, the
 * total, and a confirmation roll as its own named roll (the card's "Fumble
 * roll" or "Critical roll") with the unmodified skill it is compared with
 * and whether it confirmed, never as a part of the total: it confirms the
 * level and adds nothing to the total.
 */
export function formatCheck(check: CheckResult, i18n: Localizer): string {
  const data = {
    natural: check.natural,
    skill: check.skill,
    modifiers: check.modifiers === 0 ? "" : ` ${signed(check.modifiers)}`,
    total: check.total,
    level: i18n.localize(LEVEL_KEYS[check.level]),
  };
  if (check.confirmation === null) return i18n.format("FANGS.Sim.Roll", data);
  // The card's reading (src/chat/check-card.ts): a Special or Critical was rolled for the Critical, anything else for the Fumble.
  const forCritical = check.level === SuccessLevel.Special || check.level === SuccessLevel.Critical;
  // The core confirms by the second roll + the unmodified skill (check.ts): the sum shows why the same die differs by skill.
  const confirmed = check.level === (forCritical ? SuccessLevel.Critical : SuccessLevel.Fumble);
  return i18n.format("FANGS.Sim.RollConfirmed", {
    ...data,
    roll: i18n.localize(forCritical ? "FANGS.Chat.Check.ConfirmCritical" : "FANGS.Chat.Check.ConfirmFumble"),
    confirmation: check.confirmation,
    sum: check.confirmation + check.skill,
    verdict: i18n.localize(confirmed ? "FANGS.Sim.Confirmed" : "FANGS.Sim.NotConfirmed"),
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

const FUMBLE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  FUMBLE_OPTIONS.map((option) => [option.id, option.labelKey]),
);

/**
 * One exchange in the chat card's words and order: heading and attack roll,
 * defense roll, outcome and its notes, damage lines; then what the card does
 * not show but a duel log wants (the CO check, who falls, item condition).
 */
/** A burst's rolls, one line each: the check and, when made, the d6 and its hits. */
export function burstRollLines(rolls: readonly BurstRoll[], i18n: Localizer): string[] {
  return rolls.map((b, i) => {
    const data = { index: i + 1, roll: formatCheck(b.check, i18n) };
    if (b.face === null) return i18n.format("FANGS.Burst.RollMissed", data);
    return i18n.format(b.hits === 1 ? "FANGS.Burst.RollHit" : "FANGS.Burst.RollHits", {
      ...data,
      face: b.face,
      hits: b.hits,
    });
  });
}

function exchangeLines(
  e: Extract<DuelEvent, { type: "exchange" }>,
  names: readonly string[],
  i18n: Localizer,
): string[] {
  const r: ExchangeResolution = e.resolution;
  const attacker = nm(names, e.attacker);
  const defender = nm(names, e.defender);
  const lines: string[] = [];
  const say = (indent: number, text: string): void => {
    lines.push(`${"  ".repeat(indent)}${text}`);
  };
  if (e.source === "fumble") {
    say(1, i18n.format("FANGS.Sim.SelfHit", { name: attacker, weapon: e.weapon }));
  } else {
    if (e.source === "chargeFreeAttack") {
      say(1, i18n.format("FANGS.Chat.FreeAttack.Offered", { name: attacker, attacker: defender }));
    }
    say(
      1,
      i18n.format("FANGS.Sim.AttackLine", {
        heading: i18n.format("FANGS.Chat.Heading", { attacker, target: defender }),
        weapon: e.weapon,
        roll: formatCheck(r.attack.check, i18n),
      }),
    );
  }
  // The bursts and area fire module (RHF-AUT-1, -2): each roll and the hits its d6 gave.
  if (r.attack.burst !== undefined) for (const line of burstRollLines(r.attack.burst, i18n)) say(2, line);
  if (r.defense !== null && r.defense.check !== null) {
    const title =
      i18n.localize(DEFENSE_LABEL_KEYS[r.defense.choice]) + (e.defenseItem ? ` (${e.defenseItem})` : "");
    say(
      2,
      i18n.format("FANGS.Sim.DefenseLine", {
        name: defender,
        defense: title,
        roll: formatCheck(r.defense.check, i18n),
      }),
    );
  } else if (r.attack.check.success && e.source !== "fumble") {
    say(
      2,
      i18n.format("FANGS.Sim.NoDefense", { name: defender, defense: i18n.localize(DEFENSE_LABEL_KEYS.none) }),
    );
  }
  const o = r.outcome;
  const critical = o.kind === "specialHit" && o.attackLevel === SuccessLevel.Critical;
  say(2, `${i18n.localize(critical ? "FANGS.Chat.Outcome.CriticalHit" : OUTCOME_LABEL_KEYS[o.kind])}.`);
  if (o.upgradeConfirmation !== null) {
    say(
      2,
      i18n.format(
        o.attackLevel === SuccessLevel.Critical
          ? "FANGS.Chat.Outcome.UpgradedCritical"
          : "FANGS.Chat.Outcome.Upgraded",
        { value: o.upgradeConfirmation },
      ),
    );
  }
  if (o.prone) say(2, i18n.format("FANGS.Chat.Outcome.Prone", { name: defender }));
  if (o.parryItemBroken) say(2, i18n.localize("FANGS.Chat.Outcome.ParryItemBroken"));
  if (e.dodgeInstead) say(2, i18n.localize("FANGS.Rules.Defense.DodgeInstead"));
  if (o.fumble) {
    say(2, `${i18n.localize("FANGS.Chat.Fumble.Luck")}: ${formatCheck(o.fumble.check, i18n)}`);
    say(
      2,
      i18n.format("FANGS.Chat.Fumble.Suggested", {
        option: i18n.localize(FUMBLE_KEYS[o.fumble.suggested] ?? ""),
      }),
    );
  }
  const d = r.damage;
  // NC-MAN-12: an autofire burst may get hits through a dodge; the rules core counted them.
  if (r.hits > 0 || (o.kind !== "missed" && o.kind !== "attackFumbled" && o.kind !== "dodged")) {
    if (r.hits > 0) {
      const perRoll = (r.damage as Partial<AutofireDamage>).perRoll;
      if (perRoll !== undefined && perRoll.length > 1)
        say(2, i18n.format("FANGS.Burst.Through", { hits: perRoll.join(", ") }));
      say(
        2,
        i18n.format(r.hits === 1 ? "FANGS.Chat.Damage.AutofireHit" : "FANGS.Chat.Damage.AutofireHits", {
          hits: r.hits,
        }),
      );
    }
    if (d.damage > 0 || d.maximum) {
      say(
        2,
        i18n.format(d.maximum ? "FANGS.Chat.Damage.Maximum" : "FANGS.Chat.Damage.Rolled", {
          value: d.damage,
        }),
      );
    }
    if (d.stunDamage > 0 || d.hitPointDamage > 0) {
      say(
        2,
        i18n.format("FANGS.Chat.Damage.Taken", { name: defender, stun: d.stunDamage, hp: d.hitPointDamage }),
      );
    }
    if (d.parryItemWear > 0) {
      say(
        2,
        i18n.format(d.parryItemShattered ? "FANGS.Chat.Damage.ItemShattered" : "FANGS.Chat.Damage.ItemWorn", {
          item: e.defenseItem ?? "",
          value: d.parryItemWear,
        }),
      );
    }
    if (d.weaponWear > 0) {
      say(
        2,
        i18n.format(d.weaponShattered ? "FANGS.Chat.Damage.ItemShattered" : "FANGS.Chat.Damage.ItemWorn", {
          item: e.weapon,
          value: d.weaponWear,
        }),
      );
    }
    if (d.counterDamage > 0) {
      say(
        2,
        i18n.format("FANGS.Chat.Damage.Counter", {
          value: d.counterDamage,
          name: attacker,
          stun: d.attackerStunDamage,
          hp: d.attackerHitPointDamage,
        }),
      );
    }
    if (d.impaled) say(2, i18n.format("FANGS.Chat.Damage.Impaled", { item: e.weapon, name: defender }));
    if (d.stuckInShield) say(2, i18n.format("FANGS.Chat.Damage.StuckInShield", { item: e.weapon }));
    if (
      d.damage === 0 &&
      !d.maximum &&
      d.stunDamage === 0 &&
      d.parryItemWear === 0 &&
      d.weaponWear === 0 &&
      o.kind !== "grappled"
    ) {
      say(2, i18n.localize("FANGS.Chat.Damage.None"));
    }
  }
  for (const change of e.itemChanges)
    say(2, itemLine(change.item, nm(names, change.side), change.itemSp, i18n));
  for (const c of r.consequences) {
    const name = c.actorId === r.attack.attackerId ? attacker : defender;
    if (c.coCheck) {
      say(
        2,
        i18n.format(c.stunned ? "FANGS.Sim.Stunned" : "FANGS.Sim.NotStunned", {
          name,
          roll: formatCheck(c.coCheck, i18n),
        }),
      );
    }
    for (const condition of ["dead", "dying", "unconscious"] as const) {
      if (c.conditions[condition]) {
        say(2, i18n.format("FANGS.Sim.Falls", { name, state: i18n.localize(`FANGS.Odds.End.${condition}`) }));
        break;
      }
    }
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
export function formatDuelLog(result: FightResult, i18n: Localizer, seed?: number): string[] {
  const names = result.names;
  const lines: string[] = [];
  const sides = result.sides;
  // A side's name: its fighters' names, one after the other (a duel's side is its one fighter).
  const sideName = (team: 0 | 1): string =>
    sides ? sides[team].map((i) => nm(names, i)).join(", ") : nm(names, team);
  lines.push(i18n.format("FANGS.Sim.Title", { a: sideName(0), b: sideName(1), seed: seed ?? "" }));
  for (const e of result.events ?? []) {
    switch (e.type) {
      case "round":
        lines.push("");
        lines.push(
          i18n.format("FANGS.Sim.Round", {
            round: e.round,
            order: e.order.map((s) => nm(names, s)).join(", "),
            distance:
              e.distance === 0
                ? i18n.localize("FANGS.Sim.Engaged")
                : i18n.format("FANGS.Sim.Apart", { paces: paces(e.distance, i18n) }),
          }),
        );
        break;
      case "lostAction":
        lines.push(`  ${i18n.format("FANGS.Sim.LostAction", { name: nm(names, e.side) })}`);
        break;
      case "maneuver": {
        const line = i18n.format(e.weapon === null ? "FANGS.Sim.Declares" : "FANGS.Sim.DeclaresWith", {
          name: nm(names, e.side),
          maneuver: maneuverName(e.maneuver, i18n),
          weapon: e.weapon ?? "",
        });
        lines.push(
          `  ${e.target === undefined ? line : i18n.format("FANGS.Sim.Against", { line, target: nm(names, e.target) })}`,
        );
        break;
      }
      case "move":
        lines.push(
          `  ${i18n.format("FANGS.Sim.Moves", {
            name: nm(names, e.side),
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
          `  ${i18n.format("FANGS.Sim.Answers", { name: nm(names, e.side), note: i18n.localize(e.noteKey) })}`,
        );
        break;
      case "attackRefused":
        lines.push(
          `  ${i18n.format("FANGS.Sim.AttackRefused", {
            name: nm(names, e.side),
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
          `    ${i18n.format(`FANGS.Sim.Fumble.${e.result}`, { name: nm(names, e.side), weapon: e.weapon })}`,
        );
        break;
      case "impaled":
        lines.push(
          `  ${i18n.format("FANGS.Sim.ImpaledRound", {
            name: nm(names, e.side),
            weapon: e.weapon,
            stun: e.stunDamage,
            hp: e.hitPointDamage,
          })}`,
        );
        break;
      case "dying":
        lines.push(
          `  ${i18n.format("FANGS.Sim.DyingRound", { name: nm(names, e.side), hp: e.hitPointDamage })}`,
        );
        if (e.dead)
          lines.push(
            `  ${i18n.format("FANGS.Sim.Falls", { name: nm(names, e.side), state: i18n.localize("FANGS.Odds.End.dead") })}`,
          );
        break;
      case "pullOut":
        lines.push(
          `  ${i18n.format(e.removed ? "FANGS.Sim.PulledOut" : "FANGS.Sim.NotPulledOut", {
            name: nm(names, e.side),
            weapon: e.weapon,
          })}`,
        );
        break;
      case "breakFree":
        lines.push(
          `  ${i18n.format(e.freed ? "FANGS.Sim.BrokeFree" : "FANGS.Sim.StillHeld", { name: nm(names, e.side) })}`,
        );
        break;
      case "holdControl":
        lines.push(
          `  ${i18n.format(e.immobilized ? "FANGS.Sim.HoldImmobilizes" : "FANGS.Sim.HoldControl", {
            name: nm(names, e.side),
            grappler: nm(names, e.grappler),
            points: e.controlPoints,
          })}`,
        );
        break;
      case "rangeManeuver":
        lines.push(
          `  ${i18n.format(e.success ? "FANGS.Sim.RangeManeuverMade" : "FANGS.Sim.RangeManeuverFailed", {
            name: nm(names, e.side),
            maneuver: i18n.localize(`FANGS.Reach.Maneuver.${e.maneuver}`),
            roll: e.roll,
            total: e.total,
            range: i18n.localize(`FANGS.Reach.Range.${e.range}`),
          })}`,
        );
        break;
      case "ready":
        lines.push(`  ${i18n.format("FANGS.Sim.Ready", { name: nm(names, e.side), weapon: e.weapon })}`);
        break;
      case "status":
        lines.push(`  ${e.fighters.map((f) => statusLine(f, i18n)).join(" · ")}`);
        break;
      case "fled":
        lines.push(
          `  ${i18n.format("FANGS.Sim.Fled", { name: nm(names, e.side), paces: paces(e.distance, i18n) })}`,
        );
        break;
      case "end": {
        lines.push("");
        const final = result.final;
        if (e.unfinished) lines.push(i18n.format("FANGS.Sim.Unfinished", { rounds: e.rounds }));
        else if (e.winner === null) {
          // Both sides' best-off fighters fled (a duel's two): a draw by flight, not by falling.
          const bothFled = (result.sideEnds ?? result.ends).every((s) => s === "fled");
          lines.push(i18n.format(bothFled ? "FANGS.Sim.DrawFled" : "FANGS.Sim.Draw", { rounds: e.rounds }));
        } else if (sides) {
          lines.push(i18n.format("FANGS.Sim.SideWins", { names: sideName(e.winner), rounds: e.rounds }));
        } else {
          const loser = final[e.winner === 0 ? 1 : 0]!;
          lines.push(
            i18n.format("FANGS.Sim.Winner", {
              name: nm(names, e.winner),
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
