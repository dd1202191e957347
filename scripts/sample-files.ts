import { deckPdf, realPng, sampleXlsx, writtenPdf } from '#tests/support/sample-documents';

/**
 * Files a founder in the middle of a raise has uploaded, each with the section it belongs to (empty:
 * none). They are real documents (the viewer prepares and shows them), made on the spot. Used by the
 * screenshots and the security audit.
 */
export async function sampleFiles(): Promise<{ name: string; section: string; bytes: Buffer }[]> {
  return [
    { name: 'Pitch deck — Series A 2026.pdf', section: 'Financial information', bytes: deckPdf(12) },
    {
      name: 'Financial model FY2026-FY2030.xlsx',
      section: 'Financial information',
      bytes: sampleXlsx(),
    },
    {
      name: 'Certificate of incorporation.pdf',
      section: 'Legal documents',
      bytes: writtenPdf({
        pages: 2,
        lines: (page) =>
          page === 1
            ? ['Certificate of incorporation', 'The company was incorporated in Delaware on March 4, 2021.']
            : ['Registered office', '251 Little Falls Drive, Wilmington, DE 19808.'],
      }),
    },
    { name: 'Org chart.png', section: 'Team & organization', bytes: await realPng(1600, 1000, 'Org chart') },
    {
      name: 'Customer pipeline.csv',
      section: '',
      bytes: Buffer.from(
        'customer,stage,annual value\nAcme,pilot,120000\nGlobex,signed,340000\nInitech,trial,45000\n',
      ),
    },
  ];
}
