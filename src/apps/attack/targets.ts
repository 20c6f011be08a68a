/**
 * The target of an attack, captured when the attack starts: exactly one
 * targeted token, with an actor, that is not the attacker. Pure: the caller
 * hands in the user's targets as plain data.
 */

export interface TargetRef {
  readonly tokenUuid: string;
  readonly actorUuid: string;
  readonly name: string;
  readonly img: string;
}

/** A targeted token as the capture reads it. */
export interface TargetedToken {
  readonly uuid: string | null;
  readonly name: string | null;
  readonly img?: string | null;
  readonly actorUuid: string | null;
}

export type TargetCapture =
  | { readonly ok: true; readonly target: TargetRef }
  | { readonly ok: false; readonly key: string; readonly data: Readonly<Record<string, string>> };

function no(key: string, data: Record<string, string> = {}): TargetCapture {
  return { ok: false, key, data };
}

export function captureTarget(targets: readonly TargetedToken[], attackerActorUuid: string): TargetCapture {
  if (targets.length === 0) return no("FANGS.Chat.Target.None");
  if (targets.length > 1) return no("FANGS.Chat.Target.Many", { count: String(targets.length) });
  const token = targets[0]!;
  if (!token.uuid || !token.actorUuid) return no("FANGS.Chat.Target.NoActor", { name: token.name ?? "" });
  if (token.actorUuid === attackerActorUuid) return no("FANGS.Chat.Target.Self");
  return {
    ok: true,
    target: {
      tokenUuid: token.uuid,
      actorUuid: token.actorUuid,
      name: token.name ?? "",
      img: token.img ?? "",
    },
  };
}
