import { type APIRequestContext, expect } from '@playwright/test';
import { accountRoutes } from '#shared/contracts/accounts';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { invitationRoutes } from '#shared/contracts/invitations';
import { roomRoutes } from '#shared/contracts/rooms';
import { deckPdf } from '#tests/support/sample-documents';
import { waitForMail } from './mailbox';
import { uniqueEmail } from './people';

/** A founder's room whose one section holds an uploaded deck, with an investor invited to it. */
export interface DeckRoom {
  founderEmail: string;
  /** The founder's session token (a bearer header, or the rr_session cookie). */
  token: string;
  /** For the founder's API calls: the bearer and this app's Origin. */
  headers: Record<string, string>;
  documentId: string;
  /** The deck's bytes, as uploaded. */
  deck: Buffer;
  investorEmail: string;
}

/**
 * Sets up, through the API, what the reading journeys start from: a new founder and their room, the
 * section `section` (with a line of description) holding the deck `deckName` of `pages` pages, and
 * `investorName` invited, their invitation mailed.
 */
export async function roomWithDeck(
  request: APIRequestContext,
  baseURL: string | undefined,
  options: {
    companyName: string;
    section: string;
    deckName: string;
    pages: number;
    investorName: string;
    /** The deck's bytes, when not the sample deck of `pages` letter-size pages. */
    deck?: Buffer;
  },
): Promise<DeckRoom> {
  const founderEmail = uniqueEmail('founder');
  const created = await request.post(apiPath(accountRoutes.completeSetup), {
    data: { name: 'Fran Founder', email: founderEmail, companyName: options.companyName },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, origin: baseURL ?? '' };
  const saved = await request.post(apiPath(roomRoutes.saveSections), {
    headers,
    data: {
      content: `# Company Information\nname: ${options.companyName}\n\n## ${options.section}\nThe ${options.section.toLowerCase()} papers.\n`,
    },
  });
  expect(saved.status()).toBe(200);
  const deck = options.deck ?? deckPdf(options.pages);
  const uploaded = await request.post(apiPath(documentRoutes.upload), {
    headers,
    multipart: {
      section: options.section,
      file: { name: options.deckName, mimeType: 'application/pdf', buffer: deck },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;
  const investorEmail = uniqueEmail('reader');
  const invited = await request.post(apiPath(invitationRoutes.create), {
    headers,
    data: { email: investorEmail, name: options.investorName },
  });
  expect(invited.status()).toBe(201);
  await waitForMail(investorEmail, 'invited you');
  return { founderEmail, token, headers, documentId, deck, investorEmail };
}
