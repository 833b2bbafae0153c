// Grand Trictrac's options of the new-game form (the box `formBox` of
// its module, games/trictrac.js, put into the form by the shell): the
// rule options of and the
// game to write, each with its explanation.

export const FORM_HTML = `      <details id="tt-options">
        <summary data-i18n="rules_options">Options de règle</summary>
        <label class="row"><span data-i18n="opt_marking">Marque</span>
          <select name="marking"><option value="auto" data-i18n="marking_auto">automatique</option><option value="manual" data-i18n="marking_manual">par les joueurs (écoles)</option></select></label>
        <p class="expl muted" data-i18n="expl_marking"></p>
        <label class="row"><span data-i18n="opt_first">Primauté</span>
          <select name="first-move"><option value="one-die-each" data-i18n="first_one">un dé chacun</option><option value="coup-et-des">coup et dés</option><option value="two-dice-each" data-i18n="first_two_each">deux dés chacun</option></select></label>
        <p class="expl muted" data-i18n="expl_first"></p>
        <label class="row"><span data-i18n="opt_exit">Sortie</span>
          <select name="exit"><option value="parisienne">parisienne</option><option value="provinciale">provinciale</option></select></label>
        <p class="expl muted" data-i18n="expl_exit"></p>
        <label class="row"><span data-i18n="opt_exit_roll">Après la sortie</span>
          <select name="exit-roll"><option value="fresh" data-i18n="exit_fresh">nouveau coup</option><option value="pour-tout" data-i18n="exit_pour_tout">pour tout</option></select></label>
        <p class="expl muted" data-i18n="expl_exit_roll"></p>
        <label class="row"><span data-i18n="opt_payout">Enjeux</span>
          <select name="payout"><option value="guiton">Guiton</option><option value="soumille">Soumille</option><option value="jollyvet">Jollyvet</option><option value="honneurs" data-i18n="payout_honneurs">à honneurs</option><option value="none" data-i18n="payout_none">simple</option></select></label>
        <p class="expl muted" data-i18n="expl_payout"></p>
        <label class="row"><span data-i18n="opt_old_jans">Anciens jans</span>
          <select name="old-jans"><option value="off" data-i18n="off">non</option><option value="on" data-i18n="on">oui</option></select></label>
        <p class="expl muted" data-i18n="expl_old_jans"></p>
        <label class="row"><span data-i18n="opt_false">Fausses cases</span>
          <select name="false-moves"><option value="refused" data-i18n="false_refused">refusées</option><option value="table" data-i18n="false_table">à la table</option></select></label>
        <p class="expl muted" data-i18n="expl_false"></p>
        <label class="row"><span data-i18n="opt_partie">Partie</span>
          <select name="partie"><option value="douze" data-i18n="partie_douze">en douze trous</option><option value="ecrire" data-i18n="partie_ecrire">à écrire (2 marqués)</option></select></label>
        <p class="expl muted" data-i18n="expl_partie"></p>
      </details>
`;
