import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF shows, one line per text operator: every content stream inflated, the hex strings of its
 * `TJ` operators joined (kerning splits a line into several). Enough to check what a generated document prints.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(op[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
