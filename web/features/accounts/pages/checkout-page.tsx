export function CheckoutPage() {
  return <main>CheckoutPage</main>;
}
