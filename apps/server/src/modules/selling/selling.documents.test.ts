import { describe, expect, it } from 'vitest';
import { KEEP_TEXT, SPREADSHEET_NUMBER } from '../../platform/csv.ts';
import { csvCells, expectGermanCsv, FORMULA } from '../../platform/export-checks.fixtures.ts';
import { type DocumentSale, localisePinsCsv, renderSaleCsv } from './selling.documents.ts';

/** A bulk sale as the render job builds it: a 16-digit PIN, a PIN with a leading zero, a hostile product name. */
const sale: DocumentSale = {
  saleId: 4711,
  productName: '=Lebara; 15 €',
  productType: 'cash_card',
  value: '14.85',
  info: '',
  customerCare: '+49 800 1234567',
  instructions: '',
  shopName: 'Kiosk',
  soldAt: new Date('2026-11-28T22:55:00Z'),
  pins: [
    { pin: '1234567890123456', serial: '000123456789012345', lot: '20261128' },
    { pin: '0987654321098765', serial: null, lot: 'L-7' },
  ],
};

describe('the machine-readable bulk-PIN file (documented in docs/api/selling.md and decision 0131)', () => {
  const file = renderSaleCsv(sale);

  it('keeps its header exactly: changing it breaks shops’ own software', () => {
    expect(file.toString('utf8').split('\r\n')[0]).toBe(
      'sale_id,product,value,pin,serial,batch,sold_at_berlin,customer_care,reference',
    );
  });

  it('is never localised: no BOM, `,`, dot decimals, ISO Berlin time, PINs and serials bare', () => {
    expect(file[0]).toBe('s'.charCodeAt(0));
    const [, first, second] = csvCells(file, ',');
    expect(first).toEqual([
      '4711',
      "'=Lebara; 15 €",
      '14.85',
      '1234567890123456',
      '000123456789012345',
      '20261128',
      '2026-11-28 23:55:00',
      "'+49 800 1234567",
      '4711-1',
    ]);
    // The sale's two PINs: a header and two lines.
    expect(second![3]).toBe('0987654321098765');
    expect(second![4]).toBe('');
    expect(second![8]).toBe('4711-2');
  });
});

describe('the bulk-PIN file for a person', () => {
  it('German: words, `;`, decimal comma, and every PIN and serial kept text with all its digits', () => {
    const { header, rows } = expectGermanCsv(localisePinsCsv(renderSaleCsv(sale), 'de'), ['Wert']);
    expect(header).toEqual([
      'Referenz',
      'Produkt',
      'Wert',
      'PIN',
      'Seriennummer',
      'Charge',
      'Verkauft am',
      'Kundenservice',
    ]);
    expect(rows[0]).toEqual([
      '4711-1',
      "'=Lebara; 15 €",
      '14,85',
      `${KEEP_TEXT}1234567890123456`,
      `${KEEP_TEXT}000123456789012345`,
      `${KEEP_TEXT}20261128`,
      '28.11.2026 23:55:00',
      "'+49 800 1234567",
    ]);
    // What a spreadsheet would read as a number (losing digits past 15 or a leading zero) is never left bare.
    for (const row of rows) for (const code of [row[3], row[4], row[5]]) expect(code).not.toMatch(SPREADSHEET_NUMBER);
    expect(rows[1]![5]).toBe('L-7');
    expect(SPREADSHEET_NUMBER.test('1234567890123456')).toBe(true);
    expect(SPREADSHEET_NUMBER.test('12.11')).toBe(true);
  });

  it('English: , and dot decimals, still PINs as text and no cell starting a formula', () => {
    const [header, ...rows] = csvCells(localisePinsCsv(renderSaleCsv(sale), 'en'), ',');
    expect(header![0]).toBe('Reference');
    expect(rows[0]![2]).toBe('14.85');
    expect(rows[0]![3]).toBe(`${KEEP_TEXT}1234567890123456`);
    for (const cell of rows.flat()) expect(cell).not.toMatch(FORMULA);
  });

  it('a file stored before references existed gets them from its row order', () => {
    const old = Buffer.from(
      '\uFEFFsale_id,product,value,pin,serial,batch,sold_at_berlin,customer_care\r\n' +
        '12,Card,10.00,111122223333,,L1,"28.11.2026, 23:55",\r\n' +
        '12,Card,10.00,444455556666,,L1,"28.11.2026, 23:55",\r\n',
    );
    const [, ...rows] = csvCells(localisePinsCsv(old, 'de'), ';');
    expect(rows.map((r) => r[0])).toEqual(['12-1', '12-2']);
    expect(rows[1]![3]).toBe(`${KEEP_TEXT}444455556666`);
  });
});
