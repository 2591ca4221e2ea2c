/** SPEC §5: the looks search applies only when the text is empty or longer than 2 characters. */
export function searchToApply(text: string): string | null {
  const value = text.trim();
  return value === '' || value.length > 2 ? value : null;
}
