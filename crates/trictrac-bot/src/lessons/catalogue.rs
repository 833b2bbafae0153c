//! The lessons: one position and one question each, in the order of the
//! seed article's sections on the jans (the rare jans, filling and
//! keeping, hitting true and false, the corner, the *jan qui ne peut*,
//! the exit). Most positions are conformance cases
//! (`tests/conformance/*.json`, `conformance` names the case), a few of
//! them Lelasseux-Lafosse's figures (1852); `article` holds the points
//! the article's values give (its table of the jans), which the tests
//! check against the engine.

use super::Text;

/// One lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its title.
    pub title: Text,
    /// What it teaches, after the article, shown with the correction.
    pub note: Text,
    /// The position in TPN, White to move.
    pub position: &'static str,
    /// The roll.
    pub dice: &'static str,
    /// The points (roller, opponent) by the article's values.
    pub article: (u32, u32),
    /// The conformance case it comes from, if any.
    pub conformance: Option<&'static str>,
}

const fn lesson(
    title: (&'static str, &'static str),
    note: (&'static str, &'static str),
    position: &'static str,
    dice: &'static str,
    article: (u32, u32),
    conformance: Option<&'static str>,
) -> Lesson {
    Lesson {
        title: Text {
            fr: title.0,
            en: title.1,
        },
        note: Text {
            fr: note.0,
            en: note.1,
        },
        position,
        dice,
        article,
        conformance,
    }
}

/// The lessons, in order.
pub const LESSONS: &[Lesson] = &[
    // Jans rares.
    lesson(
        ("Le jan de trois coups", "The three-roll jan"),
        ("Jan de trois coups (ou de six tables, R-6.11) : par ses trois premiers coups, le joueur peut garnir les six flèches qui suivent le talon. 4 points par simple ; il ne se fait pas par doublet.",
         "Jan de trois coups (six tables, R-6.11): with his first three rolls the player can place a checker on each of the six fields after the talon. 4 points on a single; never on a doublet."),
        "w:1x11,2,3,4,5 b:24x15 w rolls=2", "6-5", (4, 0), Some("trois-coups"),
    ),
    lesson(
        ("Le jan de deux tables", "The two-tables jan"),
        ("Jan de deux tables (R-6.12) : deux dames seulement hors du talon, le coup les porterait l'une dans son coin, l'autre dans le coin vide de l'adversaire. 4 par simple, 6 par doublet, par puissance.",
         "Jan de deux tables (R-6.12): only two checkers off the talon, the roll would carry one to his corner and the other to the opponent's empty corner. 4 on a single, 6 on a doublet, by power (nothing moves there)."),
        "w:1x13,6,7 b:24x15 w", "6-6", (6, 0), Some("deux-tables-double"),
    ),
    lesson(
        ("Le contre-jan de deux tables", "The counter two-tables jan"),
        ("Contre-jan de deux tables (R-6.12) : le même coup, mais l'adversaire tient déjà son coin : les points vont à l'adversaire.",
         "Contre-jan de deux tables (R-6.12): the same roll, but the opponent already holds his corner: the points go to the opponent."),
        "w:1x13,6,7 b:13x2,24x13 w", "6-6", (0, 6), Some("contre-deux-tables"),
    ),
    lesson(
        ("Le jan de mézéas", "The mezeas jan"),
        ("Jan de mézéas (R-6.13) : deux dames seulement sorties du talon, dans son coin, celui de l'adversaire vide, et le coup amène un ou deux as. 4 par simple, 6 par doublet.",
         "Jan de mézéas (R-6.13): only two checkers off the talon, both on his corner, the opponent's corner empty, and the roll shows one or two aces. 4 on a single, 6 on a doublet."),
        "w:1x13,12x2 b:24x15 w", "3-1", (4, 0), Some("mezeas-single"),
    ),
    lesson(
        ("Le contre-jan de mézéas", "The counter mezeas jan"),
        ("Contre-jan de mézéas (R-6.14) : comme le jan de mézéas, mais l'adversaire occupe déjà son coin : les points vont à l'adversaire.",
         "Contre-jan de mézéas (R-6.14): as the jan de mézéas, but the opponent already holds his corner: the points go to the opponent."),
        "w:1x13,12x2 b:13x2,24x13 w", "1-1", (0, 6), Some("contre-mezeas"),
    ),
    // Remplir, conserver.
    lesson(
        ("Remplir le petit jan", "Filling the petit jan"),
        ("Remplir (R-6.6) : garnir de deux dames chacune des six flèches d'un quart. Le petit jan est le quart du talon. Chaque moyen vaut 4 par simple, 6 par doublet : ici le 5 du talon et le 2 de la quatrième flèche.",
         "Filling (R-6.6): two checkers on each of the six fields of a quarter. The petit jan is the talon's quarter. Each way is worth 4 on a single, 6 on a doublet: here the 5 from the talon and the 2 from field 4."),
        "w:1x4,2x2,3x2,4x3,5x2,6,8 b:24x15 w", "5-2", (8, 0), Some("fill-petit-2ways"),
    ),
    lesson(
        ("Remplir par doublet", "Filling on a doublet"),
        ("Sur un doublet on ne remplit que par un ou deux moyens, une dame directe ou une tout d'une, à 6 points chacun (Lelasseux, fig. 8).",
         "On a doublet a quarter fills only one or two ways, a checker directly or one tout d'une, 6 points each (Lelasseux, fig. 8)."),
        "w:1x3,2x4,3x2,4x3,5x2,6 b:24x15 w", "2-2", (12, 0), Some("lelasseux-56-fig8-22"),
    ),
    lesson(
        ("Remplir le grand jan", "Filling the grand jan"),
        ("Le grand jan est le quart de son coin de repos. Sur un simple, une demi-case se couvre par trois moyens au plus : chaque dé et la tout d'une (Lelasseux, fig. 12).",
         "The grand jan is the quarter of his rest corner. On a single, a half-filled field can be covered three ways at most: each die and both dice with one checker (Lelasseux, fig. 12)."),
        "w:4,5,7x3,8x2,9x3,10x2,11,12x2 b:13x2,24x13 w", "4-2", (12, 0), Some("lelasseux-73-fig12-42"),
    ),
    lesson(
        ("Remplir le jan de retour", "Filling the jan de retour"),
        ("Le jan de retour se fait dans le quart du talon de l'adversaire, aux mêmes valeurs (Lelasseux, fig. 16).",
         "The jan de retour is made in the quarter of the opponent's talon, at the same values (Lelasseux, fig. 16)."),
        "w:16,17,19x3,20x2,21x3,22x2,23,24x2 b:1x5,2x2,3x2,4x2,5x2,6x2 w", "4-2", (12, 0), Some("lelasseux-104-fig16-42"),
    ),
    lesson(
        ("Conserver le petit jan", "Keeping the petit jan"),
        ("Conserver (R-6.7) : un jan plein qu'on peut garder en jouant ses deux dés rapporte 4 par simple, 6 par doublet, d'un seul moyen.",
         "Keeping (R-6.7): a full quarter that can be kept while playing both dice brings 4 on a single, 6 on a doublet, one way only."),
        "w:1x3,2x2,3x2,4x2,5x2,6x2,9x2 b:24x15 w", "2-1", (4, 0), Some("conserve-petit"),
    ),
    // Battre à vrai, battre à faux.
    lesson(
        ("Battre à vrai, directement", "A true hit, directly"),
        ("Battre (R-6.1) : un dé porte une de ses dames sur une flèche où l'adversaire a une dame seule. Dans la table du grand jan : 2 par simple, 4 par doublet, pour chaque moyen.",
         "Hitting (R-6.1): a die carries one of his checkers to a field where the opponent has a lone checker. In the grand-jan table: 2 on a single, 4 on a doublet, for each way."),
        "w:1x14,10 b:16,24x14 w", "6-3", (2, 0), Some("true-hit-grand-1way"),
    ),
    lesson(
        ("Battre à vrai, tout d'une", "A true hit with both dice"),
        ("Battre indirectement, par la somme des dés (tout d'une), est battre à vrai si l'un des repos n'est pas tenu par l'adversaire. Dans la table du petit jan : 4 par simple, 6 par doublet.",
         "Hitting indirectly, by the sum of the dice (tout d'une), is a true hit if one of the resting fields is not held by the opponent. In the petit-jan table: 4 on a single, 6 on a doublet."),
        "w:1x13,10x2 b:16x2,19,24x12 w", "5-4", (4, 0), Some("true-hit-petit-toutdune"),
    ),
    lesson(
        ("Battre par trois moyens", "A hit three ways"),
        ("Sur un simple une dame se bat à vrai par un à trois moyens : par chaque dé et tout d'une ; chaque moyen compte.",
         "On a single a checker is hit true one to three ways: by each die and by both; each way counts."),
        "w:1x11,6,10,11x2 b:15,24x14 w", "5-4", (6, 0), Some("true-hit-grand-3ways"),
    ),
    lesson(
        ("Battre à faux dans le petit jan", "A false hit in the petit jan"),
        ("Battre à faux (R-6.2) : tout d'une, quand les deux repos sont tenus par l'adversaire. Les points vont à l'adversaire : 4 par simple dans la table du petit jan (jan qui ne peut).",
         "A false hit (R-6.2): with both dice, when both resting fields are held by the opponent. The points go to the opponent: 4 on a single in the petit-jan table (jan qui ne peut)."),
        "w:1x13,10x2 b:14x2,15x2,19,24x10 w", "5-4", (0, 4), Some("false-hit-petit"),
    ),
    lesson(
        ("Battre à faux dans le grand jan", "A false hit in the grand jan"),
        ("Dans la table du grand jan, battre à faux donne 2 par simple, 4 par doublet à l'adversaire ; une dame n'est jamais battue à faux que d'un moyen.",
         "In the grand-jan table a false hit gives the opponent 2 on a single, 4 on a doublet; a checker is only ever hit false one way."),
        "w:1x14,11 b:13x2,15x2,17,24x10 w", "4-2", (0, 2), Some("false-hit-grand"),
    ),
    lesson(
        ("Battre à vrai et à faux du même coup", "True and false hits on one roll"),
        ("On peut battre des dames à vrai et d'autres à faux du même coup ; le joueur marque d'abord, l'adversaire ensuite (Lelasseux, fig. 36).",
         "One roll can hit some checkers true and others false; the roller marks first, then the opponent (Lelasseux, fig. 36)."),
        "w:1x2,2,3x2,6,7,8x2,10x2,11x2,12x2 b:13x2,15x3,17x3,18,19,20,21,22,23,24 w", "6-6", (26, 12), Some("lelasseux-331-fig36-66"),
    ),
    // Battre le coin.
    lesson(
        ("Battre le coin", "Hitting the corner"),
        ("Battre le coin (R-6.4) : son coin pris, celui de l'adversaire vide, le coup y porterait deux dames. 4 par simple, 6 par doublet ; jamais à faux.",
         "Hitting the corner (R-6.4): his own corner taken, the opponent's empty, the roll would carry two checkers there. 4 on a single, 6 on a doublet; never false."),
        "w:1x10,10,11,12x3 b:24x15 w", "3-2", (4, 0), Some("battre-le-coin"),
    ),
    lesson(
        ("Battre le coin par les surcases", "Hitting the corner from one's corner"),
        ("Les dames du coin de repos n'y contribuent que par leurs surcases, au-delà des deux qui le tiennent.",
         "Checkers on one's rest corner take part only beyond the two that hold it (the surcases)."),
        "w:1x11,12x4 b:24x15 w", "1-1", (6, 0), Some("battre-le-coin-surcases"),
    ),
    // Jan qui ne peut : dame impuissante.
    lesson(
        ("Une dame impuissante", "One unplayable die"),
        ("Jan qui ne peut (R-6.9) : un dé qu'on ne peut jouer donne 2 points à l'adversaire.",
         "Jan qui ne peut (R-6.9): a die that cannot be played gives the opponent 2 points."),
        "w:11x13,12x2 b:24x15 w", "6-1", (0, 2), Some("helpless-one"),
    ),
    lesson(
        ("Deux dames impuissantes", "Two unplayable dice"),
        ("Deux dés injouables donnent 4 points à l'adversaire, simple ou doublet : ici rien ne peut passer dans le jeu de retour tant que l'adversaire peut encore remplir (R-4.6).",
         "Two unplayable dice give the opponent 4 points, single or doublet: here nothing may pass into the way back while the opponent can still fill (R-4.6)."),
        "w:11x13,12x2 b:24x15 w", "6-5", (0, 4), Some("helpless-both"),
    ),
    // La sortie.
    lesson(
        ("La sortie", "The exit"),
        ("Sortir le premier ses quinze dames (R-6.10) vaut 4 par simple, 6 par doublet, si le coup lève la dernière dame.",
         "Being first to bear off all fifteen checkers (R-6.10) is worth 4 on a single, 6 on a doublet, if the roll bears off the last checker."),
        "w:20,23 b:5x15 w", "5-2", (4, 0), None,
    ),
];
