// Grand Trictrac's words (the shell's are in ../i18n.js).
import TRICTRAC_TEXTS from "../texts/trictrac.json" with { type: "json" };
export const TEXTS = TRICTRAC_TEXTS;
