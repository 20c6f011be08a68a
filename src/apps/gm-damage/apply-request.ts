import type { AppliedDelta } from "../../chat/card-steps";
import type { GmDamageAnswers } from "./damage-request";

/**
 * The GM damage tool's Apply as a request to the active GM's client (the
 * tool is loaded with it, src/apps/gm-damage/load-tool.ts; the handler is
 * registered at start-up by registerGmDamage). Each GM's browser has a
 * write queue of its own: two GMs applying at once on their own clients
 * would both read the pools before either wrote, and one change would be
 * lost. So every Apply runs on the active GM's client, in its one queue:
 * the active GM's own click there, any other GM's sent to it as the
 * `fangs.gmDamageApply` query with the confirm-back of src/requester.ts,
 * which vouches for this request's answers and tokens only, once.
 * Start-up code holds only the query's name and types (the handler is
 * registered in `init`); the rest is apply-payload.ts, loaded with the tool.
 */

export const GM_DAMAGE_APPLY_QUERY = "fangs.gmDamageApply";

/** A token the GM chose: its actor (a world actor's or a token's UUID) and the name the note shows. */
export interface GmDamageTarget {
  readonly actorUuid: string;
  readonly name: string;
}

export interface GmDamageApplyRequest {
  readonly answers: GmDamageAnswers;
  readonly targets: readonly GmDamageTarget[];
  readonly userId: string;
  readonly requestId: string;
}

export type GmDamageApplyAnswer =
  | { readonly ok: true; readonly deltas: readonly AppliedDelta[] }
  | {
      readonly ok: false;
      /** "" when `data.text` is the message itself (words the ruleset gave). */
      readonly messageKey: string;
      readonly data?: Readonly<Record<string, string>>;
    };

declare global {
  namespace CONFIG {
    interface Queries {
      "fangs.gmDamageApply": (
        payload: unknown,
        options: { timeout?: number },
      ) => Promise<GmDamageApplyAnswer>;
    }
  }
}
