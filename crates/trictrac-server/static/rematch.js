// The rematch, for every game (docs/PROTOCOL.md, "rematch"): at the end
// of a game a player asks for it; the server makes a new room with the
// same settings and the colours swapped, and the old room's state names
// it (`rematch`). The player who asked lands in it at once (the reply is
// the new room's welcome); the other player, here or later by the same
// invitation link, follows with the token he holds, which is his seat of
// the other colour there. Spectators get a link to watch it.

import { t, esc, $ } from "./i18n.js";

export function create(app) {
  const S = app.S;
  let following = null;

  // A player's page follows a rematch it hears of: the state of the old
  // room is not drawn (true), the new room's welcome and state come next.
  function onState(before, m) {
    if (!m.rematch || S.role !== "player" || !S.token) return false;
    if (following === m.rematch) return true;
    following = m.rematch;
    if (!before || !before.rematch) app.toast(t("rematch_started"));
    app.send({ type: "join", room: m.rematch, token: S.token });
    return true;
  }

  function ask() {
    if (S.busy || !S.state) return;
    S.busy = true;
    app.send({ type: "rematch" });
    app.render();
  }

  // The button, for a player once the game is over.
  function buttons(st) {
    const on = S.role === "player" && S.seats.length > 0 && !!st.over && !st.rematch && !S.replay;
    $("btn-rematch").hidden = !on;
    $("btn-rematch").disabled = S.busy || !S.online;
  }

  // Under the result, for a spectator: where the rematch is played.
  function note(st) {
    if (!st.rematch || S.role === "player") return "";
    const href = "/?room=" + encodeURIComponent(st.rematch) + "&watch=1";
    return `<div><a id="rematch-link" href="${esc(href)}">${esc(t("rematch_watch"))} (${esc(st.rematch)})</a></div>`;
  }

  return { onState, ask, buttons, note };
}

export { create as createRematch };
