// Two small helpers of the shell (app.js): the limits of the name
// fields, and the toast that says something for five seconds.

import { t, $ } from "./i18n.js";

// The name fields: at most `data-chars` characters, counted as the
// server counts them (not the browser's UTF-16 units: an emoji is one),
// the limit said before and when it is passed.
export function nameLimits() {
  document.querySelectorAll("input[data-chars]").forEach((el) => {
    const max = Number(el.dataset.chars);
    el.placeholder = t("name_limit", { max });
    const n = [...el.value].length;
    el.setCustomValidity(n > max ? t("name_too_long", { max, n }) : "");
  });
}

export function toast(msg) {
  const el = $("toast");
  el.textContent = msg;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

