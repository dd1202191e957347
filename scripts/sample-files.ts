/**
 * Files a founder in the middle of a raise has uploaded, each with the section it belongs to (empty:
 * none). Their first bytes pass the server's content check. Used by the screenshots and the security audit.
 */
export const sampleFiles: { name: string; section: string; bytes: Buffer }[] = [
  {
    name: 'Pitch deck — Series A 2026.pdf',
    section: 'Financial information',
    bytes: Buffer.from('%PDF-1.7\n'.padEnd(180_000, ' ')),
  },
  {
    name: 'Financial model FY2026-FY2030.xlsx',
    section: 'Financial information',
    bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2_400_000)]),
  },
  {
    name: 'Certificate of incorporation.pdf',
    section: 'Legal documents',
    bytes: Buffer.from('%PDF-1.4\n'.padEnd(96_000, ' ')),
  },
  {
    name: 'Org chart.png',
    section: 'Team & organization',
    bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(640)]),
  },
  { name: 'Customer pipeline.csv', section: '', bytes: Buffer.from('customer,stage\nAcme,pilot\n') },
];
