import type { OutcomeKind } from "./outcome";
import type { DefenseChoice } from "./types";

/**
 * The lang key naming each outcome and each defense, for the chat card and
 * the simulator's log alike. Its own module, so the card's view (drawn from
 * start-up on) takes none of the outcome's rules with it.
 */
export const OUTCOME_LABEL_KEYS: Readonly<Record<OutcomeKind, string>> = Object.freeze({
  attackFumbled: "FANGS.Chat.Outcome.AttackFumbled",
  missed: "FANGS.Chat.Outcome.Missed",
  dodged: "FANGS.Chat.Outcome.Dodged",
  hit: "FANGS.Chat.Outcome.Hit",
  specialHit: "FANGS.Chat.Outcome.SpecialHit",
  fumbledDefenseHit: "FANGS.Chat.Outcome.FumbledDefenseHit",
  parried: "FANGS.Chat.Outcome.Parried",
  parriedSpecial: "FANGS.Chat.Outcome.ParriedSpecial",
  specialParry: "FANGS.Chat.Outcome.SpecialParry",
  criticalParry: "FANGS.Chat.Outcome.CriticalParry",
  grappled: "FANGS.Chat.Outcome.Grappled",
});

export const DEFENSE_LABEL_KEYS: Readonly<Record<DefenseChoice, string>> = Object.freeze({
  dodge: "FANGS.Chat.Defense.Dodge",
  weaponParry: "FANGS.Chat.Defense.WeaponParry",
  shieldParry: "FANGS.Chat.Defense.ShieldParry",
  monsterParry: "FANGS.Chat.Defense.MonsterParry",
  grappleParry: "FANGS.Chat.Defense.GrappleParry",
  none: "FANGS.Chat.Defense.None",
});
