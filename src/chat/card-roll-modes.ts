/**
 * The roll modes of a card that waits for another person's answer (a
 * defender's choice), shared by every ruleset's attack. A Self roll is
 * seen by its roller alone, not even by the GM, so no one else could
 * answer it: it is not offered, a request naming it is refused, and a chat
 * set to Self rolls the attack as a private GM roll.
 */

const SELF_ROLL = "selfroll";
const PRIVATE_ROLL = "gmroll";

/** Whether a request's roll mode is one a card may be posted with. */
export function isCardRollMode(mode: unknown): mode is string {
  return typeof mode === "string" && mode !== SELF_ROLL && Object.hasOwn(CONFIG.Dice.rollModes, mode);
}

/** The modes an attack dialog offers, by value, with their labels' keys. */
export function cardRollModes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [value, mode] of Object.entries(
    CONFIG.Dice.rollModes as Record<string, { label?: string } | string>,
  )) {
    if (value === SELF_ROLL) continue;
    out[value] = typeof mode === "string" ? mode : (mode.label ?? value);
  }
  return out;
}

/** The client's chat roll mode as a card's: Self read as a private GM roll. */
export function defaultCardRollMode(): string {
  const mode = String(game.settings?.get("core", "rollMode") ?? "publicroll");
  if (mode === SELF_ROLL) return PRIVATE_ROLL;
  return isCardRollMode(mode) ? mode : "publicroll";
}

/**
 * A private GM roll's readers: the GMs (Foundry's whisper for the mode),
 * and the people the card needs, whom the GM's client posts it for: the
 * player who asked and the owners of the one who must answer. A blind roll
 * stays the GMs' (the GM answers for the defender).
 */
export function addCardReaders(data: { whisper?: unknown }, mode: string, readers: readonly string[]): void {
  const whisper = data.whisper;
  if (mode !== PRIVATE_ROLL || !Array.isArray(whisper)) return;
  for (const id of readers) if (id && !whisper.includes(id)) whisper.push(id);
}

/** The players who own an actor: those who answer for it on a card, and so read a private one. */
export function playerOwnersOf(actor: Actor.Implementation | null | undefined): string[] {
  if (!actor) return [];
  return [...(game.users ?? [])]
    .filter((u) => !u.isGM && u.id && actor.testUserPermission(u, "OWNER"))
    .map((u) => u.id!);
}
