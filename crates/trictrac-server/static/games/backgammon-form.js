// Backgammon's options of the new-game form (the box `formBox` of its
// module, games/backgammon.js, put into the form by the shell): the
// rules' preset and options (docs/BACKGAMMON.md) and the match length.

export const FORM_HTML = `      <div id="bg-options" hidden>
        <label class="row"><span data-i18n="bg_rules">Règles</span>
          <select name="preset"><option value="standard" data-i18n="bg_standard">standard (GNU Backgammon)</option><option value="seed" data-i18n="bg_seed">de la page (seed)</option></select></label>
        <p class="expl muted" id="bg-preset-expl" data-i18n="expl_bg_preset"></p>
        <label class="row"><span data-i18n="bg_hit_cover">Frapper puis couvrir</span>
          <select name="hit-cover"><option value="" data-i18n="hc_preset">selon les règles choisies</option>
            <option value="allowed" data-i18n="hc_allowed">permis partout</option>
            <option value="inner" data-i18n="hc_inner">pas sur ses cases 7–12</option>
            <option value="home" data-i18n="hc_home">pas sur ses cases 1–6</option>
            <option value="anywhere" data-i18n="hc_anywhere">nulle part</option>
            <option value="opponent" data-i18n="hc_opponent">pas sur ses cases 13–18</option></select></label>
        <p class="expl muted" id="bg-hit-expl" data-i18n="expl_hit_cover"></p>
        <label class="row"><span data-i18n="bg_videau">Offrir le videau</span>
          <select name="videau"><option value="" data-i18n="vd_before">avant de lancer les dés</option>
            <option value="whole-turn" data-i18n="vd_whole">à tout moment de son tour</option></select></label>
        <p class="expl muted" id="bg-videau-expl" data-i18n="expl_videau"></p>
        <label class="row"><span data-i18n="bg_length">Partie</span>
          <select name="length"><option value="0" data-i18n="bg_money">partie simple (argent)</option><option value="1">1</option><option value="3">3</option><option value="5">5</option><option value="7">7</option><option value="9">9</option><option value="11">11</option></select></label>
      </div>
`;
