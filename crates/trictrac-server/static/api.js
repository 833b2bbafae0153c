// The page's one helper for the JSON API (docs/PROTOCOL.md): the lobby,
// the account box and the player page call the server through it.

/// A JSON request: the answer, or an Error with the server's message
/// (`{"error": "…"}`, else the HTTP status); the Error's `status` is the
/// HTTP status, its `error` the server's message.
export async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    credentials: "same-origin",
    // Every change is sent as JSON: the server refuses other types on
    // its API (cross-site request forgery, docs/SECURITY.md).
    headers: method === "GET" ? {} : { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  let v = {};
  try { v = await r.json(); } catch (e) { /* not JSON */ }
  if (!r.ok) {
    const e = new Error(v.error || r.status + " " + r.statusText);
    e.status = r.status;
    e.error = v.error;
    throw e;
  }
  return v;
}
