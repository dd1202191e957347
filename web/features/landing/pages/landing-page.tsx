export function LandingPage() {
  return <main>LandingPage</main>;
}
