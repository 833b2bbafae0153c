// The how-to pages' language (howto.html, howto-backgammon.html): the one
// asked for (?lang=), else the one kept, else the browser's; the FR and EN
// buttons show one article or the other and keep the choice.
"use strict";
(function () {
  const params = new URLSearchParams(location.search);
  let lang = params.get("lang");
  try { lang = lang || localStorage.getItem("trictrac.lang"); } catch (e) { /* private mode */ }
  if (!lang) lang = (navigator.language || "fr").startsWith("fr") ? "fr" : "en";
  function set(l) {
    lang = l === "en" ? "en" : "fr";
    try { localStorage.setItem("trictrac.lang", lang); } catch (e) { /* ignore */ }
    document.documentElement.lang = lang;
    document.getElementById("howto-fr").hidden = lang !== "fr";
    document.getElementById("howto-en").hidden = lang !== "en";
    document.getElementById("lang-fr").classList.toggle("active", lang === "fr");
    document.getElementById("lang-en").classList.toggle("active", lang === "en");
  }
  document.getElementById("lang-fr").onclick = () => set("fr");
  document.getElementById("lang-en").onclick = () => set("en");
  set(lang);
})();
