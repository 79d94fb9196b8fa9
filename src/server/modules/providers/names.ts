/** `Maya O.`: how public pages name a freelancer, the first name and the initial of the last. */
export function publicPersonName(person: { firstname: string | null; lastname: string | null }): string {
  const first = person.firstname?.trim();
  const last = person.lastname?.trim();
  return [first, last ? `${last[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}
