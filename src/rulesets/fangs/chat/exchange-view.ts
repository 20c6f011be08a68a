import type { AppliedDelta } from "../../../chat/card-steps";
import type { Localize } from "../../../config/localize";
import type { AutofireDamage } from "../../../rules/fangs/autofire";
import { sparesHealth } from "../../../rules/fangs/blows";
import type { Consequences } from "../../../rules/fangs/consequences";
import type { DamageResult } from "../../../rules/fangs/damage";
import { FUMBLE_OPTIONS } from "../../../rules/fangs/fumble";
import type { ExchangeOutcome } from "../../../rules/fangs/outcome";
import { DEFENSE_LABEL_KEYS, OUTCOME_LABEL_KEYS } from "../../../rules/fangs/outcome-labels";
import { type CheckResult, type DefenseChoice, SuccessLevel } from "../../../rules/fangs/types";
import type { Effect } from "../../../rules/kernel/effects";
import { timedStatusDefinition } from "../../../rules/kernel/timed-status";
import { type CheckCardContext, checkCardContext } from "./check-card";
import type { DefenseOffer } from "./defense-options";
import {
  DODGE_PAST,
  type ExchangeStage,
  type ExchangeState,
  HARM_SUFFIX,
  type IntentType,
  mayTakeOn,
  openIntents,
} from "./exchange-state";

/**
 * What the exchange card shows one viewer, as plain data with every text
 * already in the viewer's language. Pure: the same function feeds the chat
 * log (exchange-render.ts), the tests and the preview pages. It holds no
 * rule: numbers and outcomes are the rules core's, buttons follow the state
 * machine's `openIntents` and `mayTake`.
 */

export const EXCHANGE_TEMPLATE = "systems/fangs/templates/chat/exchange.hbs";

/** Who is looking at the card. */
export interface Viewer {
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
  readonly ownsTarget: boolean;
}

/* -------------------------------------------- */
/*  Labels (every key written in full)          */
/* -------------------------------------------- */

const STAGE_STATUS: Readonly<Record<ExchangeStage, string>> = {
  declined: "FANGS.Chat.Status.Declined",
  attackRolled: "FANGS.Chat.Status.AwaitDefense",
  fumbled: "FANGS.Chat.Status.AwaitFumble",
  defenseChosen: "FANGS.Chat.Status.AwaitDamage",
  defenseRolled: "FANGS.Chat.Status.AwaitDamage",
  damageRolled: "FANGS.Chat.Status.AwaitApply",
  resolved: "FANGS.Chat.Status.Resolved",
  applied: "FANGS.Chat.Status.Applied",
  undone: "FANGS.Chat.Status.Undone",
  cancelled: "FANGS.Chat.Status.Cancelled",
};

const DEFENSE_ICONS: Readonly<Record<DefenseChoice, string>> = {
  dodge: "fa-solid fa-person-running",
  weaponParry: "fa-solid fa-khanda",
  shieldParry: "fa-solid fa-shield-halved",
  monsterParry: "fa-solid fa-dragon",
  grappleParry: "fa-solid fa-hand-fist",
  none: "fa-solid fa-person",
};

const ACTION_LABELS: Readonly<Record<Exclude<IntentType, "defend" | "resolveFumble">, string>> = {
  rollDamage: "FANGS.Chat.Action.RollDamage",
  apply: "FANGS.Chat.Action.Apply",
  undo: "FANGS.Chat.Action.Undo",
  cancel: "FANGS.Chat.Action.Cancel",
  takeFreeAttack: "FANGS.Chat.Action.FreeAttack",
};

const ACTION_ICONS: Readonly<Record<Exclude<IntentType, "defend" | "resolveFumble">, string>> = {
  rollDamage: "fa-solid fa-dice",
  apply: "fa-solid fa-check",
  undo: "fa-solid fa-rotate-left",
  cancel: "fa-solid fa-ban",
  takeFreeAttack: "fa-solid fa-bolt",
};

const STATUS_LABELS: Readonly<Record<string, string>> = {
  stunned: "FANGS.Status.Stunned",
  unconscious: "FANGS.Status.Unconscious",
  dying: "FANGS.Status.Dying",
  dead: "FANGS.Status.Dead",
  comatose: "FANGS.Status.Comatose",
  impaled: "FANGS.Status.Impaled",
  grappled: "FANGS.Status.Grappled",
  prone: "FANGS.Status.Prone",
};

const MODE_LABELS: Readonly<Record<string, string>> = {
  publicroll: "FANGS.Chat.RollMode.Public",
  gmroll: "FANGS.Chat.RollMode.Private",
  blindroll: "FANGS.Chat.RollMode.Blind",
  selfroll: "FANGS.Chat.RollMode.Self",
};

/* -------------------------------------------- */
/*  View shapes                                 */
/* -------------------------------------------- */

export interface PartyView {
  readonly name: string;
  readonly img: string;
}

export interface CheckView {
  readonly title: string;
  readonly formula: string;
  readonly natural: number;
  readonly total: number;
  readonly level: string;
  readonly levelId: string;
  readonly icon: string;
  /** The second d20 (Special → Critical, or the Fumble's confirmation). */
  readonly confirmation: { readonly label: string; readonly value: number; readonly note: string } | null;
  /** A roll the card has moved past: its dice fold away under a summary of its level and total. */
  readonly folded: boolean;
  /** The folded roll's one line: level and total. */
  readonly summary: string;
}

export interface ButtonView {
  readonly action: IntentType;
  readonly label: string;
  readonly icon: string;
  /** data-choice / data-option of the button. */
  readonly choice: string;
  readonly disabled: boolean;
  readonly tooltip: string;
  readonly css: string;
}

export interface LineView {
  readonly text: string;
  readonly css: string;
}

export interface ExchangeCardView {
  readonly stage: ExchangeStage;
  readonly css: string;
  readonly attacker: PartyView;
  readonly target: PartyView;
  readonly weapon: string;
  /** "Shield bash" when the attack is made with a shield (NC-DEF-9), else null. */
  readonly bash: string | null;
  readonly heading: string;
  readonly rollMode: string | null;
  readonly modifiers: readonly LineView[];
  readonly special: string | null;
  readonly attack: CheckView | null;
  /** The bursts and area fire module's rolls (RHF-AUT-1, -2), one line each; empty for a single roll. */
  readonly burst: readonly LineView[];
  readonly defenseTitle: string | null;
  readonly defense: CheckView | null;
  readonly outcome: {
    readonly label: string;
    readonly css: string;
    readonly notes: readonly LineView[];
  } | null;
  readonly fumble: {
    readonly luck: CheckView | null;
    readonly suggestion: string;
    readonly ruling: string | null;
  } | null;
  readonly damage: { readonly title: string; readonly lines: readonly LineView[] } | null;
  readonly application: {
    readonly title: string;
    /** What the fighters are left with (a status, a lost action): stays in view. */
    readonly headline: readonly LineView[];
    /** The summary of the folded breakdown below. */
    readonly detailsLabel: string;
    /** Each change written (pools before → after, SP): folded away. */
    readonly lines: readonly LineView[];
    /** The consequences' checks (a CO check against the stun): folded away. */
    readonly checks: readonly CheckView[];
  } | null;
  readonly freeAttack: string | null;
  readonly status: string;
  /** The defender's choices (empty unless this viewer may defend now). */
  readonly defenses: readonly ButtonView[];
  /** The GM's fumble rulings (empty unless open to this viewer). */
  readonly fumbleOptions: readonly ButtonView[];
  readonly actions: readonly ButtonView[];
  readonly hasButtons: boolean;
}

/* -------------------------------------------- */
/*  Pieces                                      */
/* -------------------------------------------- */

function signed(n: number): string {
  return n === 0 ? "" : n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

export function checkView(result: CheckResult, title: string, localize: Localize, folded = false): CheckView {
  const c: CheckCardContext = checkCardContext(result, { actorName: "", label: title });
  const level = localize(c.level.label);
  return {
    title,
    formula: localize("FANGS.Chat.Check.Formula", {
      skill: c.skill,
      modifiers: c.modifiersText,
      target: c.target,
    }),
    natural: c.natural,
    total: c.total,
    level,
    levelId: c.level.id,
    icon: c.level.icon,
    confirmation: c.confirmation
      ? {
          label: localize(c.confirmation.purpose),
          value: c.confirmation.value,
          note: localize(c.confirmation.outcome),
        }
      : null,
    folded,
    summary: localize("FANGS.Chat.Check.Folded", { level, total: c.total }),
  };
}

function modifierLines(state: ExchangeState, localize: Localize): LineView[] {
  const s = state.setup;
  const lines: LineView[] = [];
  const add = (key: string, value: number) => {
    if (value !== 0) lines.push({ text: localize(key, { value: signed(value) }), css: "" });
  };
  add("FANGS.Chat.Modifier.Situational", s.situational);
  add("FANGS.Chat.Modifier.Slot", s.slotModifier);
  add("FANGS.Chat.Modifier.Special", s.specialModifier);
  add("FANGS.Chat.Modifier.Trade", s.trades.attackModifier);
  // The optional firearms modules' figures are the rules core's, kept on the attack roll.
  add("FANGS.Chat.Modifier.Recoil", state.attack?.recoil ?? 0);
  add("FANGS.Chat.Modifier.Aim", state.attack?.aim ?? 0);
  if (s.trades.extraDamageModifier > 0) {
    lines.push({
      text: localize("FANGS.Chat.Modifier.TradeDamage", { value: s.trades.extraDamageModifier }),
      css: "",
    });
  }
  if (s.mode === "flatOfBlade") lines.push({ text: localize("FANGS.Chat.Mode.FlatOfBlade"), css: "" });
  if (s.mode === "grapple") lines.push({ text: localize("FANGS.Chat.Mode.Grapple"), css: "" });
  // NC-SUB-4: a subdual fight spares Health only where the rules core says so; a blade's edge still harms.
  if (s.subdual) {
    const spared = sparesHealth(state.declaration);
    lines.push({
      text: localize(spared ? "FANGS.Chat.Mode.Subdual" : "FANGS.Chat.Mode.SubdualEdge"),
      css: "",
    });
  }
  return lines;
}

/** The card's names for actors and items, from what it captured. */
function namer(state: ExchangeState) {
  const actors = new Map<string, string>([
    [state.attacker.actorUuid, state.attacker.name],
    [state.target.actorUuid, state.target.name],
  ]);
  if (state.fumble?.victim) actors.set(state.fumble.victim.actorUuid, state.fumble.victim.name);
  const items = new Map<string, string>([[state.weapon.itemId, state.weapon.name]]);
  const parry = state.defense?.declaration.item;
  if (parry) items.set(parry.id, parry.name);
  return {
    actor: (uuid: string) => actors.get(uuid) ?? "?",
    item: (id: string) => items.get(id) ?? id,
  };
}

function noteText(
  effect: Extract<Effect, { kind: "note" }>,
  localize: Localize,
  names: ReturnType<typeof namer>,
) {
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(effect.data)) {
    if (k === "actorId" || k === "ownerId") data.name = names.actor(String(v));
    else if (k === "itemId") data.item = names.item(String(v));
    else data[k] = typeof v === "boolean" ? String(v) : v;
  }
  return localize(effect.key, data);
}

/**
 * The bursts and area fire module's rolls (RHF-AUT-1, -2), as the rules core
 * rolled them on the attack: each check and, when made, its d6 and hits.
 */
function burstLines(state: ExchangeState, localize: Localize): LineView[] {
  const rolls = state.attack?.burst;
  if (!Array.isArray(rolls)) return [];
  // Once the defense is rolled, each roll says whether it got through (the rules core counted it then).
  const through = state.defense?.burstThrough;
  const lines = rolls.map((b, i) => {
    const c = checkCardContext(b.check, { actorName: "", label: "" });
    const roll = localize("FANGS.Burst.Check", {
      natural: b.check.natural,
      total: b.check.total,
      level: localize(c.level.label),
    });
    const data = { index: i + 1, roll, face: b.face ?? 0, hits: b.hits };
    const stopped = b.face !== null && through !== undefined && (through[i] ?? 0) === 0;
    const key =
      b.face === null
        ? "FANGS.Burst.RollMissed"
        : stopped
          ? "FANGS.Burst.RollStopped"
          : through !== undefined
            ? "FANGS.Burst.RollThrough"
            : b.hits === 1
              ? "FANGS.Burst.RollHit"
              : "FANGS.Burst.RollHits";
    return { text: localize(key, data), css: b.face === null || stopped ? "" : "fangs-exchange__burst-hit" };
  });
  if (state.declaration.areaFire === true)
    lines.unshift({ text: localize("FANGS.Burst.AreaTarget", { name: state.target.name }), css: "" });
  return lines;
}

/** An autofire burst's damage (NC-MAN-12) as the rules core summed it, or null for a single blow. */
function burstOf(damage: DamageResult | null | undefined): AutofireDamage | null {
  const burst = damage as Partial<AutofireDamage> | null | undefined;
  return burst && typeof burst.hits === "number" && burst.hits > 0 && Array.isArray(burst.blows)
    ? (burst as AutofireDamage)
    : null;
}

/**
 * NC-MAN-12: the hits a burst got through a dodge once damage is rolled, 0
 * while it is awaited (the flow sends a dodged burst on to damage only when
 * the rules core counted hits), null when the dodge stands. Counting them
 * here would load the damage rules at start-up for one banner.
 */
function burstThroughDodge(state: ExchangeState, outcome: ExchangeOutcome | null): number | null {
  if (outcome?.kind !== "dodged") return null;
  const rolled = burstOf(state.damage?.result);
  if (rolled) return rolled.hits;
  const awaited = state.stage === "defenseChosen" || state.stage === "defenseRolled";
  return awaited && !state.damage && state.declaration.weapon.autofire ? 0 : null;
}

function damageLines(
  state: ExchangeState,
  damage: DamageResult | null,
  effects: readonly Effect[],
  localize: Localize,
): LineView[] {
  const names = namer(state);
  const lines: LineView[] = [];
  if (damage) {
    // A fumble's blow lands on the victim the GM picked, or on the fumbler himself (no victim).
    const target = state.fumble ? (state.fumble.victim?.name ?? state.attacker.name) : state.target.name;
    const burst = burstOf(damage);
    // The module's burst: what each roll put through the defense.
    if (burst?.perRoll && burst.perRoll.length > 1)
      lines.push({ text: localize("FANGS.Burst.Through", { hits: burst.perRoll.join(", ") }), css: "" });
    if (burst) {
      // NC-MAN-12: each hit's own roll, so the loss below can be checked hit by hit (armor and halving apply to each).
      const rolls = burst.blows
        .map((b) =>
          b.maximum ? localize("FANGS.Chat.Damage.BurstMaximum", { value: b.damage }) : String(b.damage),
        )
        .join(", ");
      lines.push({
        text: localize(burst.protection > 0 ? "FANGS.Chat.Damage.BurstArmor" : "FANGS.Chat.Damage.Burst", {
          rolls,
          armor: burst.protection,
        }),
        css: "fangs-exchange__total",
      });
    } else if (damage.damage > 0 || damage.maximum) {
      lines.push({
        text: localize(damage.maximum ? "FANGS.Chat.Damage.Maximum" : "FANGS.Chat.Damage.Rolled", {
          value: damage.damage,
        }),
        css: "fangs-exchange__total",
      });
    }
    if (damage.stunDamage > 0 || damage.hitPointDamage > 0) {
      lines.push({
        text: localize("FANGS.Chat.Damage.Taken", {
          name: target,
          stun: damage.stunDamage,
          hp: damage.hitPointDamage,
        }),
        css: "fangs-exchange__hurt",
      });
    }
    if (damage.untrackedHitPointDamage > 0) {
      lines.push({
        text: localize("FANGS.Chat.Damage.Untracked", { hp: damage.untrackedHitPointDamage }),
        css: "",
      });
    }
    if (damage.parryItemWear > 0) {
      const item = names.item(state.defense?.declaration.item?.id ?? "");
      lines.push({
        text: localize(
          damage.parryItemShattered ? "FANGS.Chat.Damage.ItemShattered" : "FANGS.Chat.Damage.ItemWorn",
          {
            item,
            value: damage.parryItemWear,
          },
        ),
        css: "fangs-exchange__wear",
      });
    }
    if (damage.weaponWear > 0) {
      lines.push({
        text: localize(
          damage.weaponShattered ? "FANGS.Chat.Damage.ItemShattered" : "FANGS.Chat.Damage.ItemWorn",
          {
            item: state.weapon.name,
            value: damage.weaponWear,
          },
        ),
        css: "fangs-exchange__wear",
      });
    }
    if (damage.counterDamage > 0) {
      lines.push({
        text: localize("FANGS.Chat.Damage.Counter", {
          value: damage.counterDamage,
          name: state.attacker.name,
          stun: damage.attackerStunDamage,
          hp: damage.attackerHitPointDamage,
        }),
        css: "fangs-exchange__hurt",
      });
    }
    if (damage.impaled) {
      lines.push({
        text: localize("FANGS.Chat.Damage.Impaled", { item: state.weapon.name, name: target }),
        css: "",
      });
    }
    if (damage.stuckInShield) {
      lines.push({ text: localize("FANGS.Chat.Damage.StuckInShield", { item: state.weapon.name }), css: "" });
    }
  }
  for (const e of effects) {
    if (e.kind === "note" && e.key !== "FANGS.Rules.Fumble.Choose") {
      lines.push({ text: noteText(e, localize, names), css: "fangs-exchange__note" });
    }
  }
  if (lines.length === 0) lines.push({ text: localize("FANGS.Chat.Damage.None"), css: "" });
  return lines;
}

function statusLabel(status: string, localize: Localize): string {
  const key = STATUS_LABELS[status];
  return key ? localize(key) : status;
}

function deltaLine(delta: AppliedDelta, state: ExchangeState, localize: Localize): LineView {
  const names = namer(state);
  switch (delta.kind) {
    case "pool":
      return {
        text: localize(
          delta.pool === "stunPoints" ? "FANGS.Chat.Applied.Stun" : "FANGS.Chat.Applied.HitPoints",
          {
            name: names.actor(delta.actorUuid),
            before: delta.before,
            after: delta.after,
          },
        ),
        css: "fangs-exchange__delta",
      };
    case "itemSp":
      return {
        text: localize("FANGS.Chat.Applied.ItemSp", {
          item: names.item(delta.itemId),
          before: delta.before,
          after: delta.after,
        }),
        css: "fangs-exchange__delta",
      };
    case "equipped":
      return {
        text: localize("FANGS.Chat.Applied.Dropped", {
          item: names.item(delta.itemId),
          name: names.actor(delta.actorUuid),
        }),
        css: "fangs-exchange__delta",
      };
    case "status":
      return {
        text: localize(delta.after ? "FANGS.Chat.Applied.StatusOn" : "FANGS.Chat.Applied.StatusOff", {
          name: names.actor(delta.actorUuid),
          status: statusLabel(delta.status, localize),
        }),
        css: "fangs-exchange__delta",
      };
    case "stuck":
      return {
        text: localize("FANGS.Chat.Applied.Stuck", {
          item: names.item(delta.itemId),
          name: names.actor(delta.targetUuid),
        }),
        css: "fangs-exchange__delta",
      };
    case "actionLost":
      return { text: localize("FANGS.Chat.Applied.ActionLost"), css: "fangs-exchange__delta" };
    case "timedStatus":
      return {
        text: localize("FANGS.Chat.Applied.StatusOn", {
          name: names.actor(delta.actorUuid),
          status: statusLabel(
            timedStatusDefinition(delta.timedStatus)?.status ?? delta.timedStatus,
            localize,
          ),
        }),
        css: "fangs-exchange__delta",
      };
  }
}

/** Changes a table acts on next (a status, a lost action, a dropped or stuck weapon); pools and SP are the damage's lines again. */
const HEADLINE_DELTAS: ReadonlySet<AppliedDelta["kind"]> = new Set([
  "status",
  "actionLost",
  "equipped",
  "stuck",
]);

function consequenceChecks(consequences: readonly Consequences[], state: ExchangeState, localize: Localize) {
  const names = namer(state);
  const checks: CheckView[] = [];
  for (const c of consequences) {
    if (c.coCheck) {
      checks.push(
        checkView(
          c.coCheck,
          localize("FANGS.Chat.Applied.StunCheck", { name: names.actor(c.actorId) }),
          localize,
        ),
      );
    }
  }
  return checks;
}

function button(
  action: IntentType,
  label: string,
  icon: string,
  extra: Partial<Pick<ButtonView, "choice" | "disabled" | "tooltip" | "css">> = {},
): ButtonView {
  return { action, label, icon, choice: "", disabled: false, tooltip: "", css: "", ...extra };
}

/* -------------------------------------------- */
/*  The card                                    */
/* -------------------------------------------- */

export interface CardInputs {
  /** The defender's offers (defense-options.ts), computed where the defender's documents are. */
  readonly offers?: readonly DefenseOffer[] | null;
  /** NC-MAN-11, NC-DEF-4: the defender may dodge past its attacker (a second Dodge button). */
  readonly dodgePast?: boolean;
  /** The viewer's user name of whoever applied, by id (the card stores ids). */
  readonly userName?: (id: string) => string;
}

export function exchangeCardView(
  state: ExchangeState,
  viewer: Viewer,
  localize: Localize,
  inputs: CardInputs = {},
): ExchangeCardView {
  const open = openIntents(state);
  const allowed = (intent: IntentType) => open.includes(intent) && mayTakeOn(state, intent, viewer);
  const outcome = state.outcome as ExchangeOutcome | null;
  const attackLevel = state.attack?.check.level ?? null;
  const names = namer(state);

  // Once the outcome is decided its banner says what the rolls did: their dice fold away.
  const decided = outcome !== null;
  const attack = state.attack
    ? checkView(state.attack.check, localize("FANGS.Chat.Roll.Attack"), localize, decided)
    : null;
  const defenseRoll = state.defense?.roll ?? null;
  const defenseChoice = defenseRoll?.choice ?? null;
  const defenseTitle = defenseChoice
    ? localize(state.defense?.past ? "FANGS.Chat.DodgePast.Label" : DEFENSE_LABEL_KEYS[defenseChoice]) +
      (state.defense?.itemName ? ` (${state.defense.itemName})` : "")
    : null;
  const defense = defenseRoll?.check
    ? checkView(defenseRoll.check, defenseTitle ?? "", localize, decided)
    : null;

  const outcomeNotes: LineView[] = [];
  if (outcome?.upgradeConfirmation != null) {
    outcomeNotes.push({
      text: localize(
        outcome.attackLevel === SuccessLevel.Critical
          ? "FANGS.Chat.Outcome.UpgradedCritical"
          : "FANGS.Chat.Outcome.Upgraded",
        { value: outcome.upgradeConfirmation },
      ),
      css: "",
    });
  }
  if (outcome?.prone)
    outcomeNotes.push({ text: localize("FANGS.Chat.Outcome.Prone", { name: state.target.name }), css: "" });
  if (outcome?.parryItemBroken) {
    outcomeNotes.push({ text: localize("FANGS.Chat.Outcome.ParryItemBroken"), css: "" });
  }
  if (state.defense?.dodgeInstead) {
    outcomeNotes.push({ text: localize(state.defense.dodgeInstead.noteKey), css: "" });
  }
  if (state.defense?.past?.slippedBy) {
    outcomeNotes.push({
      text: localize("FANGS.Chat.DodgePast.SlippedBy", { name: state.target.name }),
      css: "",
    });
  }

  const throughDodge = burstThroughDodge(state, outcome);
  const fumbleLuck = outcome?.fumble ?? null;
  const suggested = fumbleLuck?.suggested ?? null;
  const fumbleLabel = (id: string) => {
    const option = FUMBLE_OPTIONS.find((o) => o.id === id);
    return option ? localize(option.labelKey) : id;
  };

  const damage = state.damage;
  const damageView = damage
    ? {
        title: localize("FANGS.Chat.Roll.Damage"),
        lines: damageLines(state, damage.result, damage.effects, localize),
      }
    : null;

  const application = state.application;
  const applicationView =
    application && (state.stage === "applied" || state.stage === "undone")
      ? {
          title: localize(
            state.stage === "undone" ? "FANGS.Chat.Applied.UndoneTitle" : "FANGS.Chat.Applied.Title",
            {
              name: inputs.userName?.(application.by) ?? "",
            },
          ),
          headline: application.deltas
            .filter((d) => HEADLINE_DELTAS.has(d.kind))
            .map((d) => deltaLine(d, state, localize)),
          detailsLabel: localize("FANGS.Chat.Applied.Details"),
          lines:
            application.deltas.length > 0
              ? application.deltas.map((d) => deltaLine(d, state, localize))
              : [{ text: localize("FANGS.Chat.Applied.Nothing"), css: "" }],
          checks: consequenceChecks(application.consequences, state, localize),
        }
      : null;

  /* buttons */
  const defenses: ButtonView[] = [];
  if (allowed("defend")) {
    for (const offer of inputs.offers ?? []) {
      const named = offer.itemName && (offer.choice === "weaponParry" || offer.choice === "shieldParry");
      const label = named
        ? localize("FANGS.Chat.Defense.ParryWith", { item: offer.itemName ?? "" })
        : localize(DEFENSE_LABEL_KEYS[offer.choice]);
      defenses.push(
        button(
          "defend",
          offer.skill === null ? label : `${label} (${offer.skill})`,
          DEFENSE_ICONS[offer.choice],
          {
            choice: offer.choice,
            disabled: !offer.allowed,
            tooltip: offer.reasonKey
              ? localize(offer.reasonKey, offer.reasonData as Record<string, string>)
              : "",
            css: offer.choice === "none" ? "fangs-exchange__button--quiet" : "",
          },
        ),
      );
      if (offer.choice === "dodge" && offer.allowed && inputs.dodgePast) {
        const label = localize("FANGS.Chat.DodgePast.Label");
        defenses.push(
          button("defend", offer.skill === null ? label : `${label} (${offer.skill})`, DEFENSE_ICONS.dodge, {
            choice: DODGE_PAST,
            tooltip: localize("FANGS.Chat.DodgePast.Hint"),
          }),
        );
      }
    }
  }
  const fumbleOptions: ButtonView[] = allowed("resolveFumble")
    ? FUMBLE_OPTIONS.map((o) =>
        button(
          "resolveFumble",
          localize(o.labelKey),
          o.id === suggested ? "fa-solid fa-clover" : "fa-solid fa-gavel",
          {
            choice: o.id,
            tooltip: o.needsTarget ? localize("FANGS.Chat.Fumble.TargetVictim") : "",
            css: o.id === suggested ? "fangs-exchange__button--suggested" : "",
          },
        ),
      )
    : [];
  // NC-SUB-3: a fumble of a blow that spares Health (the rules core's reading) may be made health-damaging.
  if (fumbleOptions.length > 0 && sparesHealth(state.declaration)) {
    for (const o of FUMBLE_OPTIONS) {
      if (o.id === "dropWeapon") continue;
      fumbleOptions.push(
        button(
          "resolveFumble",
          localize("FANGS.Chat.Fumble.HealthDamaging", { option: localize(o.labelKey) }),
          "fa-solid fa-skull",
          {
            choice: `${o.id}${HARM_SUFFIX}`,
            tooltip: o.needsTarget ? localize("FANGS.Chat.Fumble.TargetVictim") : "",
          },
        ),
      );
    }
  }
  const actions: ButtonView[] = [];
  for (const intent of ["rollDamage", "apply", "takeFreeAttack", "undo", "cancel"] as const) {
    if (!allowed(intent)) continue;
    let label = localize(ACTION_LABELS[intent]);
    if (intent === "takeFreeAttack" && state.freeAttack?.kind === "dodgePast")
      label = localize("FANGS.Chat.DodgePast.TakeSecondChance");
    if (intent === "apply" && !viewer.isGM) label = localize("FANGS.Chat.Action.AskApply");
    if (intent === "apply" && state.stage === "undone") label = localize("FANGS.Chat.Action.ApplyAgain");
    actions.push(
      button(intent, label, ACTION_ICONS[intent], {
        css: intent === "cancel" || intent === "undo" ? "fangs-exchange__button--quiet" : "",
      }),
    );
  }

  const waitingFor: Record<string, string> = { name: state.target.name, attacker: state.attacker.name };
  return {
    stage: state.stage,
    css: `fangs-exchange--${state.stage}${attackLevel !== null ? ` fangs-exchange--attack-${attack?.levelId}` : ""}`,
    attacker: { name: state.attacker.name, img: state.attacker.img },
    target: { name: state.target.name, img: state.target.img },
    weapon: state.weapon.name,
    // A shield on the attacker's side of the card is a bash (NC-DEF-9), which its name alone would not say.
    bash: state.declaration.weapon.shield === true ? localize("FANGS.Chat.ShieldBash") : null,
    heading: localize("FANGS.Chat.Heading", { attacker: state.attacker.name, target: state.target.name }),
    rollMode:
      state.rollMode !== "publicroll" && MODE_LABELS[state.rollMode]
        ? localize(MODE_LABELS[state.rollMode]!)
        : null,
    modifiers: modifierLines(state, localize),
    burst: burstLines(state, localize),
    special: state.special ? localize(state.special.result.noteKey) : null,
    attack,
    defenseTitle,
    defense,
    outcome: outcome
      ? {
          label:
            throughDodge !== null
              ? localize(
                  throughDodge === 0
                    ? "FANGS.Chat.Outcome.BurstThrough"
                    : throughDodge === 1
                      ? "FANGS.Chat.Outcome.BurstHit"
                      : "FANGS.Chat.Outcome.BurstHits",
                  { hits: throughDodge },
                )
              : localize(
                  outcome.kind === "specialHit" && outcome.attackLevel === SuccessLevel.Critical
                    ? "FANGS.Chat.Outcome.CriticalHit"
                    : (OUTCOME_LABEL_KEYS[outcome.kind] ?? "FANGS.Chat.Outcome.Unknown"),
                ),
          css: `fangs-exchange__outcome--${throughDodge !== null ? "hit" : outcome.kind}`,
          notes: outcomeNotes,
        }
      : null,
    fumble:
      outcome?.kind === "attackFumbled"
        ? {
            luck: fumbleLuck
              ? checkView(
                  fumbleLuck.check,
                  localize("FANGS.Chat.Fumble.Luck"),
                  localize,
                  state.fumble !== null,
                )
              : null,
            suggestion: suggested
              ? localize("FANGS.Chat.Fumble.Suggested", { option: fumbleLabel(suggested) })
              : localize("FANGS.Chat.Fumble.NoLuck"),
            ruling: state.fumble
              ? localize("FANGS.Chat.Fumble.Ruled", {
                  option: state.fumble.healthDamaging
                    ? localize("FANGS.Chat.Fumble.HealthDamaging", {
                        option: fumbleLabel(state.fumble.option),
                      })
                    : fumbleLabel(state.fumble.option),
                  name: state.fumble.victim?.name ?? names.actor(state.attacker.actorUuid),
                })
              : null,
          }
        : null,
    damage: damageView,
    application: applicationView,
    freeAttack: state.freeAttack
      ? state.freeAttack.kind === "dodgePast"
        ? localize(state.freeAttack.taken ? "FANGS.Chat.DodgePast.Taken" : "FANGS.Chat.DodgePast.Offered", {
            name: state.target.name,
            attacker: state.attacker.name,
          })
        : localize(state.freeAttack.taken ? "FANGS.Chat.FreeAttack.Taken" : "FANGS.Chat.FreeAttack.Offered", {
            name: state.target.name,
            attacker: state.attacker.name,
          })
      : null,
    // A closed exchange may still leave a follow-up open (a Charge's free attack, a Dodge Past's second chance).
    status: localize(
      state.stage === "resolved" && state.freeAttack && !state.freeAttack.taken
        ? "FANGS.Chat.Status.FollowUpOpen"
        : STAGE_STATUS[state.stage],
      waitingFor,
    ),
    defenses,
    fumbleOptions,
    actions,
    hasButtons: defenses.length + fumbleOptions.length + actions.length > 0,
  };
}
