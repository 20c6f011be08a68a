import { INTENT_TYPES } from "./chat/exchange-stages";
import type { ExchangeIntent, IntentType } from "./chat/exchange-state";

/**
 * FANGS's exchange intents as a player's payload carries them: each with its
 * fields beside its type (`{ type: "defend", choice }`), read field by field
 * on the active GM's client once the card is known to be FANGS's (its
 * `cards.flow.readIntent`, src/chat/card-flows.ts). Anything else is null,
 * and the request is refused.
 */

const ID = /^[A-Za-z0-9]{1,64}$/;
const UUID = /^[A-Za-z0-9.]{1,255}$/;

export function readFangsIntent(v: Readonly<Record<string, unknown>>): ExchangeIntent | null {
  const type = v.type;
  if (typeof type !== "string" || !(INTENT_TYPES as readonly string[]).includes(type)) return null;
  switch (type as IntentType) {
    case "defend":
      return typeof v.choice === "string" && ID.test(v.choice) ? { type: "defend", choice: v.choice } : null;
    case "resolveFumble": {
      if (typeof v.option !== "string" || !ID.test(v.option)) return null;
      const victim = v.victimUuid;
      if (victim !== undefined && victim !== null && (typeof victim !== "string" || !UUID.test(victim)))
        return null;
      if (v.healthDamaging !== undefined && typeof v.healthDamaging !== "boolean") return null;
      return {
        type: "resolveFumble",
        option: v.option,
        victimUuid: (victim as string | null | undefined) ?? null,
        ...(v.healthDamaging === true ? { healthDamaging: true } : {}),
      };
    }
    default:
      return { type } as ExchangeIntent;
  }
}
