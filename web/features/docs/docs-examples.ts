/** The sections-markdown samples the documentation shows, as plain text (rendered in <pre>, never as HTML). */

export const skeletonExample = `# Company Information
name: Your Company
stage: Series A
description: Secure document sharing for investors and stakeholders

## Section name
An optional one-paragraph description of the section.
- [Document title](https://link-to-the-document)`;

export const sectionExample = `## Legal {icon=gavel}
Incorporation papers, past financings and IP assignments.
- [Certificate of incorporation](https://app.roundroom.example/api/documents/0b5c4a1e-7d2f-4c11-9a43-2f0e6b8d91c7/download)
- [SAFE agreements](https://drive.google.com/file/d/1sAfEaGrEeMeNtS/view)`;

export const documentExample = `## Financial information
- [Financial model FY2024-2027](https://app.roundroom.example/api/documents/7c9e6679-7425-40de-944b-e07fc1f90ae7/download)
- [Cap table](https://docs.google.com/spreadsheets/d/1CaPtAbLe2025/edit)
- [Board deck Q3](https://www.dropbox.com/scl/fi/k3x9a/board-deck-q3.pptx)`;

export const fullExample = `# Company Information
name: Lumora Grid
stage: Series A
description: Software that helps utilities balance rooftop solar and home batteries on the local grid.

## Financial information
Our model, audited statements, cap table and how this round will be spent.
- [Financial model FY2024-2027](https://app.roundroom.example/api/documents/7c9e6679-7425-40de-944b-e07fc1f90ae7/download)
- [Audited financial statements 2024](https://app.roundroom.example/api/documents/1f0d3b52-9a8e-4c3f-b6d2-4e5a7c8b9d10/download)
- [Cap table (fully diluted)](https://docs.google.com/spreadsheets/d/1CaPtAbLe2025/edit)

## Legal {icon=gavel}
- [Certificate of incorporation](https://app.roundroom.example/api/documents/0b5c4a1e-7d2f-4c11-9a43-2f0e6b8d91c7/download)
- [SAFE agreements (seed round)](https://drive.google.com/file/d/1sAfEaGrEeMeNtS/view)
- [Series A term sheet (draft)](https://docs.google.com/document/d/1TeRmShEeT/edit)

## Business plan
- [Series A pitch deck](https://docs.google.com/presentation/d/1PiTcHdEcK/edit)
- [Business plan 2025-2027](https://app.roundroom.example/api/documents/5d3c2b1a-0f9e-4d8c-a7b6-c5d4e3f2a1b0/download)

## Market research
What utility customers told us, and how big the market is.
- [Market sizing](https://www.dropbox.com/scl/fi/m4rk3t/market-sizing.xlsx)
- [Competitive landscape](https://onedrive.live.com/?id=C0MP3T1T10N)

## Founders {icon=users}
- [Leadership bios](https://app.roundroom.example/api/documents/9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b/download)

## Technology & product
- [Product roadmap 2025-2026](https://docs.google.com/presentation/d/1RoAdMaP/edit)
- [Security overview](https://app.box.com/s/s3cur1ty0v3rv13w)`;

export const minimalExample = `## Pitch
- [Pitch deck](https://docs.google.com/presentation/d/1PiTcHdEcK/edit)`;

/** Calling the API with a token (the API topic). */
export const apiCallExample = `curl -H "Authorization: Bearer $ROUNDROOM_TOKEN" \\
  https://your-roundroom.example/api/admin/recent-access`;
