import { appliedTimedLines } from "../../../chat/timed-lengths";
import type { Localize } from "../../../config/localize";
import { type CheckRoll, type DfPart, type DifficultyNumber, levelRank } from "../../../rules/sharene/check";
import type { ShareneRules, SituationModifier } from "../../../rules/sharene/config";
import type { ConsciousnessOutcome } from "../../../rules/sharene/damage";
import type { OfferedDefense, ShareneExchangeCard } from "./exchange-state";

/**
 * What Sharene's exchange card shows one viewer, built from plain data (the
 * card as stored, who the viewer is, the defenses open now), so the chat
 * log, the tests and the preview draw it the same way. Buttons only for the
 * viewer who may use them: the defense to the defender's owner or a GM, the
 * riposte's yes or no to the parrier's, Apply and Undo to a GM.
 */

export const SHARENE_EXCHANGE_TEMPLATE = "systems/fangs/templates/sharene/exchange-card.hbs";

export interface CardViewer {
  readonly isGM: boolean;
  readonly ownsDefender: boolean;
}

export interface ExchangeViewOptions {
  /** The defenses open now (the engine's `defenseOptions` on the round as it stands); the card's own otherwise. */
  readonly defenses?: readonly OfferedDefense[];
  /** The rules' DF table, to name a situation. */
  readonly situations?: readonly SituationModifier[];
  /** What a critical failure costs in the world's rules: the card names the lost attack only when it is lost. */
  readonly criticalFailure?: ShareneRules["criticalFailure"];
}

/** Where a DN's parts come from (src/rules/sharene/round-engine.ts), each named by `SHARENE.Df.<source>`. */
export const DF_SOURCES = [
  "fullAttack",
  "statedBlow",
  "parriedFullAttack",
  "fullAttackReflex",
  "splitParry",
  "firstOfSeveral",
  "secondOfSeveral",
  "fullParry",
  "againstRiposte",
  "riposteBetter",
  "riposteNotBetter",
  "riposteFailed",
  "reflexRiposte",
] as const;

/** The locations the body diagram draws, in the rules' ids (src/rules/sharene/hit-locations.ts). */
export const DIAGRAM_LOCATIONS = ["head", "rightArm", "leftArm", "torso", "rightLeg", "leftLeg"] as const;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

function partLabel(part: DfPart, localize: Localize, situations: readonly SituationModifier[]): string {
  if (part.source.startsWith("situation:")) {
    const id = part.source.slice("situation:".length);
    const row = situations.find((s) => s.id === id);
    return row ? localize(row.labelKey) : id;
  }
  // "riposte:better" reads as the key's riposteBetter.
  const [head = "", tail = ""] = part.source.split(":");
  const key = `SHARENE.Df.${head}${tail.charAt(0).toUpperCase()}${tail.slice(1)}`;
  const text = localize(key);
  return text === key ? part.source : text;
}

function dnView(dn: DifficultyNumber, localize: Localize, situations: readonly SituationModifier[]) {
  return {
    base: dn.base,
    dn: dn.dn,
    parts: dn.parts.map((p) => ({ label: partLabel(p, localize, situations), df: signed(p.df) })),
    clamped: dn.df !== dn.dfRaw,
    dfText: signed(dn.df),
    divided: dn.divisor > 1 ? localize("SHARENE.Chat.DnDivided", { n: dn.divisor }) : "",
  };
}

function levelText(check: CheckRoll, localize: Localize, loses: boolean): string {
  if (check.criticalFailure)
    return localize(loses ? "SHARENE.Chat.CriticalFailure" : "SHARENE.Chat.CriticalFailureNoCost");
  const level = localize(`SHARENE.Level.${check.level ?? "failure"}`);
  return check.critical ? localize("SHARENE.Chat.CriticalHit", { level }) : level;
}

function rollView(
  label: string,
  dn: DifficultyNumber,
  check: CheckRoll,
  localize: Localize,
  s: readonly SituationModifier[],
  loses: boolean,
) {
  return {
    label,
    roll: check.roll,
    dn: dnView(dn, localize, s),
    level: levelText(check, localize, loses),
    success: check.success,
    margin: check.margin,
    css: check.criticalFailure
      ? "fumble"
      : check.success
        ? `made sharene-card__roll--${check.level}`
        : "failed",
  };
}

function consciousnessText(c: ConsciousnessOutcome, name: string, localize: Localize): string {
  switch (c.kind) {
    case "dead":
      return localize(`SHARENE.Chat.Dead.${c.cause}`, { name });
    case "coma":
      return localize("SHARENE.Chat.Coma", { name });
    case "lastPoint":
      return localize("SHARENE.Chat.LastPoint", { name });
    case "endCheck":
      return localize(c.knockout ? "SHARENE.Chat.EndFailed" : "SHARENE.Chat.EndMade", {
        name,
        band: localize(`SHARENE.EndCheck.${c.band}`),
        roll: c.check.roll,
        dn: c.check.dn,
        knockout: c.knockout ? localize(`SHARENE.Knockout.${c.knockout}`) : "",
      });
    default:
      return "";
  }
}

/**
 * The two Success Levels set side by side (what a Parry and Riposte reads,
 * SHA-STY-5): the defense's above, level with or below the attack's; a
 * failed roll has no level, so a made one is above it. Empty without a defense.
 */
export function comparedLevels(attack: CheckRoll, defense: CheckRoll | null, localize: Localize): string {
  if (!defense || (!attack.success && !defense.success)) return "";
  const a = attack.success ? levelRank(attack.level!) : -1;
  const d = defense.success ? levelRank(defense.level!) : -1;
  return localize(`SHARENE.Chat.Compared.${d > a ? "above" : d === a ? "level" : "below"}`);
}

/** The card's view for this viewer. */
export function shareneExchangeView(
  card: ShareneExchangeCard,
  viewer: CardViewer,
  localize: Localize,
  options: ExchangeViewOptions = {},
) {
  const situations = options.situations ?? [];
  const loses = (options.criticalFailure ?? "loseNextAttack") === "loseNextAttack";
  const mayDefend = viewer.isGM || viewer.ownsDefender;
  const names = { attacker: card.attacker.name, defender: card.defender.name, weapon: card.weaponName };
  const exchange = card.exchange;
  const waiting = card.stage === "awaitDefense";
  const open = options.defenses ?? card.defenses;
  const defenseButtons =
    waiting && mayDefend
      ? [
          ...open.map((o) => ({
            choice: o.defense,
            data: JSON.stringify({ choice: o.defense }),
            label: localize("SHARENE.Chat.DefendWith", {
              defense: localize(`SHARENE.Defense.${o.defense}`),
              dn: o.dn.dn,
            }),
          })),
          {
            choice: "none",
            data: JSON.stringify({ choice: "none" }),
            label: localize("SHARENE.Chat.NoDefense"),
          },
        ]
      : [];
  const damage = exchange?.damage ?? null;
  const called = exchange?.called ?? null;
  return {
    revision: card.revision,
    stage: card.stage,
    title: localize(card.riposte ? "SHARENE.Chat.RiposteTitle" : "SHARENE.Chat.Title", names),
    riposte: card.riposte,
    answersText: card.answers ? localize("SHARENE.Chat.Answers", { name: card.defender.name }) : "",
    attackDn: card.offer.dn && !exchange ? dnView(card.offer.dn, localize, situations) : null,
    waitingText: waiting && !mayDefend ? localize("SHARENE.Chat.WaitingDefense", names) : "",
    defenseHeading: waiting && mayDefend ? localize("SHARENE.Chat.ChooseDefense", names) : "",
    defenseButtons,
    attack: exchange
      ? rollView(
          localize("SHARENE.Chat.Attack", names),
          exchange.attack.dn,
          exchange.attack.check,
          localize,
          situations,
          loses,
        )
      : null,
    defense: exchange?.defense
      ? rollView(
          localize(`SHARENE.Defense.${exchange.defense.kind}`),
          exchange.defense.dn,
          exchange.defense.check,
          localize,
          situations,
          loses,
        )
      : null,
    compared: exchange
      ? comparedLevels(exchange.attack.check, exchange.defense?.check ?? null, localize)
      : "",
    noDefense:
      exchange !== null && exchange.defense === null ? localize("SHARENE.Chat.NoDefenseTaken", names) : "",
    outcome: exchange ? localize(`SHARENE.Outcome.${exchange.outcome}`) : "",
    outcomeCss: exchange ? `sharene-card__outcome--${exchange.outcome}` : "",
    calledText: called
      ? localize("SHARENE.Chat.Called", {
          target:
            called.kind === "location"
              ? localize(`SHARENE.Location.${called.location}`)
              : localize(`SHARENE.CalledEffect.${called.effect}`),
        })
      : "",
    hit: damage
      ? {
          blow: localize(`SHARENE.Blow.${damage.blow.blow}`),
          blowText: localize(
            damage.blow.roll === null
              ? "SHARENE.Chat.BlowStated"
              : damage.blow.fellBack
                ? "SHARENE.Chat.BlowFellBack"
                : "SHARENE.Chat.BlowRolled",
            {
              blow: localize(`SHARENE.Blow.${damage.blow.blow}`),
              roll: damage.blow.roll ?? "",
            },
          ),
          location: localize(`SHARENE.Location.${damage.location}`),
          locationText:
            damage.locationRoll === null
              ? localize("SHARENE.Chat.LocationCalled", {
                  location: localize(`SHARENE.Location.${damage.location}`),
                })
              : localize("SHARENE.Chat.LocationRolled", {
                  location: localize(`SHARENE.Location.${damage.location}`),
                  roll: damage.locationRoll,
                }),
          diagram: DIAGRAM_LOCATIONS.map((id) => ({
            id,
            hit: id === damage.location,
            label: localize(`SHARENE.Location.${id}`),
          })),
          sum: localize("SHARENE.Chat.DamageSum", {
            weapon: damage.weaponDamage,
            bonus: damage.bonus,
            rolled: damage.rolled,
            armor: damage.armor,
            multiplier: damage.multiplier,
            damage: damage.damage,
          }),
          damage: damage.damage,
          life: localize("SHARENE.Chat.Life", {
            name: card.defender.name,
            before: damage.lifeBefore,
            after: damage.lifeAfter,
          }),
          limb:
            damage.limb?.state && damage.limb.newly
              ? localize(`SHARENE.Chat.Limb.${damage.limb.state}`, {
                  location: localize(`SHARENE.Location.${damage.limb.location}`),
                })
              : "",
          consciousness: consciousnessText(damage.consciousness, card.defender.name, localize),
        }
      : null,
    riposteButtons:
      card.riposteState === "waiting" && mayDefend
        ? [
            { intent: "riposte", label: localize("SHARENE.Chat.Riposte") },
            { intent: "decline", label: localize("SHARENE.Chat.Decline") },
          ]
        : [],
    riposteText:
      card.riposteState === "waiting"
        ? localize("SHARENE.Chat.RiposteWaiting", names)
        : card.riposteState === "taken"
          ? localize("SHARENE.Chat.RiposteTaken", names)
          : card.riposteState === "declined"
            ? localize("SHARENE.Chat.RiposteDeclined", names)
            : "",
    apply: viewer.isGM && card.stage === "resolved" && card.effects.length > 0,
    undo: viewer.isGM && card.stage === "applied",
    applied: card.stage === "applied" ? localize("SHARENE.Chat.Applied") : "",
    timed:
      card.stage === "applied"
        ? appliedTimedLines(
            card.deltas,
            (uuid) => [card.attacker, card.defender].find((p) => p.actorUuid === uuid)?.name ?? "",
            localize,
          )
        : [],
    labels: {
      apply: localize("SHARENE.Chat.Apply"),
      undo: localize("SHARENE.Chat.Undo"),
      diagram: localize("SHARENE.Chat.Diagram"),
      dn: localize("SHARENE.Chat.Dn"),
      base: localize("SHARENE.Chat.Base"),
      roll: localize("SHARENE.Chat.D20"),
      defenses: localize("SHARENE.Chat.Defenses"),
    },
  };
}

export type ShareneExchangeView = ReturnType<typeof shareneExchangeView>;
