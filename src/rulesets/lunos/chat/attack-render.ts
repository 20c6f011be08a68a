import { requestStep } from "../../../chat/authority";
import { authoredByGM } from "../../../chat/card-flows";
import { onRulesetCardClick } from "../../../chat/card-render";
import { localize } from "../../../config/localize";
import { documentAtSync } from "../../../documents/uuid";
import { lunosAttackOf } from "./attack-state";
import { LUNOS_ATTACK_TEMPLATE, lunosAttackView } from "./attack-view";

/**
 * Draws Lunos's attack card in the chat log (its heavy part; the renderer
 * its definition registers, ../attack-card.ts, loads it). The maneuver
 * menu is drawn for the attacker's owner or a GM alone; its button sends
 * what is ticked as one spend, Apply and Undo go through the shared click
 * (src/chat/card-render.ts).
 */

type Message = ChatMessage.Implementation;

let compiled: HandlebarsTemplateDelegate | null = null;

/** Loads the card's template (once). */
export async function loadLunosAttackTemplate(): Promise<HandlebarsTemplateDelegate> {
  if (compiled) return compiled;
  compiled = (await foundry.applications.handlebars.getTemplate(
    LUNOS_ATTACK_TEMPLATE,
  )) as HandlebarsTemplateDelegate;
  return compiled;
}

/**
 * The spend the card's menu holds: each maneuver as "target:maneuver", once
 * per time it is bought, and the targets whose weapon is to be caught.
 */
export function spendOfForm(root: ParentNode): { buys: string[]; catch: string[] } {
  const buys: string[] = [];
  for (const input of root.querySelectorAll<HTMLInputElement>("[data-lunos-buy]")) {
    const name = input.dataset.lunosBuy ?? "";
    const n =
      input.type === "checkbox" ? (input.checked ? 1 : 0) : Math.max(0, Math.trunc(Number(input.value) || 0));
    for (let i = 0; i < n; i += 1) buys.push(name);
  }
  const caught = [...root.querySelectorAll<HTMLInputElement>("[data-lunos-catch]")]
    .filter((input) => input.checked)
    .map((input) => input.dataset.lunosCatch ?? "");
  return { buys, catch: caught };
}

async function onClick(event: Event, message: Message, content: HTMLElement): Promise<void> {
  const button = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("[data-lunos-spend]");
  if (!button) return onRulesetCardClick(event, message);
  event.preventDefault();
  const revision = (message.system as { revision?: unknown }).revision;
  // The authority tells a refusal itself.
  await requestStep(
    message.id ?? "",
    { type: "spend", data: spendOfForm(content) } as never,
    typeof revision === "number" ? revision : 0,
  );
}

export function drawLunosAttack(message: Message, content: HTMLElement): void {
  // A card no GM wrote may hold anything: it keeps its plain content, and its steps are refused.
  const card = authoredByGM(message) ? lunosAttackOf(message) : null;
  const viewer = game.user;
  if (!card || !viewer) return;
  const attacker = card.attacker.actorUuid ? documentAtSync(card.attacker.actorUuid) : null;
  const owns = (attacker as Actor.Implementation | null)?.testUserPermission?.(viewer, "OWNER") === true;
  // A target's levels in all, from its sheet as this client has it (the token bar's maximum).
  const levelsOf = (uuid: string) => {
    const max = (documentAtSync(uuid) as { system?: { levels?: { max?: unknown } } } | null)?.system?.levels
      ?.max;
    return typeof max === "number" ? max : null;
  };
  const context = lunosAttackView(card, { isGM: viewer.isGM, ownsAttacker: owns }, localize, levelsOf);
  const fill = (template: HandlebarsTemplateDelegate) => {
    content.innerHTML = template(context);
  };
  if (compiled) fill(compiled);
  else void loadLunosAttackTemplate().then(fill);
  content.addEventListener("click", (event) => void onClick(event, message, content));
}
