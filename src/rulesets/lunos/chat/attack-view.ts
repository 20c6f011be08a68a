import type { Localize } from "../../../config/localize";
import type { LunosAttackCard } from "./attack-state";
import { CAUGHT_WEAPON_KIND } from "./caught-weapon";
import { CHOKE_KIND } from "./choke-clock";
import { PUSH_KIND } from "./push";

/**
 * What Lunos's attack card shows one viewer, built from the card as stored
 * and who the viewer is, so the chat log, the tests and the preview draw it
 * the same way: the pool's dice with the luck die apart, each target's
 * defense and whether it was hit, the maneuver menu for the attacker's
 * owner (or a GM) while it waits, each target's outcome, and Apply and Undo
 * for a GM.
 */

export const LUNOS_ATTACK_TEMPLATE = "systems/fangs/templates/lunos/attack-card.hbs";

export interface CardViewer {
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
}

const success = (face: number, faces: number) => face * 2 > faces;

/** Whether a target's push moves a token: the card holds its move (none without tokens on one scene). */
function pushMoves(card: LunosAttackCard, id: string): boolean {
  const uuid = card.targets.find((t) => t.combatantId === id)?.actorUuid;
  return card.effects.some(
    (e) => e.kind === "ruleset" && e.effectKind === PUSH_KIND && e.actorId === uuid && uuid !== undefined,
  );
}

/** The roll mode named on a card not rolled in public. */
const MODE_LABELS: Readonly<Record<string, string>> = {
  gmroll: "FANGS.Chat.RollMode.Private",
  blindroll: "FANGS.Chat.RollMode.Blind",
};

/** A ruleset effect of the card on this target's actor: the caught weapon, the choke clock. */
function effectOn(card: LunosAttackCard, id: string, kind: string) {
  const uuid = card.targets.find((t) => t.combatantId === id)?.actorUuid;
  return card.effects.find(
    (e) => e.kind === "ruleset" && e.effectKind === kind && "actorId" in e && e.actorId === uuid,
  ) as { data?: { rounds?: number } } | undefined;
}

/**
 * Whether the luck die counted: the successes the core rolled less those of
 * the pool's other dice. An empty pool's luck die succeeds on its top face
 * alone (docs/rules/lunos.md, "The roll"), which its face does not tell.
 */
function luckSucceeded(card: LunosAttackCard): boolean {
  const roll = card.pending?.roll;
  if (!roll) return success(card.luck, card.attack.luckDie);
  const others = card.faces.filter((face) => success(face, card.attack.poolDie)).length;
  return roll.rolled > others;
}

function levelsText(
  card: LunosAttackCard,
  id: string,
  taken: number,
  name: string,
  localize: Localize,
  levelsOf: LevelsOf,
): string {
  const uuid = card.targets.find((t) => t.combatantId === id)?.actorUuid ?? "";
  const max = uuid ? levelsOf(uuid) : null;
  // Until the GM applies it, the card tells what the blow will leave, not what the sheet holds.
  const applied = card.stage === "applied";
  return typeof max === "number" && max > 0
    ? localize(applied ? "LUNOS.Chat.LevelsOf" : "LUNOS.Chat.LevelsOfOnce", { name, levels: taken, max })
    : localize(applied ? "LUNOS.Chat.Levels" : "LUNOS.Chat.LevelsOnce", { name, levels: taken });
}

/** The choke clock a Choke starts (LUN-GRP-3), in rounds as the card will apply it. */
function chokeText(card: LunosAttackCard, id: string, name: string, localize: Localize): string {
  const rounds = effectOn(card, id, CHOKE_KIND)?.data?.rounds;
  return typeof rounds === "number" ? localize("LUNOS.Chat.ChokeClock", { name, rounds }) : "";
}

/** A target's health levels in all, by its actor's UUID (its sheet's), or null when it cannot be read. */
export type LevelsOf = (actorUuid: string) => number | null;

/** The card's view for this viewer; `levelsOf` lets it say the levels taken out of how many. */
export function lunosAttackView(
  card: LunosAttackCard,
  viewer: CardViewer,
  localize: Localize,
  levelsOf: LevelsOf = () => null,
) {
  const p = card.pending;
  const roll = p?.roll ?? null;
  const nameOf = (id: string) => card.targets.find((t) => t.combatantId === id)?.name ?? id;
  const maySpend =
    card.stage === "spend" && (viewer.isGM || (viewer.ownsAttacker && card.rollMode !== "blindroll"));
  const menu = maySpend
    ? (p?.targets ?? [])
        .filter((t) => t.hit)
        .map((t) => ({
          id: t.id,
          heading: localize("LUNOS.Chat.SpendOn", { name: nameOf(t.id), extra: t.extra }),
          offers: (card.menu[t.id] ?? []).map((o) => ({
            maneuver: o.maneuver,
            name: `${t.id}:${o.maneuver}`,
            inputId: `lunos-${card.combatId}-${t.id}-${o.maneuver}`,
            // The declared maneuver's free successes pay part of its cost (LUN-MNV-2).
            label: localize(
              o.maneuver === card.attack.declared && (p?.free ?? 0) > 0
                ? "LUNOS.Chat.OfferFree"
                : "LUNOS.Chat.Offer",
              { maneuver: localize(`LUNOS.Maneuver.${o.maneuver}`), cost: o.cost, free: p?.free ?? 0 },
            ),
            max: o.limit,
            many: o.limit > 1,
          })),
          mayCatch: (card.menu[t.id] ?? []).some((o) => o.maneuver === "disarm"),
          catchId: `lunos-${card.combatId}-${t.id}-catch`,
        }))
    : [];
  const outcomes = card.outcomes.map((o) => ({
    name: nameOf(o.id),
    hit: o.hit,
    text: o.hit
      ? localize("LUNOS.Chat.Hit", { name: nameOf(o.id) })
      : localize("LUNOS.Chat.Missed", { name: nameOf(o.id) }),
    maneuvers: o.maneuvers.map((m) => localize(`LUNOS.Maneuver.${m}`)).join(", "),
    damage:
      o.damage.points > 0
        ? localize("LUNOS.Chat.Damage", {
            points: o.damage.points,
            bruising: o.damage.bruising,
            wounding: o.damage.wounding,
            trauma: o.damage.trauma,
          })
        : // A hit armor and Body stop says so; one that forwent its damage meant none.
          o.hit && !card.attack.forgoDamage
          ? localize("LUNOS.Chat.NoDamage")
          : "",
    levels: levelsText(card, o.id, o.levelsAfter, nameOf(o.id), localize, levelsOf),
    pushed:
      o.pushed > 0
        ? localize(pushMoves(card, o.id) ? "LUNOS.Chat.Pushed" : "LUNOS.Chat.PushedNoToken", {
            name: nameOf(o.id),
            feet: o.pushed,
          })
        : "",
    flung: o.flung > 0 ? localize("LUNOS.Chat.Flung", { feet: o.flung }) : "",
    killed: o.killed ? localize("LUNOS.Chat.Killed", { name: nameOf(o.id) }) : "",
    caught: effectOn(card, o.id, CAUGHT_WEAPON_KIND)
      ? localize("LUNOS.Chat.Caught", { attacker: card.attacker.name, name: nameOf(o.id) })
      : "",
    choke: chokeText(card, o.id, nameOf(o.id), localize),
  }));
  return {
    revision: card.revision,
    stage: card.stage,
    mode: MODE_LABELS[card.rollMode] ? localize(MODE_LABELS[card.rollMode]!) : "",
    title: localize(
      card.attack.threat
        ? "LUNOS.Chat.TitleStrike"
        : card.weaponName
          ? "LUNOS.Chat.Title"
          : "LUNOS.Chat.TitleBare",
      { attacker: card.attacker.name, weapon: card.weaponName },
    ),
    // A threat's strike rolls nothing: the margin it held stands for the roll (LUN-MNV-3).
    held: card.attack.threat ? localize("LUNOS.Chat.Held", { n: card.attack.threat.margin }) : "",
    kind: localize(`LUNOS.Action.${card.attack.kind}`),
    skill: localize(`LUNOS.Skill.${card.attack.skill}`),
    declared: card.attack.declared
      ? localize(card.attack.forgoDamage ? "LUNOS.Chat.DeclaredForgo" : "LUNOS.Chat.Declared", {
          maneuver: localize(`LUNOS.Maneuver.${card.attack.declared}`),
        })
      : "",
    dice: card.faces.map((face) => ({
      face,
      success: success(face, card.attack.poolDie),
      label: localize(
        success(face, card.attack.poolDie) ? "LUNOS.Chat.DieSuccess" : "LUNOS.Chat.DieFailure",
        { face },
      ),
    })),
    luck:
      card.luck > 0
        ? {
            face: card.luck,
            success: luckSucceeded(card),
            label: localize("LUNOS.Chat.Luck", { face: card.luck }),
          }
        : null,
    grappleCheck: p?.grapple === true ? localize("LUNOS.Chat.GrappleCheck") : "",
    successes: roll
      ? localize(roll.successes === 1 ? "LUNOS.Chat.OneSuccess" : "LUNOS.Chat.Successes", {
          n: roll.successes,
        })
      : "",
    sure:
      roll && roll.automatic + roll.bonus > 0
        ? localize("LUNOS.Chat.Sure", { n: roll.automatic + roll.bonus })
        : "",
    outcome: roll && roll.outcome !== "normal" ? localize(`LUNOS.Outcome.${roll.outcome}`) : "",
    targets: (p?.targets ?? []).map((t) => ({
      name: nameOf(t.id),
      hit: t.hit,
      text: localize(t.hit ? "LUNOS.Chat.TargetHit" : "LUNOS.Chat.TargetMissed", {
        name: nameOf(t.id),
        defense: t.defense,
        difficulty: t.difficulty,
        extra: t.extra,
      }),
    })),
    menu,
    spendHeading: maySpend ? localize("LUNOS.Chat.ChooseManeuvers") : "",
    waitingText:
      card.stage === "spend" && !maySpend
        ? localize("LUNOS.Chat.Waiting", { attacker: card.attacker.name })
        : "",
    spend: maySpend,
    outcomes,
    apply: viewer.isGM && card.stage === "resolved" && card.effects.length > 0,
    undo: viewer.isGM && card.stage === "applied",
    applied: card.stage === "applied" ? localize("LUNOS.Chat.Applied") : "",
    // What is left to do once resolved: nothing, or the GM's Apply (which a player cannot press).
    nothing:
      card.stage === "resolved" && card.effects.length === 0 ? localize("LUNOS.Chat.NothingToApply") : "",
    awaitApply:
      !viewer.isGM && card.stage === "resolved" && card.effects.length > 0
        ? localize("LUNOS.Chat.AwaitApply")
        : "",
    labels: {
      dice: localize("LUNOS.Chat.Dice"),
      // A hit with nothing to buy is struck as it is (a card that missed everyone is posted ended).
      spend: localize(menu.length > 0 ? "LUNOS.Chat.Spend" : "LUNOS.Chat.Resolve"),
      catch: localize("LUNOS.Chat.Catch"),
      apply: localize("LUNOS.Chat.Apply"),
      undo: localize("LUNOS.Chat.Undo"),
    },
  };
}

export type LunosAttackView = ReturnType<typeof lunosAttackView>;
