/**
 * The server names a field and says what is wrong with it in a fragment ("is not an option of
 * industry-type", "must be at least 8 characters"): shown beside the field, it becomes a sentence
 * ("This is not an option of industry-type."). A message that is already a sentence stays as it is.
 */
export function sentence(message: string): string {
  const text = /^(is|must|are|may|cannot|should|has|have|needs)\b/.test(message) ? `This ${message}` : message;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
