// Short move animations and the optional sound, for every game.
//
// Animations: when a new state arrives, each checker that is somewhere it
// was not slides there (a quarter of a second) from the nearest place a
// checker of its colour left: the board's SVG before and after is all it
// needs, so no game has to say how it draws. None under
// `prefers-reduced-motion: reduce`, nor for a jump (a new game, a replay).
//
// Sound: off until the player turns it on (the button in the header,
// remembered in this browser); a short click of the dice when they are
// thrown and a soft knock when a play is made, drawn with Web Audio.

import { t, $ } from "./i18n.js";

const SPEED_MS = 240;
const MOST = 8; // more checkers moved than this is a jump, not a move

function reduced() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export function createMotion(S) {
  S.animations = 0; // moves animated (for tests)
  S.sounds = 0;     // sounds played (for tests)
  S.sound = false;
  let pending = false; // the next drawing follows a new state
  let audio = null;

  // Where the checkers stand, when the next drawing is to be animated.
  function spots(svg) { return pending ? collect(svg) : null; }
  // Each checker's colour and middle.
  function collect(svg) {
    const out = [];
    for (const el of svg.querySelectorAll("circle.chk-w, circle.chk-b, rect.chk-w, rect.chk-b")) {
      if (el.id === "ghost") continue;
      const circle = el.tagName.toLowerCase() === "circle";
      if (circle && Number(el.getAttribute("r")) < 20) continue; // the turn mark
      const x = circle ? +el.getAttribute("cx") : +el.getAttribute("x") + +el.getAttribute("width") / 2;
      const y = circle ? +el.getAttribute("cy") : +el.getAttribute("y") + +el.getAttribute("height") / 2;
      out.push({ el, cls: el.classList.contains("chk-w") ? "w" : "b", x, y });
    }
    return out;
  }

  function animate(svg, before) {
    if (!before) return;
    pending = false;
    if (reduced()) return;
    const after = collect(svg);
    const key = (p) => `${p.cls} ${Math.round(p.x)} ${Math.round(p.y)}`;
    const count = (list) => {
      const m = new Map();
      for (const p of list) m.set(key(p), (m.get(key(p)) || 0) + 1);
      return m;
    };
    const was = count(before), now = count(after);
    const left = before.filter((p) => { const k = key(p); const n = now.get(k) || 0; if (n > 0) { now.set(k, n - 1); return false; } return true; });
    const arrived = after.filter((p) => { const k = key(p); const n = was.get(k) || 0; if (n > 0) { was.set(k, n - 1); return false; } return true; });
    if (!arrived.length || arrived.length > MOST) return;
    for (const p of arrived) {
      let best = -1, dist = Infinity;
      left.forEach((q, i) => {
        const d = q.cls === p.cls ? Math.hypot(q.x - p.x, q.y - p.y) : Infinity;
        if (d < dist) { dist = d; best = i; }
      });
      if (best < 0) continue;
      const from = left.splice(best, 1)[0];
      if (!p.el.animate) continue;
      p.el.animate(
        [{ transform: `translate(${from.x - p.x}px, ${from.y - p.y}px)` }, { transform: "translate(0px, 0px)" }],
        { duration: SPEED_MS, easing: "ease-out" });
      S.animations += 1;
    }
  }

  // A short sound: a noise burst (dice) or a low knock (a checker).
  function play(kind) {
    if (!S.sound) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const o = audio.createOscillator(), g = audio.createGain();
      o.type = kind === "dice" ? "square" : "sine";
      o.frequency.value = kind === "dice" ? 660 : 180;
      g.gain.setValueAtTime(0.15, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.13);
      S.sounds += 1;
    } catch (e) { /* no audio here */ }
  }

  // A new state: animate the next drawing; a sound for dice or a play.
  function stateChanged(before, m, moved) {
    if (!moved || !before || before.room !== m.room) return;
    pending = true;
    if (m.dice && !before.dice) play("dice");
    else play("move");
  }

  function renderToggle() {
    const b = $("btn-sound");
    if (!b) return;
    // A loudspeaker, with waves when the sound is on (drawn: no emoji font needed).
    b.innerHTML = `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>` +
      (S.sound ? `<path d="M15 8.5a4.5 4.5 0 0 1 0 7M17.5 6a8 8 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none"/>`
        : `<path d="M15 9l6 6M21 9l-6 6" stroke="currentColor" stroke-width="2"/>`) + `</svg>`;
    b.title = t(S.sound ? "sound_on" : "sound_off");
    b.setAttribute("aria-label", b.title);
    b.setAttribute("aria-pressed", S.sound ? "true" : "false");
    b.classList.toggle("active", S.sound);
  }

  function init() {
    try { S.sound = localStorage.getItem("trictrac.sound") === "1"; } catch (e) { /* private mode */ }
    $("btn-sound").onclick = () => {
      S.sound = !S.sound;
      try { localStorage.setItem("trictrac.sound", S.sound ? "1" : "0"); } catch (e) { /* ignore */ }
      renderToggle();
      play("move");
    };
    renderToggle();
  }

  return { spots, animate, stateChanged, renderToggle, init };
}
