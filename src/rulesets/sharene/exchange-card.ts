import type { RulesetAttack } from "../../apps/attack/attack-entry";
import type { CardFlow } from "../../chat/card-flows";
import type { SelfDrawnCardRenderer } from "../../chat/card-render";
import { activeRulesetId } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import type { RulesetQuery } from "../registry";
import { SHARENE_EXCHANGE_TYPE } from "./data/exchange-card";

/**
 * What start-up holds of Sharene's exchange card: its registration only.
 * The steps, the drawing, the attack's workflow and its dialog are its heavy
 * part (./chat/, ./apps/attack/), loaded when first used.
 */

type Drawing = Awaited<ReturnType<typeof loadRuleset<"sharene">>>;
let drawing: Drawing | null = null;

const loadDrawing = async () => {
  const heavy = await loadRuleset("sharene");
  await heavy.loadShareneExchangeTemplate();
  drawing = heavy;
  return heavy;
};

export const shareneExchangeRenderer: SelfDrawnCardRenderer = Object.freeze({
  draw(message: ChatMessage.Implementation, content: HTMLElement) {
    if (drawing) drawing.drawShareneExchange(message, content);
    else void loadDrawing().then((part) => part.drawShareneExchange(message, content));
  },
  // Only a world that plays Sharene loads its heavy part at `setup`; a card kept in another world's log loads it when drawn.
  prepare: () => (activeRulesetId() === "sharene" ? loadDrawing() : Promise.resolve()),
  // A card waiting on a defense shows the defenses its defender has left.
  redrawFor(message: ChatMessage.Implementation, actorUuid: string) {
    const system = message.system as { stage?: unknown; defender?: { actorUuid?: unknown } };
    return (
      message.type === SHARENE_EXCHANGE_TYPE &&
      system.stage === "awaitDefense" &&
      system.defender?.actorUuid === actorUuid
    );
  },
} satisfies SelfDrawnCardRenderer);

const DEFENSES: readonly unknown[] = ["parry", "dodge", "none"];

/**
 * The defense's data, `{ choice }` and nothing else. Written out rather than
 * through the kernel's readIntentData, which start-up does not otherwise carry.
 */
function readDefend(data: unknown) {
  const d = data as Record<string, unknown> | null;
  return d !== null &&
    typeof d === "object" &&
    !Array.isArray(d) &&
    Object.keys(d).length === 1 &&
    DEFENSES.includes(d.choice)
    ? { ok: true as const, data: { choice: d.choice as string } }
    : { ok: false as const, messageKey: "FANGS.Chat.Refusal.BadIntent" };
}

export const shareneCardFlow: CardFlow = Object.freeze({
  intents: ["apply", "undo", "riposte", "decline"],
  parsers: { defend: readDefend },
  runStep: async (request, user) => (await loadRuleset("sharene")).runShareneStep(request, user),
} satisfies CardFlow);

export const SHARENE_ATTACK_QUERY = "fangs.shareneAttack";

export const shareneAttack: RulesetAttack = Object.freeze({
  itemTypes: ["shareneWeapon"],
  // The Token HUD offers each weapon the fighter has equipped; each attacks with its own figures.
  readyItems: (actor: Actor.Implementation) =>
    actor.items.filter(
      (item) =>
        item.type === ("shareneWeapon" as never) && (item.system as { equipped?: unknown }).equipped === true,
    ),
  start: async (actor, itemId, options) =>
    (await loadRuleset("sharene")).startShareneAttack(actor, itemId, options),
} satisfies RulesetAttack);

export const shareneQueries: Readonly<Record<string, RulesetQuery>> = Object.freeze({
  [SHARENE_ATTACK_QUERY]: async (payload: unknown) =>
    (await loadRuleset("sharene")).onShareneAttackQuery(payload),
});
