export default function Page() {
  return <h1>competition</h1>;
}
