export function SetupAccountPage() {
  return <main>SetupAccountPage</main>;
}
