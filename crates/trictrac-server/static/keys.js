// Playing with the keyboard, for every game: each key presses a button of
// the game's action bar when it is shown and enabled, so a key does just
// what a click does. The buttons carry their key (`data-key`, drawn
// beside the label and named in the tooltip):
//   R      roll the dice            D  double (backgammon)
//   Enter  confirm: the main button shown (roll, take, stay, mark…)
//   U, Backspace  take back the moves made     H  hint
//   N      rematch, once the game is over
//   Escape put the checker down, or cancel the resignation
//   ← →    step through the replay
// Keys typed into a field, or with Ctrl, Alt or Meta, are left alone.

const BY_KEY = {
  r: "btn-roll", d: "btn-double", u: "btn-undo", backspace: "btn-undo", h: "btn-hint", n: "btn-rematch",
};

// A button the player could click now.
function usable(id) {
  const b = document.getElementById(id);
  return b && !b.hidden && !b.disabled && b.offsetParent !== null ? b : null;
}

export function initKeys({ S, render, replayGo }) {
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.altKey || ev.metaKey || ev.isComposing) return;
    const tag = (ev.target && ev.target.tagName) || "";
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(tag) || (ev.target && ev.target.isContentEditable)) return;
    if (!S.state || document.getElementById("game").hidden) return;
    const key = ev.key.toLowerCase();
    let button = null;
    if (BY_KEY[key]) button = usable(BY_KEY[key]);
    else if (key === "enter") {
      // A focused button answers Enter itself.
      if (tag === "BUTTON" || tag === "A") return;
      button = [...document.querySelectorAll("#actions button.primary")].find((b) => usable(b.id)) || null;
    } else if (key === "escape") {
      if (S.resignAsk) { S.resignAsk = false; render(); ev.preventDefault(); return; }
      if (S.selected !== null) { S.selected = null; render(); ev.preventDefault(); }
      return;
    } else if (S.replay && (key === "arrowleft" || key === "arrowright")) {
      replayGo(S.replay.i + (key === "arrowleft" ? -1 : 1));
      ev.preventDefault();
      return;
    }
    if (!button) return;
    ev.preventDefault();
    S.lastKey = ev.key;
    button.click();
  });
}

// The buttons' tooltips name their keys (after each change of language).
export function labelKeys(t) {
  document.querySelectorAll("[data-key]").forEach((el) => {
    if (!el.dataset.i18n) return;
    // A longer word for the tooltip when there is one (`undo_title`).
    const long = t(el.dataset.i18n + "_title");
    el.title = (long !== el.dataset.i18n + "_title" ? long : t(el.dataset.i18n)) + " (" + el.dataset.key + ")";
    el.setAttribute("aria-keyshortcuts", el.dataset.key === "↵" ? "Enter" : el.dataset.key.replace("U ⌫", "U Backspace"));
  });
}
