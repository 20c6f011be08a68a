import { DEADLINE_MAX_SECONDS } from "../rules/kernel/deadline";
import { activeRulesetId } from "./ruleset-setting";
import { SYSTEM_ID } from "./system";

/**
 * The world settings of real-time limits (src/chat/real-time-limits.ts):
 * one switch for them all, and the seconds of each limit a ruleset
 * registered, its default the ruleset's. Only the world's own ruleset's
 * settings are shown, so a world playing a ruleset without limits (FANGS)
 * sees none of them.
 */

export const REAL_TIME_SWITCH = "realTimeLimits";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.realTimeLimits": boolean;
  }
}

/** The setting key of a limit's seconds ("realTimeSeconds-h2hDefense"): one per limit, named at run time. */
export function secondsSettingKey(limitId: string): string {
  return `realTimeSeconds-${limitId}`;
}

/** What the settings need of a registered limit. */
export interface LimitSettingSource {
  readonly id: string;
  readonly ruleset: string;
  readonly labelKey: string;
  readonly seconds: number;
}

/**
 * `game.settings` for keys named at run time: the typed registry knows only
 * keys written out in a `SettingConfig` declaration.
 */
interface OpenSettings {
  register(namespace: string, key: string, config: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
  readonly settings: { has(id: string): boolean };
}

function openSettings(): OpenSettings | null {
  if (typeof game === "undefined" || !game.settings) return null;
  // A limit's setting key is named at run time, so no SettingConfig declaration can list it.
  return game.settings as unknown as OpenSettings;
}

/**
 * Registers the switch and one seconds setting per limit (call in `init`,
 * after the rulesets registered their limits). `onSwitch` runs when the
 * switch changes: switched off, the running limits are lifted.
 */
export function registerRealTimeSettings(
  limits: readonly LimitSettingSource[],
  onSwitch: (on: boolean) => void,
): void {
  const settings = openSettings();
  if (!settings) return;
  const active = activeRulesetId();
  settings.register(SYSTEM_ID, REAL_TIME_SWITCH, {
    name: "FANGS.Setting.RealTimeLimits.Name",
    hint: "FANGS.Setting.RealTimeLimits.Hint",
    scope: "world",
    config: limits.some((limit) => limit.ruleset === active),
    type: Boolean,
    default: true,
    onChange: (value: unknown) => onSwitch(value === true),
  });
  for (const limit of limits) {
    settings.register(SYSTEM_ID, secondsSettingKey(limit.id), {
      name: limit.labelKey,
      hint: "FANGS.Setting.RealTimeSeconds.Hint",
      scope: "world",
      config: limit.ruleset === active,
      type: Number,
      range: { min: 1, max: 120, step: 1 },
      default: limit.seconds,
    });
  }
}

/** Whether real-time limits run in this world (not when nothing registered them). */
export function realTimeLimitsOn(): boolean {
  const settings = openSettings();
  if (!settings?.settings.has(`${SYSTEM_ID}.${REAL_TIME_SWITCH}`)) return false;
  return settings.get(SYSTEM_ID, REAL_TIME_SWITCH) === true;
}

/** The seconds this world allows for a limit: its setting, or the ruleset's figure when that is unusable. */
export function limitSeconds(limit: LimitSettingSource): number {
  const settings = openSettings();
  const key = secondsSettingKey(limit.id);
  const value = settings?.settings.has(`${SYSTEM_ID}.${key}`) ? settings.get(SYSTEM_ID, key) : undefined;
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= DEADLINE_MAX_SECONDS
    ? value
    : limit.seconds;
}
