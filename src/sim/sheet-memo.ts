/**
 * Answers remembered per fighter sheet and situation key: the simulator
 * asks the same questions of the same sheet thousands of times a second.
 * A sheet dropped by every fight drops its answers with it (a WeakMap); a
 * sheet's own answers are forgotten at once past `limit` (a long run of
 * many situations must not grow without end).
 */
export class SheetMemo<Key, Value> {
  readonly #bySheet = new WeakMap<object, Map<Key, Value>>();
  readonly #limit: number;

  constructor(limit = Number.POSITIVE_INFINITY) {
    this.#limit = limit;
  }

  get(sheet: object, key: Key): Value | undefined {
    return this.#bySheet.get(sheet)?.get(key);
  }

  set(sheet: object, key: Key, value: Value): void {
    let answers = this.#bySheet.get(sheet);
    if (answers === undefined) {
      answers = new Map();
      this.#bySheet.set(sheet, answers);
    } else if (answers.size > this.#limit) answers.clear();
    answers.set(key, value);
  }
}
