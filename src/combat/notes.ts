import type { CombatPlan, PlanNote } from "./plan";

/**
 * The chat line a plan leaves behind: a skipped combatant, a spent lost
 * action, a roll-off between holders, the start of a round. Notes about a
 * combatant the players cannot see go to the GMs only.
 */

const NOTE_KEYS: Readonly<Record<PlanNote["kind"], string>> = {
  skippedOutOfAction: "FANGS.Combat.Note.SkippedOutOfAction",
  actionLost: "FANGS.Combat.Note.ActionLost",
  rollOff: "FANGS.Combat.Note.RollOff",
  noOneActs: "FANGS.Combat.Note.NoOneActs",
  roundStart: "FANGS.Combat.Note.RoundStart",
  initiativeRolled: "FANGS.Combat.Note.InitiativeRolled",
};

export interface NoteLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  /** Only GMs may read it (the combatant is hidden). */
  readonly gmOnly: boolean;
}

/** The lines to post, in order; `hidden` tells which combatants the players cannot see. */
export function noteLines(plan: CombatPlan, hidden: ReadonlySet<string>): NoteLine[] {
  return plan.notes.map((note) => ({
    key: NOTE_KEYS[note.kind],
    data: note.data,
    gmOnly: note.combatantId !== null && hidden.has(note.combatantId),
  }));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Posts the plan's notes: one public message and, if needed, one to the GMs. */
export async function postNotes(combat: Combat.Implementation, plan: CombatPlan): Promise<void> {
  const hidden = new Set(combat.combatants.filter((c) => c.hidden).map((c) => c.id!));
  const lines = noteLines(plan, hidden);
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
