/**
 * The one normal form search compares: lower case, accents stripped, punctuation turned into
 * single spaces (so `Node.js` and `node js` meet), keeping `+` and `#` that tell C, C++ and C#
 * apart. The data migration stores names in this form and queries are put in it before they
 * reach SQL, which also keeps LIKE's wildcards and escapes out of user input.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}
