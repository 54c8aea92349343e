// Ids shown to one person in place of the stored ones (a quiz's answer ids, issue 16): each stored id
// is mapped through a keyed derivation the caller supplies. A derivation truncated to 31 bits can give
// two stored ids the same shown id; mapping back would then pick one of them and could grade a right
// answer wrong. So the whole set is derived again under the next round until every shown id is
// distinct. The round depends only on the set, so the same set always gets the same ids.

/** Rounds tried before giving up: with 31-bit ids and a few hundred answers, a second is already rare. */
const MAX_ROUNDS = 16;

export type OpaqueIds = {
  /** The shown id of a stored id of the set; undefined for any other id. */
  shown(storedId: number): number | undefined;
  /** The stored id a shown id stands for; undefined when it stands for none of the set. */
  stored(shownId: number): number | undefined;
};

/**
 * Shown ids for `storedIds` (distinct), from `derive(storedId, round)` at the first round where every
 * result is a distinct positive safe integer. Throws when no round in MAX_ROUNDS manages it, which
 * only a broken derivation can cause.
 */
export function opaqueIds(
  storedIds: readonly number[],
  derive: (storedId: number, round: number) => number,
): OpaqueIds {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const toShown = new Map<number, number>();
    const toStored = new Map<number, number>();
    for (const id of storedIds) {
      const shown = derive(id, round);
      if (!Number.isSafeInteger(shown) || shown <= 0 || toStored.has(shown)) break;
      toShown.set(id, shown);
      toStored.set(shown, id);
    }
    if (toShown.size === storedIds.length)
      return { shown: (id) => toShown.get(id), stored: (id) => toStored.get(id) };
  }
  throw new Error(`no collision-free ids for ${storedIds.length} ids in ${MAX_ROUNDS} rounds`);
}
