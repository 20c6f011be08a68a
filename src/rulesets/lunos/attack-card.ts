import type { RulesetAttack } from "../../apps/attack/attack-entry";
import type { CardFlow } from "../../chat/card-flows";
import type { SelfDrawnCardRenderer } from "../../chat/card-render";
import { activeRulesetId } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { MANEUVERS } from "../../rules/lunos/types";
import type { RulesetQuery } from "../registry";

/**
 * What start-up holds of Lunos's attack card: its registration only. The
 * steps, the drawing, the attack's workflow and its dialog are its heavy
 * part (./chat/, ./apps/attack/), loaded when first used.
 */

type Drawing = Awaited<ReturnType<typeof loadRuleset<"lunos">>>;
let drawing: Drawing | null = null;

const loadDrawing = async () => {
  const heavy = await loadRuleset("lunos");
  await heavy.loadLunosAttackTemplate();
  drawing = heavy;
  return heavy;
};

export const lunosAttackRenderer: SelfDrawnCardRenderer = Object.freeze({
  draw(message: ChatMessage.Implementation, content: HTMLElement) {
    if (drawing) drawing.drawLunosAttack(message, content);
    else void loadDrawing().then((part) => part.drawLunosAttack(message, content));
  },
  // Only a world that plays Lunos loads its heavy part at `setup`; a card kept in another world's log loads it when drawn.
  prepare: () => (activeRulesetId() === "lunos" ? loadDrawing() : Promise.resolve()),
} satisfies SelfDrawnCardRenderer);

const BUY = new RegExp(`^[A-Za-z0-9]{1,64}:(${MANEUVERS.join("|")})$`);
const ID = /^[A-Za-z0-9]{1,64}$/;
/** More than any attack can pay for: a forged list stops here. */
const MAX_BUYS = 60;

const isList = (v: unknown, test: RegExp, max: number): v is string[] =>
  Array.isArray(v) && v.length <= max && v.every((x) => typeof x === "string" && test.test(x));

/**
 * The spend's data, `{ buys, catch }` and nothing else: each maneuver bought
 * as "target:maneuver" (repeated to buy it again), and the targets whose
 * weapon a Disarm catches. Written out rather than through the kernel's
 * readIntentData, which start-up does not otherwise carry.
 */
function readSpend(data: unknown) {
  const d = data as Record<string, unknown> | null;
  const ok =
    d !== null &&
    typeof d === "object" &&
    !Array.isArray(d) &&
    Object.keys(d).every((k) => k === "buys" || k === "catch") &&
    isList(d.buys, BUY, MAX_BUYS) &&
    isList(d.catch, ID, MAX_BUYS);
  return ok
    ? { ok: true as const, data: { buys: [...(d.buys as string[])], catch: [...(d.catch as string[])] } }
    : { ok: false as const, messageKey: "FANGS.Chat.Refusal.BadIntent" };
}

export const lunosCardFlow: CardFlow = Object.freeze({
  intents: ["apply", "undo"],
  parsers: { spend: readSpend },
  runStep: async (request, user) => (await loadRuleset("lunos")).runLunosStep(request, user),
} satisfies CardFlow);

export const LUNOS_ATTACK_QUERY = "fangs.lunosAttack";
/** Threaten's later strike, asked from the maker's tracker row. */
export const LUNOS_STRIKE_QUERY = "fangs.lunosStrike";

export const lunosAttack: RulesetAttack = Object.freeze({
  itemTypes: ["lunosWeapon"],
  // The Token HUD offers the weapon in hand: the first equipped one, the one the rules read.
  readyItems: (actor: Actor.Implementation) =>
    actor.items.filter(
      (item) =>
        item.type === ("lunosWeapon" as never) && (item.system as { equipped?: unknown }).equipped === true,
    ),
  start: async (actor, itemId, options) =>
    (await loadRuleset("lunos")).startLunosAttack(actor, itemId, options),
} satisfies RulesetAttack);

export const lunosQueries: Readonly<Record<string, RulesetQuery>> = Object.freeze({
  [LUNOS_ATTACK_QUERY]: async (payload: unknown) => (await loadRuleset("lunos")).onLunosAttackQuery(payload),
  [LUNOS_STRIKE_QUERY]: async (payload: unknown) => (await loadRuleset("lunos")).onLunosStrikeQuery(payload),
});
