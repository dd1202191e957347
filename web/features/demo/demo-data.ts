/**
 * The static sample data room behind /demo (docs/product-rules.md#demo): a fictional Series A company,
 * 6 sections, 22 documents. Nothing here is fetched; nothing opens or downloads.
 */

import type { SectionIcon as SectionIconName } from '#shared/section-icons';

/** The file types (docs/product-rules.md#file-types) that the demo uses. */
export type DemoFileType =
  | 'pdf'
  | 'excel'
  | 'word'
  | 'powerpoint'
  | 'csv'
  | 'video'
  | 'google-sheets'
  | 'google-docs'
  | 'google-slides';

export interface DemoDocument {
  id: string;
  title: string;
  fileType: DemoFileType;
  /** Uploaded files download; external links open in a new tab (in a real room). */
  isUploaded: boolean;
  /** Days before today, so the sample stays fresh: 0 reads 'Updated today'. */
  updatedDaysAgo: number;
}

export interface DemoSection {
  id: number;
  name: string;
  description: string;
  icon: SectionIconName;
  documents: readonly DemoDocument[];
}

export interface DemoCompany {
  name: string;
  stage: string;
  description: string;
}

export const demoCompany: DemoCompany = {
  name: 'Lumora Grid',
  stage: 'Series A',
  description:
    'Lumora Grid builds software that helps utilities balance rooftop solar and home batteries on the local grid, so they can add clean capacity without building new substations.',
};

function uploaded(id: string, title: string, fileType: DemoFileType, updatedDaysAgo: number): DemoDocument {
  return { id, title, fileType, isUploaded: true, updatedDaysAgo };
}

function external(id: string, title: string, fileType: DemoFileType, updatedDaysAgo: number): DemoDocument {
  return { id, title, fileType, isUploaded: false, updatedDaysAgo };
}

export const demoSections: readonly DemoSection[] = [
  {
    id: 1,
    name: 'Financial information',
    description: 'Financial model, audited statements, cap table and how this round will be spent.',
    icon: 'chart-line',
    documents: [
      uploaded('fin-model', 'Financial model FY2024-2027.xlsx', 'excel', 0),
      uploaded('fin-audit', 'Audited financial statements 2024.pdf', 'pdf', 12),
      external('fin-cap-table', 'Cap table (fully diluted)', 'google-sheets', 2),
      uploaded('fin-kpis', 'Monthly revenue and KPIs 2023-2025.csv', 'csv', 5),
      uploaded('fin-use-of-funds', 'Use of funds - Series A.pdf', 'pdf', 3),
    ],
  },
  {
    id: 2,
    name: 'Legal documents',
    description: 'Incorporation papers, the seed SAFEs, the draft term sheet and IP assignments.',
    icon: 'gavel',
    documents: [
      uploaded('legal-incorporation', 'Certificate of incorporation.pdf', 'pdf', 140),
      uploaded('legal-safes', 'SAFE agreements (seed round).pdf', 'pdf', 95),
      uploaded('legal-term-sheet', 'Series A term sheet (draft).docx', 'word', 1),
      uploaded('legal-ip', 'IP assignment agreements.pdf', 'pdf', 60),
    ],
  },
  {
    id: 3,
    name: 'Business plan',
    description: 'The pitch deck, the three-year plan and how we sell to utilities.',
    icon: 'cogs',
    documents: [
      uploaded('plan-deck', 'Series A pitch deck.pptx', 'powerpoint', 0),
      uploaded('plan-business-plan', 'Business plan 2025-2027.docx', 'word', 7),
      external('plan-gtm', 'Go-to-market strategy', 'google-docs', 9),
    ],
  },
  {
    id: 4,
    name: 'Market research',
    description: 'Market sizing, the competitive landscape and what utility customers told us.',
    icon: 'chart-bar',
    documents: [
      uploaded('market-sizing', 'Market sizing TAM-SAM-SOM.xlsx', 'excel', 20),
      uploaded('market-competition', 'Competitive landscape.pdf', 'pdf', 14),
      external('market-interviews', 'Customer interview synthesis', 'google-docs', 25),
    ],
  },
  {
    id: 5,
    name: 'Team & organization',
    description: 'Who we are today, the leadership team and the hiring this round pays for.',
    icon: 'users',
    documents: [
      uploaded('team-org-chart', 'Organization chart.pdf', 'pdf', 30),
      uploaded('team-bios', 'Leadership bios.pdf', 'pdf', 30),
      external('team-hiring', 'Hiring plan 2025-2026', 'google-sheets', 4),
    ],
  },
  {
    id: 6,
    name: 'Technology & product',
    description: 'Roadmap, system architecture, security posture and a product walkthrough.',
    icon: 'laptop-code',
    documents: [
      external('tech-roadmap', 'Product roadmap 2025-2026', 'google-slides', 6),
      uploaded('tech-architecture', 'System architecture overview.pdf', 'pdf', 18),
      uploaded('tech-security', 'Security and SOC 2 readiness report.pdf', 'pdf', 22),
      uploaded('tech-walkthrough', 'Product walkthrough.mp4', 'video', 10),
    ],
  },
];

/** Days since the most recent change in the room, for the 'Last updated' tile. */
export const demoLastUpdatedDaysAgo = Math.min(
  ...demoSections.flatMap((section) => section.documents.map((document) => document.updatedDaysAgo)),
);
