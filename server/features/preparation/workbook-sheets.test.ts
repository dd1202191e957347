import { expect, test } from 'vitest';
import { PreparationRefused } from './helper-programs';
import { sheetsOfWorkbookXml } from './workbook-sheets';

// A workbook's list of sheets is read as XML (fast-xml-parser), with its entities bounded.

const SPREADSHEETML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

function refusal(xml: string): { code: string; message: string } | undefined {
  try {
    sheetsOfWorkbookXml(xml);
  } catch (error) {
    if (error instanceof PreparationRefused) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}

test("a sheet's name is decoded: XML's entities and numeric character references, nothing trimmed", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${SPREADSHEETML}"><sheets><sheet name="P&amp;L &#x2013; caf&#233; &lt;2026&gt; &quot;Q1&quot; &apos;draft&apos; &unknown;" sheetId="1"/><sheet name=" 1e5 " sheetId="2"/><sheet sheetId="3"/></sheets></workbook>`;
  expect(sheetsOfWorkbookXml(xml)).toEqual([
    { name: `P&L \u2013 caf\u00e9 <2026> "Q1" 'draft' &unknown;`, isHidden: false },
    { name: ' 1e5 ', isHidden: false },
    { name: 'Sheet 3', isHidden: false },
  ]);
});

test('a workbook written with namespace prefixes reads the same, hidden and very hidden sheets included', () => {
  const xml = `<x:workbook xmlns:x="${SPREADSHEETML}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="Summary" sheetId="1" r:id="rId1"/><x:sheet name="Workings" state="hidden" sheetId="2" r:id="rId2"></x:sheet><x:sheet name="Macros" state="veryHidden" sheetId="3" r:id="rId3"/></x:sheets></x:workbook>`;
  expect(sheetsOfWorkbookXml(xml)).toEqual([
    { name: 'Summary', isHidden: false },
    { name: 'Workings', isHidden: true },
    { name: 'Macros', isHidden: true },
  ]);
});

test('a list of thousands of escaped names is read whole', () => {
  const sheets = Array.from({ length: 3000 }, (_, index) => `<sheet name="R&amp;D ${index}"/>`).join('');
  const read = sheetsOfWorkbookXml(`<workbook><sheets>${sheets}</sheets></workbook>`);
  expect(read).toHaveLength(3000);
  expect(read[2999]).toEqual({ name: 'R&D 2999', isHidden: false });
});

test('a DOCTYPE of nested entities ("billion laughs") is not expanded', () => {
  const lol = (level: number) => Array.from({ length: 10 }, () => `&lol${level};`).join('');
  const xml = `<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY lol0 "lol"><!ENTITY lol1 "${lol(0)}"><!ENTITY lol2 "${lol(1)}"><!ENTITY lol3 "${lol(2)}"><!ENTITY lol4 "${lol(3)}"><!ENTITY lol5 "${lol(4)}"><!ENTITY lol6 "${lol(5)}"><!ENTITY lol7 "${lol(6)}"><!ENTITY lol8 "${lol(7)}"><!ENTITY lol9 "${lol(8)}">]><workbook><sheets><sheet name="&lol9;"/></sheets></workbook>`;
  expect(sheetsOfWorkbookXml(xml)).toEqual([{ name: '&lol9;', isHidden: false }]);
});

test('a DOCTYPE naming an external entity, or declaring more than 16, refuses the workbook as corrupt', () => {
  const external = `<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY secret SYSTEM "file:///etc/passwd">]><workbook><sheets><sheet name="&secret;"/></sheets></workbook>`;
  expect(refusal(external)?.code).toBe('corrupt');
  const declarations = Array.from({ length: 17 }, (_, index) => `<!ENTITY e${index} "x">`).join('');
  const many = `<?xml version="1.0"?><!DOCTYPE workbook [${declarations}]><workbook><sheets><sheet name="&e0;"/></sheets></workbook>`;
  expect(refusal(many)?.code).toBe('corrupt');
});

test('a small list whose references would expand past the size cap refuses the workbook as corrupt', () => {
  const references = '&kilobyte;'.repeat(5000);
  const xml = `<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY kilobyte "${'x'.repeat(1000)}">]><workbook><sheets><sheet name="${references}"/></sheets></workbook>`;
  expect(xml.length).toBeLessThan(100_000);
  expect(refusal(xml)?.code).toBe('corrupt');
});

test('a list that is not XML, names no sheet, or is cut short, refuses the workbook as corrupt', () => {
  expect(refusal('not a workbook')).toEqual({ code: 'corrupt', message: 'the workbook has no sheets' });
  expect(refusal(`<workbook xmlns="${SPREADSHEETML}"><sheets/></workbook>`)?.code).toBe('corrupt');
  expect(refusal('<workbook><sheets><sheet name="Summary"')?.code).toBe('corrupt');
  expect(refusal('<workbook><sheets><sheet name="a" __proto__="polluted"/></sheets></workbook>')?.code).toBe(
    'corrupt',
  );
});
