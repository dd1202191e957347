/**
 * A plain mutual non-disclosure agreement offered as a starting point when a room's NDA is empty
 * (docs/decisions/0045-nda-before-entry.md). Written for Roundroom in plain English, not copied from any
 * published form. Its blanks (the company, how long the duties last, the governing law) are filled from
 * the room and a few fields of the card (mutualNdaText); the founder may edit anything before saving. It
 * is not legal advice, and the card says so.
 */
export const MUTUAL_NDA_TEMPLATE = `# Mutual non-disclosure agreement

This agreement is between **[Company name]** (the "Company") and the person who accepts it below (the
"Recipient"), each a "party". It applies from the moment the Recipient accepts it in this data room.

## 1. Why we share information

The parties are discussing a possible investment in the Company (the "Purpose"). To do so, each party may
share information with the other that is not public.

## 2. What is confidential

"Confidential information" means anything one party (the "discloser") shares with the other (the
"receiver") in connection with the Purpose, in any form, including everything in this data room: documents,
financial figures, plans, product and customer information, and the fact that the discussions are taking
place.

It does not include information that the receiver can show:

- is or becomes public through no fault of the receiver;
- the receiver already knew, without a duty of confidence, before it was shared;
- the receiver received from someone else who was free to share it; or
- the receiver developed independently, without using the confidential information.

## 3. What the receiver agrees to do

The receiver will:

1. use the confidential information only for the Purpose;
2. keep it confidential, with at least the care it uses for its own confidential information, and never
   less than reasonable care;
3. share it only with its partners, employees and professional advisers who need it for the Purpose and
   who are bound by duties of confidence at least as strict as these, and remain responsible for them;
4. not copy, download or record it beyond what the Purpose requires; and
5. tell the discloser promptly if it learns of any unauthorised use or disclosure.

## 4. When disclosure is required by law

If a law, regulation or court order requires the receiver to disclose confidential information, the
receiver may do so. Where the law allows, it will tell the discloser first and disclose only what is
required.

## 5. Returning information

When the discussions end, or when the discloser asks, the receiver will stop using the confidential
information and delete or return it, except copies that must be kept by law or that sit in routine
back-ups, which stay confidential under this agreement.

## 6. No other obligations

Sharing information gives no licence or ownership of it. Information is shared "as is", without any
promise about its accuracy or completeness. Neither party has to continue the discussions or to invest
or accept an investment. Nothing here stops an investor from looking at or investing in other companies,
including competitors, as long as it does not use the Company's confidential information to do so.

## 7. How long it lasts

The duties in this agreement last **[two] years** from the date the Recipient accepts it. Duties about
trade secrets last for as long as the information remains a trade secret.

## 8. General

- If a party breaks this agreement, the other may seek an injunction in addition to any other remedy.
- This agreement is the whole agreement on its subject. A change is valid only if both parties agree to
  it in writing.
- If a court finds any part of it unenforceable, the rest remains in force.
- This agreement is governed by the laws of **[country or state]**, and its courts have exclusive
  jurisdiction.

By typing their full name and ticking "I agree", the Recipient accepts this agreement on their own
behalf and, if they act for a fund or company, on its behalf.
`;

/** The facts the template's blanks take; an empty one keeps its bracketed blank, to fill in the text. */
export interface MutualNdaFacts {
  companyName: string;
  /** How many years the duties last, 1 to 10. */
  years: number;
  /** Whose laws govern it, such as "England and Wales" or "the State of Delaware". */
  governingLaw: string;
}

export const MAX_NDA_YEARS = 10;
const YEARS_IN_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The template with its blanks filled from `facts`. */
export function mutualNdaText(facts: MutualNdaFacts): string {
  const years = YEARS_IN_WORDS[facts.years - 1] ?? 'two';
  return MUTUAL_NDA_TEMPLATE.replace('[Company name]', facts.companyName.trim() || '[Company name]')
    .replace('[two] years', `${years} ${facts.years === 1 ? 'year' : 'years'}`)
    .replace('[country or state]', facts.governingLaw.trim() || '[country or state]');
}
