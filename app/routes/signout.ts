// PLACEHOLDER: replaced by the issue that owns this route.
export function loader() {
  return new Response("Not found", { status: 404 });
}
