export function SupportPage() {
  return <main>SupportPage</main>;
}
