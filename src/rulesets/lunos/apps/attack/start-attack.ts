import { answerAsActiveGM, askActiveGM, warnUser } from "../../../../apps/attack/ask-gm";
import { attackerCombatant } from "../../../../apps/attack/attacker-combatant";
import { localize } from "../../../../config/localize";
import { newRequestId } from "../../../../requester";
import { LUNOS_DEFAULTS } from "../../../../rules/lunos/config";
import { attackOf, fighterOf, grappleOf } from "../../../../rules/lunos/round-engine";
import { ATTACK_SKILLS, type AttackSkill, type Maneuver } from "../../../../rules/lunos/types";
import { LUNOS_ATTACK_QUERY } from "../../attack-card";
import { type PostAnswer, postLunosAttack } from "../../chat/attack-flow";
import { readLunosTable } from "../../combat/fight-read";
import { lunosFighter } from "../../data/views";
import { type AttackDialogAnswers, askLunosAttack, DECLARABLE } from "./attack-dialog";

/**
 * How an attack starts in a Lunos world (its definition's `cards.attack`,
 * in its heavy part). On the attacker's client: the combat it fights in
 * and the weapon in hand, then the dialog (targets among those declared,
 * skill, a declared maneuver, roll mode). The active GM settles and rolls
 * the attack with the engine on the fight as it is now (never the
 * request's figures) and posts the card (../../chat/attack-flow.ts). A
 * player's attack reaches the GM as the `fangs.lunosAttack` query, its
 * sender confirmed back.
 */

interface AttackRequest {
  readonly userId: string;
  readonly requestId: string;
  readonly combatId: string;
  readonly combatantId: string;
  readonly itemId: string;
  readonly targets: readonly string[];
  readonly skill: AttackSkill;
  /** The maneuver declared before the roll, "" for none. */
  readonly declared: string;
  readonly forgoDamage: boolean;
  readonly rollMode: string;
}

const warn = warnUser;

/**
 * A Self roll would be whispered to the GM alone (the GM's client posts
 * the card), leaving the attacker's owner no card to spend on: it is not
 * offered, and a chat set to Self rolls the attack as a private GM roll,
 * as FANGS's attack does.
 */
const SELF_ROLL = "selfroll";

export function clientRollMode(): string {
  const mode = String(game.settings?.get("core", "rollMode") ?? "publicroll");
  if (mode === SELF_ROLL) return "gmroll";
  return Object.hasOwn(CONFIG.Dice.rollModes, mode) ? mode : "publicroll";
}

/** The weapon in hand: the first equipped Lunos weapon, the one the rules read. */
export function weaponInHand(actor: Actor.Implementation): Item.Implementation | null {
  return (
    actor.items.find(
      (item) =>
        item.type === ("lunosWeapon" as never) && (item.system as { equipped?: unknown }).equipped === true,
    ) ?? null
  );
}

const hiddenFrom = (other: Combatant.Implementation | undefined, user: User.Implementation) =>
  other?.hidden === true && !other.testUserPermission(user, "OWNER");

/** On the active GM's client: the request's user, combatant and weapon read again, then the card posted. */
async function postFor(request: AttackRequest, user: User.Implementation): Promise<PostAnswer> {
  const combat = game.combats?.get(request.combatId) as Combat.Implementation | undefined;
  const combatant = combat?.combatants.get(request.combatantId);
  const actor = combatant?.actor;
  if (!combat?.started || !combatant || !actor) return { ok: false, key: "LUNOS.Chat.Refusal.NoCombat" };
  if (!user.isGM && !actor.testUserPermission(user, "OWNER"))
    return { ok: false, key: "FANGS.Chat.Refusal.NotPermitted" };
  // A combatant hidden from the players after the declarations is still not theirs to name (as declaring it is not),
  // told as one not in the fight so the refusal gives nothing away.
  if (!user.isGM && request.targets.some((id) => hiddenFrom(combat.combatants.get(id), user)))
    return { ok: false, key: "LUNOS.Chat.Refusal.UnknownCombatant" };
  if ((weaponInHand(actor)?.id ?? "") !== request.itemId)
    return { ok: false, key: "LUNOS.Chat.Refusal.NotWielded", data: { name: combatant.name ?? "" } };
  // Bare-handed ("", nothing in hand) is a Brawl blow (docs/rules/lunos.md, "The attack's skill").
  if (request.itemId === "" && request.skill !== "brawl")
    return { ok: false, key: "LUNOS.Chat.Refusal.NotWielded", data: { name: combatant.name ?? "" } };
  return postLunosAttack({
    combat,
    attackerId: request.combatantId,
    choice: {
      targets: request.targets,
      skill: request.skill,
      declared: (request.declared || null) as Maneuver | null,
      forgoDamage: request.forgoDamage,
    },
    rollMode: request.rollMode,
    by: user.id ?? "",
  });
}

const ID = /^[A-Za-z0-9]{1,64}$/;
const FIELDS = [
  "userId",
  "requestId",
  "combatId",
  "combatantId",
  "itemId",
  "targets",
  "skill",
  "declared",
  "forgoDamage",
  "rollMode",
];

function readRequest(payload: unknown): AttackRequest | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  if (Object.keys(p).some((key) => !FIELDS.includes(key))) return null;
  for (const key of ["userId", "requestId", "combatId", "combatantId"])
    if (typeof p[key] !== "string" || !ID.test(p[key] as string)) return null;
  // "" is bare-handed: the GM checks that the attacker has no weapon in hand.
  if (typeof p.itemId !== "string" || (p.itemId !== "" && !ID.test(p.itemId))) return null;
  const targets = p.targets;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > 20) return null;
  if (!targets.every((t) => typeof t === "string" && ID.test(t))) return null;
  if (!(ATTACK_SKILLS as readonly unknown[]).includes(p.skill)) return null;
  if (p.declared !== "" && !(DECLARABLE as readonly unknown[]).includes(p.declared)) return null;
  if (typeof p.forgoDamage !== "boolean") return null;
  if (typeof p.rollMode !== "string" || !Object.hasOwn(CONFIG.Dice.rollModes, p.rollMode)) return null;
  if (p.rollMode === SELF_ROLL) return null;
  return p as unknown as AttackRequest;
}

/** What the query answers the asking client: whether its card is posted, and which; never the card itself. */
export type AttackAnswer =
  | { readonly ok: true; readonly messageId: string }
  | Extract<PostAnswer, { readonly ok: false }>;

/**
 * The card's id, not the card: a query's answer reaches the asking client
 * whole, and a blind card's roll is the GMs' alone (docs/security.md).
 */
async function answerFor(request: AttackRequest, user: User.Implementation): Promise<AttackAnswer> {
  const posted = await postFor(request, user);
  return posted.ok ? { ok: true, messageId: posted.message.id ?? "" } : posted;
}

/** The `fangs.lunosAttack` query handler: a player's attack, checked, rolled and posted by the active GM. */
export async function onLunosAttackQuery(payload: unknown): Promise<AttackAnswer> {
  return answerAsActiveGM(
    payload,
    LUNOS_ATTACK_QUERY,
    readRequest,
    "LUNOS.Chat.Refusal.Unconfirmed",
    answerFor,
  );
}

export interface LunosAttackOptions {
  readonly event?: Event | { readonly shiftKey?: boolean } | null;
  readonly token?: TokenDocument.Implementation | null;
  /** Answers the dialog would give (a macro, the tests); the dialog is not shown. */
  readonly answers?: Partial<AttackDialogAnswers>;
}

/**
 * What the plan declared, read from the round on the Combat; when it cannot
 * be read, every other combatant, whom the GM narrows to the declared ones.
 */
function plannedOf(combat: Combat.Implementation, id: string) {
  const others = [...combat.combatants].filter((c) => c.id && c.id !== id).map((c) => c.id!);
  try {
    // The round the GM keeps on the Combat, which every client may read (only the GM writes it).
    const read = readLunosTable(combat);
    const attack = read.fight ? attackOf(fighterOf(read.fight, id).plan) : null;
    if (attack)
      return {
        targets: [...attack.targets],
        declared: attack.declared ?? null,
        extra: read.rules,
        grappling: grappleOf(read.fight!, id) !== null,
      };
  } catch {
    // A round this client cannot read: the GM checks the targets.
  }
  return { targets: others, declared: null, extra: LUNOS_DEFAULTS, grappling: undefined };
}

/** On the attacker's client: true once its card is posted. */
export async function startLunosAttack(
  actor: Actor.Implementation,
  itemId: string,
  options: LunosAttackOptions = {},
): Promise<boolean> {
  const found = attackerCombatant(actor, options.token);
  if (!found?.combatant.id) return warn("LUNOS.Chat.Refusal.NoCombat");
  const { combat, combatant } = found;
  const id: string = found.combatant.id;
  const name = combatant.name ?? actor.name ?? "";
  // With nothing in hand (its weapon caught, or a creature without one) the attack is bare-handed, its item "".
  const weapon = weaponInHand(actor);
  if ((weapon?.id ?? "") !== itemId || !lunosFighter(actor))
    return warn("LUNOS.Chat.Refusal.NotWielded", { name });
  const user = game.user;
  const gm = game.users?.activeGM;
  if (!user?.id || !gm) return warn("FANGS.Chat.NoGM");
  const planned = plannedOf(combat, id);
  const weaponSkill = weapon ? ((weapon.system as { skill?: AttackSkill }).skill ?? "weapon") : "brawl";
  const skills: AttackSkill[] = weaponSkill === "brawl" ? ["brawl"] : [weaponSkill, "brawl"];
  const shift = !!options.event && "shiftKey" in options.event && options.event.shiftKey === true;
  const rollMode = clientRollMode();
  let answers: AttackDialogAnswers | null;
  if (options.answers || shift)
    answers = {
      targets: options.answers?.targets ?? planned.targets,
      skill: options.answers?.skill ?? skills[0]!,
      declared: options.answers?.declared ?? planned.declared,
      forgoDamage: options.answers?.forgoDamage ?? false,
      rollMode: options.answers?.rollMode === SELF_ROLL ? "gmroll" : (options.answers?.rollMode ?? rollMode),
    };
  else
    answers = await askLunosAttack(
      {
        attackerName: name,
        weaponName: weapon?.name ?? "",
        targets: planned.targets
          .filter((t) => combat.combatants.get(t)?.visible !== false)
          .map((t) => ({ id: t, name: combat.combatants.get(t)?.name ?? t })),
        skills,
        planned,
        extraTargetDice: planned.extra.extraTargetDice,
        grappling: planned.grappling,
        rollMode,
        rollModes: Object.fromEntries(
          Object.entries(CONFIG.Dice.rollModes)
            .filter(([k]) => k !== SELF_ROLL)
            .map(([k, v]) => [k, typeof v === "string" ? v : ((v as { label?: string }).label ?? k)]),
        ),
      },
      localize,
    );
  if (!answers) return false;
  if (answers.targets.length === 0) return warn("LUNOS.Chat.Refusal.NoTarget", { name });
  // The rules give forgone damage's success to the declared maneuver: said here, not as the GM's bare refusal.
  if (answers.forgoDamage && answers.declared === null) return warn("LUNOS.Chat.Refusal.ForgoNeedsManeuver");
  const request: AttackRequest = {
    userId: user.id,
    requestId: newRequestId(),
    combatId: combat.id ?? "",
    combatantId: id,
    itemId,
    targets: answers.targets,
    skill: answers.skill,
    declared: answers.declared ?? "",
    forgoDamage: answers.forgoDamage,
    rollMode: answers.rollMode,
  };
  return askActiveGM(gm, LUNOS_ATTACK_QUERY, request, () => answerFor(request, user));
}
