import { realTimeLimitsOn, registerRealTimeSettings } from "../config/real-time-settings";
import { forgetCard, onPauseChanged, renderCountdown, watchAllCards, watchCard } from "./countdown";
import { liftDeadlines, recordPause } from "./real-time-gm";
import { listRealTimeLimits } from "./real-time-limits";

/**
 * Starts real-time limits (call in `init`, once every ruleset registered
 * its limits). With none registered (a system whose rulesets use none) it
 * registers nothing at all: no setting, no hook, no timer.
 */
export function registerRealTimeLimits(): void {
  const limits = listRealTimeLimits();
  if (limits.length === 0) return;
  registerRealTimeSettings(limits, (on) => {
    if (!on) liftDeadlines();
    watchAllCards();
  });
  Hooks.on("renderChatMessageHTML", (message, html) => renderCountdown(message, html));
  Hooks.on("createChatMessage", (message) => watchCard(message));
  Hooks.on("updateChatMessage", (message) => watchCard(message));
  Hooks.on("deleteChatMessage", (message) => {
    if (message.id) forgetCard(message.id);
  });
  Hooks.on("pauseGame", (paused) => {
    onPauseChanged(paused);
    recordPause(paused);
  });
  Hooks.once("ready", startRealTimeLimits);
}

/**
 * Once the world is ready: the cards already in the chat count down again,
 * and the active GM brings their deadlines in line with the world (frozen
 * if it is paused, lifted if limits were switched off meanwhile).
 */
export function startRealTimeLimits(): void {
  if (realTimeLimitsOn()) recordPause(game.paused === true);
  else liftDeadlines();
  watchAllCards();
}
