import { serialised } from "../../../documents/write-queue";

/**
 * The holds module's watch on the Grappled status (start-up, in FANGS's
 * `init`): the hold the GM keeps (./hold-control.ts) is the truth, and it
 * ends only by what the GM's side does. When a Grappled status goes, the
 * active GM's client asks who took it off: a GM (by hand, an Undo, a break
 * free) ends the holds on that fighter; anyone else has it put back while a
 * hold is kept (./hold-release.ts, loaded then).
 */
export function registerHoldWatch(): void {
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => {
    if (!effect.statuses?.has("grappled") || !game.users?.activeGM?.isSelf) return;
    const actor = effect.parent;
    if (!(actor instanceof Actor)) return;
    // One step of the GM's write queue, queued now, so what follows reads the outcome.
    void serialised(async () => (await import("./hold-release")).grappledRemoved(actor, userId));
  });
}
