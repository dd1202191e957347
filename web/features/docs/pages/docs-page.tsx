export function DocsPage() {
  return <main>DocsPage</main>;
}
