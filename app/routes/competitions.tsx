// PLACEHOLDER: replaced by the issue that owns this route.
export default function Page() {
  return <h1>competitions</h1>;
}
