/**
 * Seeds for simulated fights. Each fight's dice come from (run seed, fight
 * index) alone, never from which worker or chunk ran it: any split of the
 * work replays exactly the same fights, so the odds do not depend on it.
 */

/** murmur3's finaliser: spreads every input bit over the whole word. */
function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The seed of fight `index` of a run seeded with `seed` (both whole numbers ≥ 0). */
export function fightSeed(seed: number, index: number): number {
  return fmix32(fmix32(seed ^ 0x2545f491) ^ Math.imul(index + 1, 0x9e3779b9));
}

/** Accepts 0 … 2^32−1; anything else is refused by the callers' argument checks. */
export function isValidSeed(seed: unknown): seed is number {
  return typeof seed === "number" && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff;
}
