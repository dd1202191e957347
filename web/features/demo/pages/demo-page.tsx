export function DemoPage() {
  return <main>DemoPage</main>;
}
