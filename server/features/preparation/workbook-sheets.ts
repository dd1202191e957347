import fsp from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { z } from 'zod';
import { firstLine, PreparationRefused } from './helper-programs';
import { MAX_WORKBOOK_XML_BYTES } from './preparation-limits';

export interface WorkbookSheet {
  name: string;
  isHidden: boolean;
}

/**
 * The sheets of an XLSX in order, from xl/workbook.xml alone: the sheets' own parts (which may hold a
 * million rows) are never inflated. A list larger than MAX_WORKBOOK_XML_BYTES is refused before it is
 * inflated.
 */
export async function workbookSheets(xlsx: string): Promise<WorkbookSheet[]> {
  let workbookXml: Uint8Array | undefined;
  let isTooLarge = false;
  try {
    const entries = unzipSync(await fsp.readFile(xlsx), {
      filter: (entry) => {
        if (entry.name !== 'xl/workbook.xml') return false;
        isTooLarge = entry.originalSize > MAX_WORKBOOK_XML_BYTES;
        return !isTooLarge;
      },
    });
    workbookXml = entries['xl/workbook.xml'];
  } catch (error) {
    throw new PreparationRefused('corrupt', `unreadable workbook: ${firstLine(error)}`);
  }
  if (isTooLarge) throw new PreparationRefused('corrupt', 'the list of sheets is too large');
  if (!workbookXml) throw new PreparationRefused('corrupt', 'the workbook has no list of sheets');
  return sheetsOfWorkbookXml(Buffer.from(workbookXml).toString('utf8'));
}

/**
 * xl/workbook.xml read as XML (fast-xml-parser): namespace prefixes dropped (`x:sheet` is a sheet),
 * attribute values kept as written (not trimmed, "1e5" not a number). Entities are bounded: the five
 * of XML and numeric references (`&#233;`, which the parser decodes only with `htmlEntities`; HTML's
 * named ones come with it, though no workbook writes them) are decoded; a DOCTYPE's own entities are
 * expanded only when their value holds no other reference (so a "billion laughs" stays as written); a
 * DOCTYPE of more than 16, one of more than 1,024 characters, an external one (a file or URL), or
 * references that would expand past MAX_WORKBOOK_XML_BYTES refuse the workbook.
 */
const workbookXmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'sheet',
  htmlEntities: true,
  processEntities: {
    enabled: true,
    maxEntityCount: 16,
    maxEntitySize: 1024,
    // Counted over every reference, XML's own included: a list at its size cap may escape every character.
    maxTotalExpansions: MAX_WORKBOOK_XML_BYTES,
    maxExpandedLength: MAX_WORKBOOK_XML_BYTES,
  },
});

/** `<workbook><sheets><sheet name=… state=…/>…`: the only part of the list a preparation reads. */
const workbookXmlSchema = z.object({
  workbook: z.object({
    sheets: z.object({
      sheet: z.array(z.object({ name: z.string().optional(), state: z.string().optional() })),
    }),
  }),
});

/** The sheets a workbook's list names, in order; refused as corrupt when it names none or is not XML. */
export function sheetsOfWorkbookXml(xml: string): WorkbookSheet[] {
  let parsed: unknown;
  try {
    parsed = workbookXmlParser.parse(xml);
  } catch (error) {
    throw new PreparationRefused('corrupt', `unreadable list of sheets: ${firstLine(error)}`);
  }
  const listed = workbookXmlSchema.safeParse(parsed);
  if (!listed.success || listed.data.workbook.sheets.sheet.length === 0)
    throw new PreparationRefused('corrupt', 'the workbook has no sheets');
  return listed.data.workbook.sheets.sheet.map((sheet, index) => ({
    name: sheet.name ?? `Sheet ${index + 1}`,
    isHidden: (sheet.state ?? 'visible') !== 'visible',
  }));
}
