import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a reference read out on the phone or copied by hand survives. */
export const REF_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A public reference: the prefix, a dash and 8 random characters (`VR-7K3D9Q2M`, `WR-4H8N2K7P`). */
export function newRefId(prefix: string): string {
  let ref = `${prefix}-`;
  for (let i = 0; i < 8; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}
