/**
 * Documents looked up by a UUID read from stored data (a card, a macro, a
 * flag, a drag). Foundry types the argument as a UUID template of a known
 * document name, which a stored string cannot be shown to be: the one cast
 * is here, and what comes back is checked with `instanceof` by the caller.
 */

type AnyUuid = Parameters<typeof fromUuid>[0];

export async function documentAt(uuid: string): Promise<unknown> {
  return fromUuid(uuid as AnyUuid);
}

/** The document if it is in memory (no compendium fetch); null for a malformed UUID. */
export function documentAtSync(uuid: string): unknown {
  try {
    return fromUuidSync(uuid as AnyUuid);
  } catch {
    return null;
  }
}

/** The actor at a UUID (a world actor or a token's); null when it is gone or not an actor. */
export async function actorAt(uuid: string): Promise<Actor.Implementation | null> {
  try {
    const doc = await documentAt(uuid);
    // Every Actor is made from CONFIG.Actor.documentClass; `instanceof` only narrows to the base class.
    return doc instanceof Actor ? (doc as Actor.Implementation) : null;
  } catch {
    return null;
  }
}
