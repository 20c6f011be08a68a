/**
 * What a DialogV2 button's callback returns for its form: each field's
 * value by name (checkboxes unchecked are absent, as FormData leaves them),
 * or null when the button has no form. The dialog's own parser checks the
 * values; nothing here trusts them.
 */
export function dialogFormValues(button: HTMLButtonElement): Record<string, unknown> | null {
  const form = button.form;
  if (!form) return null;
  const data: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form).entries()) data[key] = value;
  return data;
}
