/**
 * The chat cards a scenario batch plays, found in the world's log as a
 * table's users see them: the newest of a kind, and a card's data read
 * again after each step.
 */

type Message = ChatMessage.Implementation;

/** The newest message whose card data `read` finds and `accepts`; null when none. */
export function newestCard<C>(read: (m: unknown) => C | null, accepts: (card: C) => boolean): Message | null {
  const messages = [...(game.messages ?? [])] as Message[];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const card = read(messages[i]);
    if (card && accepts(card)) return messages[i]!;
  }
  return null;
}

/** The card data of a message as it is now; a message gone, or of another kind, is the batch's error. */
export function cardData<C>(read: (m: unknown) => C | null, id: string, kind: string): C {
  const card = read(game.messages?.get(id));
  if (!card) throw new Error(`FANGS | no ${kind} card ${id}`);
  return card;
}

/**
 * Who clicks next: the owner of this fighter's actor, or a GM (null). A
 * live world has one client, its GM's, which clicks for everyone; the
 * stand-in switches to the owning player, whose click goes through the GM.
 */
export type ActAs = (actor: Actor.Implementation | null) => void;
