import type { CombatPlan, PlanNote } from "../../../rules/fangs/round-engine";

/**
 * The chat line a plan leaves behind: a skipped combatant, a spent lost
 * action, a roll-off between holders, the start of a round, a maneuver
 * lost to a dodge and tried again (NC-MAN-2). Notes about a
 * combatant the players cannot see go to the GMs only.
 */

const NOTE_KEYS: Readonly<Record<PlanNote["kind"], string>> = {
  skippedOutOfAction: "FANGS.Combat.Note.SkippedOutOfAction",
  actionLost: "FANGS.Combat.Note.ActionLost",
  rollOff: "FANGS.Combat.Note.RollOff",
  noOneActs: "FANGS.Combat.Note.NoOneActs",
  roundStart: "FANGS.Combat.Note.RoundStart",
  initiativeRolled: "FANGS.Combat.Note.InitiativeRolled",
  maneuverRetried: "FANGS.Combat.Note.ManeuverRetried",
  maneuverNotRetried: "FANGS.Combat.Note.ManeuverNotRetried",
};

export interface NoteLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  /** Only GMs may read it (the combatant is hidden). */
  readonly gmOnly: boolean;
}

/** A note's data for formatting: a value named "…Key" is a lang key, given localised under the name without "Key". */
function noteData(
  data: Readonly<Record<string, string | number>>,
  localize: (key: string) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name.endsWith("Key") && name.length > 3 && typeof value === "string") {
      out[name.slice(0, -3)] = localize(value);
    } else out[name] = value;
  }
  return out;
}

/** The lines to post, in order; `hidden` tells which combatants the players cannot see. */
export function noteLines(
  plan: CombatPlan,
  hidden: ReadonlySet<string>,
  localize: (key: string) => string = (key) => key,
): NoteLine[] {
  return plan.notes.flatMap((note): NoteLine[] => {
    const key = NOTE_KEYS[note.kind];
    if (note.parts) {
      // A list naming a hidden combatant: the players' line leaves it out, the GMs get its part apart.
      const lines: NoteLine[] = [];
      for (const gmOnly of [false, true]) {
        const parts = note.parts.filter((p) => hidden.has(p.combatantId) === gmOnly);
        if (parts.length === 0) continue;
        const result = parts.map((p) => p.text).join(", ");
        lines.push({ key, data: noteData({ ...note.data, result }, localize), gmOnly });
      }
      return lines;
    }
    return [
      {
        key,
        data: noteData(note.data, localize),
        gmOnly: note.combatantId !== null && hidden.has(note.combatantId),
      },
    ];
  });
}

/** Text as HTML text: a name a user typed is never markup in a chat note. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Posts the plan's notes: one public message and, if needed, one to the GMs. */
export async function postNotes(combat: Combat.Implementation, plan: CombatPlan): Promise<void> {
  const hidden = new Set(combat.combatants.filter((c) => c.hidden).map((c) => c.id!));
  const lines = noteLines(plan, hidden, (key) => game.i18n!.localize(key));
  if (lines.length === 0) return;
  const render = (subset: NoteLine[]): string =>
    `<div class="fangs-combat-note">${subset
      .map((line) => {
        const data = Object.fromEntries(
          Object.entries(line.data).map(([k, v]) => [k, escapeHtml(String(v))]),
        );
        return `<p>${game.i18n!.format(line.key, data)}</p>`;
      })
      .join("")}</div>`;
  const speaker = { alias: game.i18n!.localize("FANGS.Combat.Tracker.Title") };
  const shown = lines.filter((l) => !l.gmOnly);
  const secret = lines.filter((l) => l.gmOnly);
  if (shown.length > 0) await ChatMessage.create({ content: render(shown), speaker });
  if (secret.length > 0) {
    const gms = game.users!.filter((u) => u.isGM).map((u) => u.id!);
    await ChatMessage.create({ content: render(secret), speaker, whisper: gms });
  }
}
