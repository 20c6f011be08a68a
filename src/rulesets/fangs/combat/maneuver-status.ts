import type { ManeuverId } from "../../../rules/fangs/types";
import { showManeuverIcons } from "../config/combat-settings";
import { maneuverDisplay } from "../config/fangs-config";

/**
 * The declared maneuver shows as ONE status icon on the token: an Active
 * Effect flagged with the maneuver id, replaced in place when the maneuver
 * changes and removed at a new round or the end of combat. Never a second
 * one (GURPS #1300, #1918: icons that pile up or vanish).
 */

export const MANEUVER_STATUS_ID = "fangsManeuver";

export interface ManeuverEffectRef {
  readonly id: string;
  readonly maneuver: string;
}

export interface ManeuverStatusChange {
  readonly create: ManeuverId | null;
  readonly update: { readonly id: string; readonly maneuver: ManeuverId } | null;
  readonly delete: readonly string[];
}

/** What to do to the actor's maneuver effects so exactly one shows `maneuver` (none for null). */
export function planManeuverStatus(
  existing: readonly ManeuverEffectRef[],
  maneuver: ManeuverId | null,
): ManeuverStatusChange {
  if (maneuver === null) return { create: null, update: null, delete: existing.map((e) => e.id) };
  const [keep, ...extra] = existing;
  if (!keep) return { create: maneuver, update: null, delete: [] };
  return {
    create: null,
    update: keep.maneuver === maneuver ? null : { id: keep.id, maneuver },
    delete: extra.map((e) => e.id),
  };
}

interface EffectLike {
  readonly id: string | null;
  getFlag?(scope: string, key: string): unknown;
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
}

interface ActorLike {
  readonly uuid?: string;
  readonly effects: Iterable<EffectLike>;
  createEmbeddedDocuments(type: "ActiveEffect", data: object[]): Promise<unknown>;
  updateEmbeddedDocuments(type: "ActiveEffect", data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(type: "ActiveEffect", ids: string[]): Promise<unknown>;
}

function maneuverFlag(effect: EffectLike): string | null {
  const value = effect.flags?.fangs?.maneuver;
  return typeof value === "string" ? value : null;
}

export function maneuverEffects(actor: ActorLike): ManeuverEffectRef[] {
  const refs: ManeuverEffectRef[] = [];
  for (const effect of actor.effects) {
    const maneuver = maneuverFlag(effect);
    if (maneuver !== null && effect.id) refs.push({ id: effect.id, maneuver });
  }
  return refs;
}

function effectData(maneuver: ManeuverId): object {
  const { label, icon } = maneuverDisplay(maneuver);
  return {
    name: game.i18n?.localize(label) ?? label,
    img: icon,
    statuses: [MANEUVER_STATUS_ID],
    flags: { fangs: { maneuver } },
  };
}

/** One change at a time per actor: two quick clicks must not both create an icon. */
const queues = new Map<ActorLike, Promise<unknown>>();

export function setManeuverStatus(
  target: Actor.Implementation | ActorLike,
  maneuver: ManeuverId | null,
): Promise<void> {
  const actor = target as ActorLike;
  const previous = queues.get(actor) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const shown = maneuver !== null && showManeuverIcons() ? maneuver : null;
      const change = planManeuverStatus(maneuverEffects(actor), shown);
      if (change.delete.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", [...change.delete]);
      if (change.update) {
        await actor.updateEmbeddedDocuments("ActiveEffect", [
          { _id: change.update.id, ...effectData(change.update.maneuver) },
        ]);
      }
      if (change.create) await actor.createEmbeddedDocuments("ActiveEffect", [effectData(change.create)]);
    });
  queues.set(actor, next);
  void next.finally(() => {
    if (queues.get(actor) === next) queues.delete(actor);
  });
  return next;
}
