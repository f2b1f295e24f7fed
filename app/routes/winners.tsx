export default function Page() {
  return <h1>winners</h1>;
}
