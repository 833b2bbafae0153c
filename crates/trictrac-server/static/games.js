// The games this page plays, in the order the server registers them (the
// first is the default game): each game's module (games/<id>.js, whose
// `create(app)` gives the shell's interface of a game, app.js), imported
// and listed here only. What the page shows of each (the new-game form's
// options, its own sections, its links) comes from its module and its
// entry in /api/info.

import * as trictrac from "./games/trictrac.js";
import * as backgammon from "./games/backgammon.js";

export default [trictrac, backgammon];
