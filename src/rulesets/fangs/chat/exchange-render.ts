import { requestStep } from "../../../chat/authority";
import { localize } from "../../../config/localize";
import { documentAtSync } from "../../../documents/uuid";
import { exchangeOf } from "../data/exchange-card";
import type { DefenseOffer } from "./defense-options";
import { offeredDefenses } from "./defense-options";
import { defenseQuestion } from "./defense-question";
import type { ExchangeIntent, ExchangeState } from "./exchange-state";
import { HARM_SUFFIX, mayTake, openIntents } from "./exchange-state";
import { EXCHANGE_TEMPLATE, exchangeCardView, type Viewer } from "./exchange-view";

/**
 * Draws the exchange card in the chat log from the message's stored state,
 * for the user looking at it, every time Foundry renders the message (a new
 * message, an update, a reload). Wires its buttons to the authority.
 *
 * Private and blind rolls: when Foundry says the content is not visible to
 * this user (`isContentVisible`), the card is left as Foundry drew it (its
 * "rolled privately" placeholder): nothing of the exchange is shown.
 */

type Message = ChatMessage.Implementation;

let compiled: HandlebarsTemplateDelegate | null = null;
let loading: Promise<HandlebarsTemplateDelegate> | null = null;

/** Loads and compiles the card template once (called at `setup`; the first render waits for it otherwise). */
export function loadExchangeTemplate(): Promise<HandlebarsTemplateDelegate> {
  loading ??= foundry.applications.handlebars.getTemplate(EXCHANGE_TEMPLATE).then((template) => {
    compiled = template as HandlebarsTemplateDelegate;
    return compiled;
  });
  return loading;
}

function syncActor(uuid: string | null | undefined): Actor.Implementation | null {
  if (!uuid) return null;
  const doc = documentAtSync(uuid);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** The viewer, and the defense offers when this viewer may defend now. */
export function viewerOf(state: ExchangeState): {
  viewer: Viewer;
  offers: DefenseOffer[] | null;
  dodgePast: boolean;
} {
  const attacker = syncActor(state.attacker.actorUuid);
  const target = syncActor(state.target.actorUuid);
  const viewer: Viewer = {
    isGM: game.user?.isGM === true,
    ownsAttacker: attacker?.isOwner === true,
    ownsTarget: target?.isOwner === true,
  };
  let offers: DefenseOffer[] | null = null;
  let dodgePast = false;
  const mayDefend = openIntents(state).includes("defend") && mayTake("defend", { userId: "", ...viewer });
  if (mayDefend && target) {
    try {
      const answer = offeredDefenses(defenseQuestion(state, target));
      offers = [...answer.offers];
      dodgePast = answer.dodgePast;
    } catch (error) {
      console.error("FANGS | could not list the defenses", error);
    }
  }
  return { viewer, offers, dodgePast };
}

function userName(id: string): string {
  return game.users?.get(id)?.name ?? "";
}

function cardHtml(template: HandlebarsTemplateDelegate, state: ExchangeState): string {
  const { viewer, offers, dodgePast } = viewerOf(state);
  const view = exchangeCardView(state, viewer, localize, { offers, dodgePast, userName });
  return template(view, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

/**
 * Draws the card into the message's content (FANGS's card renderer, drawn
 * through the shared hook: src/chat/card-render.ts). Synchronous once the
 * template is loaded, so the card is whole when the hook returns.
 */
export function drawExchangeCard(message: Message, content: HTMLElement): void {
  if (message.type !== "exchange" || !message.isContentVisible) return;
  const state = exchangeOf(message);
  if (!state) {
    content.textContent = localize("FANGS.Chat.Damaged");
    return;
  }
  const id = message.id ?? "";
  const fill = (template: HandlebarsTemplateDelegate) => {
    content.innerHTML = cardHtml(template, state);
    reopenFolds(id, content);
  };
  if (compiled) fill(compiled);
  else void loadExchangeTemplate().then(fill);
  content.addEventListener("click", (event) => void onCardClick(event, message));
  // "toggle" does not bubble: caught on its way down.
  content.addEventListener("toggle", (event) => rememberFold(id, event.target), true);
}

/** Draws the card in a rendered message (its `.message-content`). */
export function renderExchangeMessage(message: Message, html: HTMLElement): void {
  const content = html.querySelector<HTMLElement>(".message-content");
  if (content) drawExchangeCard(message, content);
}

/*
 * The sections this client's viewer opened, by message id and section
 * (`data-fangs-fold`): each step re-renders the card from its data, which
 * would close them again. Kept on this client only, never written to the
 * message: it is how one viewer reads the card.
 */
const openFolds = new Map<string, Set<string>>();

function rememberFold(id: string, target: EventTarget | null): void {
  const details = target as HTMLDetailsElement | null;
  const key = details?.dataset?.fangsFold;
  if (!id || !key) return;
  const open = openFolds.get(id) ?? new Set<string>();
  if (details.open) open.add(key);
  else open.delete(key);
  if (open.size > 0) openFolds.set(id, open);
  else openFolds.delete(id);
}

function reopenFolds(id: string, content: HTMLElement): void {
  const open = openFolds.get(id);
  if (!open) return;
  for (const details of content.querySelectorAll<HTMLDetailsElement>("details[data-fangs-fold]"))
    if (open.has(details.dataset.fangsFold ?? "")) details.open = true;
}

/* -------------------------------------------- */
/*  Clicks                                      */
/* -------------------------------------------- */

/**
 * Hands the click's free attack to the attack flow (set by FANGS's card renderer,
 * src/rulesets/fangs/exchange-card.ts, to keep apps/ out of chat/).
 * `claim` takes the offer on the card; the attack flow calls it once the attack is ready to roll.
 */
type FreeAttackStarter = (
  state: ExchangeState,
  options: { event?: Event | null; claim?: () => Promise<boolean> },
) => Promise<void>;
let freeAttackStarter: FreeAttackStarter | null = null;
export function setFreeAttackStarter(start: FreeAttackStarter): void {
  freeAttackStarter = start;
}

/** The single target the GM picked as a fumble's victim. */
function victimUuid(): string | null {
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length !== 1) return null;
  return targets[0]?.actor?.uuid ?? null;
}

function intentOf(action: string, choice: string): ExchangeIntent | null {
  switch (action) {
    case "defend":
      return { type: "defend", choice };
    case "resolveFumble": {
      // NC-SUB-3: "hitSelfHarm" is the same ruling made a health-damaging strike.
      const harm = choice.endsWith(HARM_SUFFIX);
      const option = harm ? choice.slice(0, -HARM_SUFFIX.length) : choice;
      const ruling = harm ? { healthDamaging: true } : {};
      if (option === "hitAnother") {
        const victim = victimUuid();
        if (!victim) {
          ui.notifications?.warn(localize("FANGS.Chat.Fumble.NeedVictim"));
          return null;
        }
        return { type: "resolveFumble", option, victimUuid: victim, ...ruling };
      }
      return { type: "resolveFumble", option, ...ruling };
    }
    case "rollDamage":
    case "apply":
    case "undo":
    case "cancel":
    case "takeFreeAttack":
      return { type: action };
    default:
      return null;
  }
}

/** A click on the card (exported for the tests: the listener itself returns nothing to wait on). */
export async function onCardClick(event: Event, message: Message): Promise<void> {
  const button = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-fangs-action]");
  if (!button) return;
  event.preventDefault();
  if (button.getAttribute("aria-disabled") === "true") return;
  const state = exchangeOf(message);
  if (!state || !message.id) return;
  const intent = intentOf(button.dataset.fangsAction ?? "", button.dataset.choice ?? "");
  if (!intent) return;
  const card = button.closest<HTMLElement>(".fangs-exchange");
  const buttons = [...(card?.querySelectorAll<HTMLButtonElement>("[data-fangs-action]") ?? [])];
  // One click at a time from this client; the authority refuses doubles from anywhere else.
  for (const b of buttons) b.disabled = true;
  const id = message.id;
  try {
    if (intent.type === "takeFreeAttack" && freeAttackStarter) {
      // The offer is claimed only when the attack is about to be rolled: a dialog closed or an
      // attack refused leaves it on the card. The card may have moved on while the dialog was open.
      const claim = async () =>
        (await requestStep(id, intent, exchangeOf(message)?.revision ?? state.revision)).ok;
      await freeAttackStarter(state, { event, claim });
    } else await requestStep(id, intent, state.revision);
  } finally {
    for (const b of buttons) if (b.isConnected) b.disabled = false;
  }
}
