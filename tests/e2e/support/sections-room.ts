import { type APIRequestContext, expect } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { uniqueEmail } from './people';

/** A founder's room set up through the API, with a file uploaded into each of its sections. */
export interface SectionsRoom {
  founderEmail: string;
  /** The founder's session token (a bearer header, or the rr_session cookie). */
  token: string;
  /** For the founder's API calls: the bearer and this app's Origin. */
  headers: Record<string, string>;
  /** Each uploaded document's id, by its file name. */
  documentIds: Record<string, string>;
}

/**
 * A new founder and their room, whose sections (in the order of `files`, each with a line of
 * description) hold the PDFs given, uploaded as an investor's reading journey starts from them.
 */
export async function roomWithSections(
  request: APIRequestContext,
  baseURL: string | undefined,
  options: {
    companyName: string;
    files: readonly { section: string; name: string; pdf: Buffer }[];
  },
): Promise<SectionsRoom> {
  const founderEmail = uniqueEmail('founder');
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: founderEmail, companyName: options.companyName },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };
  const sections = [...new Set(options.files.map((file) => file.section))];
  const saved = await request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: {
      content: `# Company Information\nname: ${options.companyName}\n${sections
        .map((section) => `\n## ${section}\nThe ${section.toLowerCase()} papers.\n`)
        .join('')}`,
    },
  });
  expect(saved.status()).toBe(200);
  const documentIds: Record<string, string> = {};
  for (const { section, name, pdf } of options.files) {
    const uploaded = await request.post(apiPath(documentRoutes.upload), {
      headers,
      multipart: { section, file: { name, mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    documentIds[name] = ((await uploaded.json()) as { document: { id: string } }).document.id;
  }
  return { founderEmail, token, headers, documentIds };
}
