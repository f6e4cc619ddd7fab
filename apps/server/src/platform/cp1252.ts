/**
 * Windows-1252 ("ANSI"), the encoding DATEV's batch import reads by default (decision 0147). Latin-1 maps to
 * itself; 0x80–0x9F hold the typographic characters Windows put there (€, „, “, ”, –, …). A character the code page
 * lacks is written as `?` (the writers keep to German text, so that means a name in another script).
 */
const HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

export function encodeCp1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    out[n++] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (HIGH[code] ?? 0x3f);
  }
  return out.subarray(0, n);
}
