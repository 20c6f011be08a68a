import { type Deadline, isExpired, pauseDeadline, secondsShown } from "../rules/kernel/deadline";
import { expireWhenDue, isActiveGM } from "./real-time-gm";
import { cardDeadline, getRealTimeLimit, liveDeadline, serverNow } from "./real-time-limits";

/**
 * The countdown every client shows on a card with a running deadline, and
 * the one ticker that redraws it: a single interval for the client, running
 * only while some card counts down (not during a pause, not with limits
 * switched off), however many cards and windows show one. On the active
 * GM's client the same tick notices a deadline that ran out.
 *
 * A card's template may hold an empty `[data-fangs-deadline]` where its
 * countdown goes; without one it is added at the end of the card.
 */

/** Often enough that a shown second and the expiry are never late by more than a quarter of one. */
export const TICK_MS = 250;

/** What the countdown writes to: an element of a drawn card. */
interface CountdownView {
  textContent: string | null;
  readonly isConnected: boolean;
  setAttribute(name: string, value: string): void;
}

const SLOT = "[data-fangs-deadline]";

/** Ids of cards whose deadline counts down. */
const watched = new Set<string>();
/**
 * The drawn countdowns of each watched card (the chat log, a pop-out, a
 * notification), with when each was drawn: Foundry hands the card's HTML
 * to the render hook before it places it, so a countdown not yet in the
 * page is kept a moment before it counts as thrown away.
 */
const views = new Map<string, Map<CountdownView, number>>();
const PLACING_MS = 2_000;
let timer: ReturnType<typeof setInterval> | null = null;
/** When this client saw the game pause: the countdown freezes at once, before the GM's write lands. */
let pausedSince: number | null = null;

/** Whether this client's ticker is running: it should not while nothing counts down. */
export function tickerRunning(): boolean {
  return timer !== null;
}

function startTicker(): void {
  if (timer !== null || watched.size === 0 || game.paused) return;
  timer = setInterval(tick, TICK_MS);
}

function stopTicker(): void {
  if (timer === null) return;
  clearInterval(timer);
  timer = null;
}

/** The deadline as this client should show it: frozen from the moment it saw the pause. */
function asShown(deadline: Deadline, now: number): Deadline {
  return game.paused && deadline.pausedAt === null ? pauseDeadline(deadline, pausedSince ?? now) : deadline;
}

function label(deadline: Deadline): string {
  const limit = getRealTimeLimit(deadline.limit);
  return limit ? game.i18n.localize(limit.labelKey) : "";
}

function text(deadline: Deadline, now: number): string {
  const data = { label: label(deadline), seconds: String(secondsShown(asShown(deadline, now), now)) };
  if (deadline.spentAt !== null) return game.i18n.format("FANGS.Deadline.Spent", data);
  const paused = game.paused || deadline.pausedAt !== null;
  return game.i18n.format(paused ? "FANGS.Deadline.Paused" : "FANGS.Deadline.Remaining", data);
}

/** What a card's countdown shows: its running deadline, or one that ran out; nothing once lifted or off. */
function toShow(message: ChatMessage.Implementation | undefined): Deadline | null {
  if (!message) return null;
  const live = liveDeadline(message);
  if (live) return live;
  const deadline = cardDeadline(message);
  return deadline && deadline.spentAt !== null ? deadline : null;
}

function draw(id: string, deadline: Deadline | null, now: number): void {
  const drawn = views.get(id);
  if (!drawn) return;
  const shown = deadline ? text(deadline, now) : "";
  for (const [view, drawnAt] of drawn) {
    if (!view.isConnected && now - drawnAt >= PLACING_MS) drawn.delete(view);
    else if (view.textContent !== shown) view.textContent = shown;
  }
  if (!drawn.size || !deadline || deadline.spentAt !== null) views.delete(id);
}

/** One beat of the ticker: redraw every countdown; on the active GM, act on those that ran out. */
function tick(): void {
  const now = serverNow();
  const gm = isActiveGM();
  for (const id of [...watched]) {
    const message = game.messages?.get(id);
    const deadline = message ? liveDeadline(message) : null;
    if (!message || !deadline) {
      watched.delete(id);
      draw(id, toShow(message), now);
      continue;
    }
    draw(id, deadline, now);
    if (gm && !game.paused && isExpired(deadline, now)) expireWhenDue(message, now);
  }
  if (watched.size === 0 || game.paused) stopTicker();
}

/** A card was created, changed or loaded: count it down if its deadline runs. */
export function watchCard(message: ChatMessage.Implementation): void {
  const id = message.id;
  if (!id) return;
  if (liveDeadline(message)) {
    watched.add(id);
    startTicker();
  } else if (watched.has(id) || views.has(id)) {
    watched.delete(id);
    draw(id, toShow(message), serverNow());
  }
}

export function forgetCard(id: string): void {
  watched.delete(id);
  views.delete(id);
}

/** Every card of the chat log, once the world is ready. */
export function watchAllCards(): void {
  for (const message of game.messages ?? []) watchCard(message);
}

/** The `pauseGame` hook, on every client: the countdowns freeze at once, and run again on resume. */
export function onPauseChanged(paused: boolean): void {
  const now = serverNow();
  pausedSince = paused ? now : null;
  for (const id of watched) {
    draw(id, toShow(game.messages?.get(id)), now);
  }
  if (paused) stopTicker();
  else startTicker();
}

/** The `renderChatMessageHTML` hook: a card with a deadline shows its countdown, or that its time ran out. */
export function renderCountdown(message: ChatMessage.Implementation, html: HTMLElement): void {
  const deadline = toShow(message);
  const id = message.id;
  if (!id || !deadline) return;
  let view = html.querySelector<HTMLElement>(SLOT);
  if (!view) {
    html
      .querySelector(".message-content")
      ?.insertAdjacentHTML("beforeend", '<p class="fangs-countdown" data-fangs-deadline></p>');
    view = html.querySelector<HTMLElement>(SLOT);
  }
  if (!view) return;
  const now = serverNow();
  view.setAttribute("role", "timer");
  view.textContent = text(deadline, now);
  if (deadline.spentAt !== null) return;
  const drawn = views.get(id) ?? new Map<CountdownView, number>();
  drawn.set(view, now);
  views.set(id, drawn);
  watchCard(message);
}
