import { Decimal } from 'decimal.js';

/**
 * Bank files as German banks send them, built line by line for the tests: the Sparkasse's "CSV-CAMT V2"
 * export (Windows-1252, every cell quoted, `;`, dates dd.mm.yy, decimal comma) and ISO 20022 camt.053 in
 * versions 001.02 and 001.08 with opening and closing balances.
 */
export interface BankTx {
  /** ISO booking date (also the value date). */
  date: string;
  /** Signed, with a dot: "73.19" in, "-12.40" out. */
  amount: string;
  name: string;
  iban?: string;
  purpose: string;
  /** The payer's end-to-end id; "NOTPROVIDED" when absent, as banks write it. */
  e2e?: string;
  /** The bank's reference of the entry (CAMT `AcctSvcrRef`). */
  ref?: string;
  /** Currency of the line (CSV `Waehrung`, CAMT `Ntry/Amt@Ccy`). */
  currency?: string;
  /** A converted transfer: the amount the payer sent, in its currency (CAMT `AmtDtls/InstdAmt`). */
  instructed?: { amount: string; currency: string };
  /** A returned transfer's reason code (CAMT `RtrInf/Rsn/Cd`). */
  returnCode?: string;
}

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(2, 4)}`;

/** "1234.5" → "1.234,50", the sign kept. */
export function germanMoney(amount: string): string {
  const d = new Decimal(amount);
  const [int, dec] = d.abs().toFixed(2).split('.'); // toFixed(2) always has a point
  return `${d.isNegative() ? '-' : ''}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

const SPARKASSE_HEADER = [
  'Auftragskonto',
  'Buchungstag',
  'Valutadatum',
  'Buchungstext',
  'Verwendungszweck',
  'Glaeubiger ID',
  'Mandatsreferenz',
  'Kundenreferenz (End-to-End)',
  'Sammlerreferenz',
  'Lastschrift Ursprungsbetrag',
  'Auslagenersatz Ruecklastschrift',
  'Beguenstigter/Zahlungspflichtiger',
  'Kontonummer/IBAN',
  'BIC (SWIFT-Code)',
  'Betrag',
  'Waehrung',
  'Info',
];

/** A Sparkasse CSV-CAMT V2 export, encoded in Windows-1252 as the bank sends it (UTF-8 where asked). */
export function sparkasseCsv(
  account: string,
  txs: BankTx[],
  raw: { amount?: string }[] = [],
  encoding: 'windows-1252' | 'utf8' = 'windows-1252',
): Buffer {
  const rows = [SPARKASSE_HEADER];
  for (const [i, t] of txs.entries()) {
    const credit = !t.amount.startsWith('-');
    rows.push([
      account,
      germanDate(t.date),
      germanDate(t.date),
      credit ? 'GUTSCHR. UEBERWEISUNG' : 'FOLGELASTSCHRIFT',
      t.purpose,
      '',
      '',
      t.e2e ?? 'NOTPROVIDED',
      '',
      '',
      '',
      t.name,
      t.iban ?? '',
      t.iban ? 'BYLADEM1001' : '',
      raw[i]?.amount ?? germanMoney(t.amount),
      t.currency ?? 'EUR',
      'Umsatz gebucht',
    ]);
  }
  const text = `${rows.map((r) => r.map((c) => `"${c}"`).join(';')).join('\r\n')}\r\n`;
  return encoding === 'utf8' ? Buffer.from(text, 'utf8') : windows1252(text);
}

/** Windows-1252 bytes of a text of Latin-1 characters (what the tests write: umlauts and ß). */
function windows1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) throw new Error(`not in Windows-1252: ${text[i]}`);
    out[i] = c;
  }
  return out;
}

const xmlText = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export interface CamtOptions {
  account: string;
  version?: '02' | '08';
  accountCurrency?: string;
  /** `ElctrncSeqNb`. */
  sequence?: number;
  opening?: string;
  /** The closing balance as the bank states it; by default opening + entries. */
  closing?: string;
  id?: string;
  txs: BankTx[];
}

/** A camt.053 statement of one account: one entry per transaction, balances around them. */
export function camt053(o: CamtOptions): string {
  const v = o.version ?? '08';
  const ccy = o.accountCurrency ?? 'EUR';
  const opening = new Decimal(o.opening ?? '1000.00');
  const sum = o.txs.filter((t) => (t.currency ?? 'EUR') === ccy).reduce((s, t) => s.plus(t.amount), new Decimal(0));
  const closing = new Decimal(o.closing ?? opening.plus(sum));
  const first = o.txs[0]?.date ?? '2026-11-23';
  const last = o.txs.at(-1)?.date ?? first;
  const party = (t: BankTx, role: 'Dbtr' | 'Cdtr') =>
    `<${role}>${v === '08' ? `<Pty><Nm>${xmlText(t.name)}</Nm></Pty>` : `<Nm>${xmlText(t.name)}</Nm>`}</${role}>` +
    (t.iban ? `<${role}Acct><Id><IBAN>${t.iban}</IBAN></Id></${role}Acct>` : '');
  const balance = (code: string, amount: Decimal, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${amount.abs().toFixed(2)}</Amt>` +
    `<CdtDbtInd>${amount.isNegative() ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = o.txs.map((t, i) => {
    const credit = !t.amount.startsWith('-');
    // As written (two decimals, or more where a test needs a bank's malformed amount).
    const amount = t.amount.replace(/^[-+]/, '');
    const c = t.currency ?? 'EUR';
    const amtDtls = t.instructed
      ? `<AmtDtls><InstdAmt><Amt Ccy="${t.instructed.currency}">${t.instructed.amount}</Amt></InstdAmt>` +
        `<TxAmt><Amt Ccy="${c}">${amount}</Amt></TxAmt></AmtDtls>`
      : '';
    return `
      <Ntry>
        <Amt Ccy="${c}">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        ${v === '08' ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>'}
        <BookgDt><Dt>${t.date}</Dt></BookgDt>
        <ValDt><Dt>${t.date}</Dt></ValDt>
        <AcctSvcrRef>${t.ref ?? `${t.date.replaceAll('-', '')}${String(70000 + i)}`}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>${t.returnCode ? 'RRTN' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${t.e2e ?? 'NOTPROVIDED'}</EndToEndId></Refs>
          ${v === '08' ? `<Amt Ccy="${c}">${amount}</Amt>` : ''}
          ${amtDtls}
          <RltdPties>${party(t, credit ? 'Dbtr' : 'Cdtr')}</RltdPties>
          <RmtInf><Ustrd>${xmlText(t.purpose)}</Ustrd></RmtInf>
          ${t.returnCode ? `<RtrInf><Rsn><Cd>${t.returnCode}</Cd></Rsn></RtrInf>` : ''}
        </TxDtls></NtryDtls>
      </Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>CAMT053-${o.id ?? first}</MsgId><CreDtTm>${last}T22:15:03.0+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${o.id ?? `${o.account}-${last}`}</Id>
      ${o.sequence === undefined ? '' : `<ElctrncSeqNb>${o.sequence}</ElctrncSeqNb>`}
      <CreDtTm>${last}T22:15:03.0+01:00</CreDtTm>
      <FrToDt><FrDtTm>${first}T00:00:00.0+01:00</FrDtTm><ToDtTm>${last}T23:59:59.0+01:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>${o.account}</IBAN></Id><Ccy>${ccy}</Ccy><Svcr><FinInstnId>${v === '08' ? '<BICFI>BYLADEM1001</BICFI>' : '<BIC>BYLADEM1001</BIC>'}</FinInstnId></Svcr></Acct>
      ${balance('OPBD', opening, first)}
      ${balance('CLBD', closing, last)}
      ${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
