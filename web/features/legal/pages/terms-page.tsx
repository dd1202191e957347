export function TermsPage() {
  return <main>TermsPage</main>;
}
