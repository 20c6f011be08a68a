import type { EffectAttachment } from "../../../effects/attached-effects";
import {
  type EffectKindDefinition,
  EffectSkip,
  type RulesetEffect,
} from "../../../rules/kernel/effect-kinds";
import type { Effect } from "../../../rules/kernel/effects";
import type { TargetOutcome } from "../../../rules/lunos/round-engine";

/**
 * LUN-MNV-3, Push: the target's token goes straight away from the
 * attacker's by the feet the outcome gives (5 a Push bought, 10 for two),
 * on the scene's grid: along the line from the attacker's centre through
 * the target's, as many squares as the feet make (a diagonal square counts
 * one, as the grid's default rule counts it), the token's corner snapped
 * to the grid, and the move measured as the grid measures a path (a world
 * whose diagonal rule makes the snapped move longer is pushed a space
 * less, until it is not). A fighter held in a grapple after the blow is
 * not moved (the fight keeps the grapple, which tokens pushed apart would
 * contradict). Nothing stops it at a wall: a token's update is
 * not a drag. Undo puts the token back where it stood, if it still stands
 * where the push left it: one moved since was moved by someone on purpose,
 * and stays (the card says the undo was partial). With no token of both on
 * one gridded scene there is no effect, and the card says nothing moves.
 */

export const PUSH_KIND = "lunosPush";

/** `actorId` the pushed fighter's actor; `data` the combat, both combatants and the feet. */
export type PushEffect = RulesetEffect & {
  readonly data: {
    readonly combatId: string;
    readonly target: string;
    readonly from: string;
    readonly feet: number;
  };
};

export const pushKind: EffectKindDefinition<PushEffect> = {
  id: PUSH_KIND,
  apply(effect) {
    const feet = Number(effect.data.feet);
    if (!(feet > 0)) return new EffectSkip("no-change");
    return {
      combatId: String(effect.data.combatId),
      target: String(effect.data.target),
      from: String(effect.data.from),
      feet,
    };
  },
  // The token is a document of its own: the table's half moves it and puts it back.
  invert() {},
};

interface Grid {
  readonly size: number;
  readonly distance: number;
  measurePath?(waypoints: readonly { x: number; y: number }[], options?: object): { distance: number };
}

/** A token as the push reads it: its corner in pixels, its size in spaces, its scene. */
export interface PlacedToken {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly uuid?: string;
  readonly parent?: { readonly id?: string | null; readonly grid?: Grid | null } | null;
  update?(data: { x: number; y: number }): Promise<unknown>;
}

const centre = (t: PlacedToken, size: number) => ({
  x: t.x + (t.width * size) / 2,
  y: t.y + (t.height * size) / 2,
});

/**
 * Where a push puts the target's token (its corner), or null when it does
 * not move: no grid, the tokens on one spot (no line to push along), or no
 * whole space to go.
 */
export function pushedTo(from: PlacedToken, to: PlacedToken, feet: number): { x: number; y: number } | null {
  const grid = to.parent?.grid;
  if (!grid || !(grid.size > 0) || !(grid.distance > 0)) return null;
  const size = grid.size;
  const a = centre(from, size);
  const b = centre(to, size);
  // Along the line, as many squares out as the grid counts: the longer side of the step is the squares.
  const across = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  if (across === 0) return null;
  for (let spaces = Math.floor(feet / grid.distance); spaces > 0; spaces -= 1) {
    const x = Math.round((to.x + ((b.x - a.x) / across) * spaces * size) / size) * size;
    const y = Math.round((to.y + ((b.y - a.y) / across) * spaces * size) / size) * size;
    if (x === to.x && y === to.y) return null;
    const moved = grid.measurePath?.([b, centre({ ...to, x, y }, size)], {}).distance ?? 0;
    if (moved <= feet) return { x, y };
  }
  return null;
}

type TokenOf = (combatantId: string) => PlacedToken | null;

/** Both fighters' tokens, on one gridded scene, or null. */
function tokensOf(tokenOf: TokenOf, from: string, target: string) {
  const a = tokenOf(from);
  const b = tokenOf(target);
  const scene = b?.parent;
  if (!a || !b || !scene?.grid || a.parent?.id !== scene.id) return null;
  return { from: a, to: b };
}

/** The pushes of an attack's outcome that move a token; a pushed fighter without one has none. */
export function pushEffects(
  combatId: string,
  attackerId: string,
  targets: readonly TargetOutcome[],
  uuidOf: (id: string) => string,
  tokenOf: TokenOf,
  held: (id: string) => boolean = () => false,
): Effect[] {
  const out: Effect[] = [];
  for (const t of targets) {
    // A fighter held in a grapple stays where its grapple is: tokens pushed apart would part what the fight keeps.
    if (!t.hit || t.pushed <= 0 || held(t.id) || !tokensOf(tokenOf, attackerId, t.id)) continue;
    out.push({
      kind: "ruleset",
      effectKind: PUSH_KIND,
      actorId: uuidOf(t.id),
      data: { combatId, target: t.id, from: attackerId, feet: t.pushed },
    });
  }
  return out;
}

/** A combat's combatant's token, as the table finds it. */
function tokenIn(combatId: string): TokenOf {
  const combat = game.combats?.get(combatId);
  return (id) => (combat?.combatants.get(id)?.token ?? null) as PlacedToken | null;
}

interface PlannedPush {
  readonly kind: "lunosTokenPushed";
  readonly actorUuid: string;
  readonly combatId: string;
  readonly target: string;
  readonly from: string;
  readonly feet: number;
}

/** What Undo needs: where the token stood, and where the push left it. */
export interface TokenPushedDelta extends PlannedPush {
  readonly before: { readonly x: number; readonly y: number };
  readonly after: { readonly x: number; readonly y: number };
}

export const pushAttachment: EffectAttachment<PlannedPush, TokenPushedDelta> = {
  effectKind: PUSH_KIND,
  deltaKind: "lunosTokenPushed",
  plan(effect, record) {
    return {
      kind: "lunosTokenPushed",
      actorUuid: (effect as PushEffect).actorId,
      combatId: String(record.combatId),
      target: String(record.target),
      from: String(record.from),
      feet: Number(record.feet),
    };
  },
  actorOf: (change) => change.actorUuid,
  async write(planned) {
    const tokens = tokensOf(tokenIn(planned.combatId), planned.from, planned.target);
    const to = tokens ? pushedTo(tokens.from, tokens.to, planned.feet) : null;
    if (!tokens || !to || !tokens.to.update) return null;
    const before = { x: tokens.to.x, y: tokens.to.y };
    await tokens.to.update(to);
    return { ...planned, before, after: to };
  },
  async revert(delta) {
    const token = tokenIn(delta.combatId)(delta.target);
    if (!token?.update || token.x !== delta.after.x || token.y !== delta.after.y) return false;
    await token.update({ ...delta.before });
    return true;
  },
};
