//! The score state: points, holes, bredouille and pavillon (R-5, R-8).

use crate::side::{BySide, Side};
use core::fmt;

/// The most points marked at once: more than any roll gives (the jans of
/// one roll, or a school on them, are well under a hundred points), so
/// that a declaration, a school or a command-line count above it is
/// refused as impossible rather than marked.
pub const MAX_MARK: u32 = 400;

/// Who is *en bredouille* (R-8.2), or holds the flag (*pavillon*, R-8.4):
/// the same state machine over points and over holes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bredouille {
    /// Nobody has scored since the last reset: the next scorer starts a run.
    #[default]
    Either,
    /// This side's run is uninterrupted.
    Side(Side),
    /// Both runs were interrupted: the next hole is simple.
    Neither,
}

impl Bredouille {
    /// The notation letter: `e`, `w`, `b` or `n`.
    pub const fn char(self) -> char {
        match self {
            Bredouille::Either => 'e',
            Bredouille::Side(s) => s.char(),
            Bredouille::Neither => 'n',
        }
    }

    /// Parses the notation letter.
    pub const fn from_char(c: char) -> Option<Bredouille> {
        match c {
            'e' => Some(Bredouille::Either),
            'n' => Some(Bredouille::Neither),
            c => match Side::from_char(c) {
                Some(s) => Some(Bredouille::Side(s)),
                None => None,
            },
        }
    }
}

impl fmt::Display for Bredouille {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Points and holes of both players with the bredouille and pavillon
/// states (TPN keys `score=`, `bredouille=`, `pavillon=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoreState {
    /// Points on the board, 0..=10 and even (R-5.1).
    pub points: BySide<u8>,
    /// Holes (*trous*), 0..=12 (R-5.2).
    pub holes: BySide<u8>,
    /// Bredouille state for points (R-8.2).
    pub bredouille: Bredouille,
    /// Pavillon state for holes (R-8.4).
    pub pavillon: Bredouille,
}

impl ScoreState {
    /// Whether this is the default state (no points, no holes, `e`, `e`).
    pub fn is_initial(&self) -> bool {
        *self == ScoreState::default()
    }

    /// The side whose points token goes with the second token, the
    /// *bredouille* (R-8.2), as the article draws it: a side en
    /// bredouille needs it only while the opponent has points on the board.
    /// Seed article, *A mani vuote*: "Il semplice caso in cui un giocatore
    /// segna i suoi dodici punti mentre l'altro ha ancora la sua fiche alle
    /// calcagna, non pone problemi" — the first scorer, facing a token
    /// still at the talons, has no second token; the second scorer, who
    /// interrupted him, "segnerà i suoi punti con la sua fiche accompagnata
    /// da una fiche aggiuntiva".
    ///
    /// ```
    /// use trictrac::score::{Bredouille, ScoreState};
    /// use trictrac::{BySide, Side};
    /// let mut s = ScoreState::default();
    /// s.points = BySide { white: 4, black: 0 };
    /// s.bredouille = Bredouille::Side(Side::White);
    /// assert_eq!(s.bredouille_token(), None, "obvious: Black has no point");
    /// s.points = BySide { white: 4, black: 2 };
    /// s.bredouille = Bredouille::Side(Side::Black);
    /// assert_eq!(s.bredouille_token(), Some(Side::Black));
    /// ```
    pub fn bredouille_token(&self) -> Option<Side> {
        match self.bredouille {
            Bredouille::Side(s) if *self.points.get(!s) > 0 => Some(s),
            _ => None,
        }
    }

    /// Where the flag (*pavillon*, R-8.4) stands, as the article places
    /// it. Seed article, *Padiglione*: at the start "la bandiera si trova
    /// tra i due perni"; the second player to mark holes, who interrupted
    /// the first, "afferra la bandierina e la mette nel foro del suo
    /// [perno]"; if he is interrupted in turn, the opponent "rimuoverebbe la
    /// bandierina e la metterebbe vicino all'apron". The first to mark holes
    /// does not take it: the opponent's peg still at the start shows his
    /// run.
    pub fn flag(&self) -> Flag {
        match self.pavillon {
            Bredouille::Side(s) if *self.holes.get(!s) > 0 => Flag::With(s),
            Bredouille::Neither => Flag::Aside,
            _ => Flag::BetweenPegs,
        }
    }
}

/// Where the flag (*pavillon*) stands ([`ScoreState::flag`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flag {
    /// Between the two pegs on the talons' band: nobody holds it.
    BetweenPegs,
    /// In this side's peg hole: he can still win en grande bredouille.
    With(Side),
    /// Put aside by the board: neither can win en grande bredouille.
    Aside,
}

/// A hole marked (*trou*): simple, or double when its twelve points were
/// scored without the opponent scoring in between (R-8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hole {
    /// One hole.
    Simple,
    /// Two holes (*bredouille*).
    Double,
}

impl Hole {
    /// How many holes it counts.
    pub const fn count(self) -> u8 {
        match self {
            Hole::Simple => 1,
            Hole::Double => 2,
        }
    }
}

/// What marking points did (R-8.1–R-8.4).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marking {
    /// Points marked.
    pub points: u32,
    /// Holes marked, in order.
    pub holes: Vec<Hole>,
    /// Whether the marking side reached 12 holes (R-5.2).
    pub won: bool,
}

impl Marking {
    /// Total holes marked.
    pub fn hole_count(&self) -> u32 {
        self.holes.iter().map(|h| h.count() as u32).sum()
    }
}

/// The shared bredouille / pavillon state machine (R-8.2, R-8.4): `side`
/// scores while it had `own_before` (points or holes) on the board.
fn run_after(state: Bredouille, side: Side, own_before: u32) -> Bredouille {
    match state {
        Bredouille::Either => Bredouille::Side(side),
        Bredouille::Side(s) if s == side => state,
        // The opponent was en bredouille: he is débredouillé. The scorer
        // becomes en bredouille unless his own run was broken before
        // (he already had interrupted points on the board).
        Bredouille::Side(_) if own_before > 0 => Bredouille::Neither,
        Bredouille::Side(_) => Bredouille::Side(side),
        Bredouille::Neither => Bredouille::Neither,
    }
}

impl ScoreState {
    /// Marks `points` won by `side` (R-8.1–R-8.4): updates the bredouille
    /// state, converts every 12 points into a hole (double when its points
    /// were uninterrupted; after the first hole of a marking the following
    /// ones are double, R-8.3), erases the opponent's points when a hole is
    /// marked, updates the pavillon, and stops at 12 holes (R-5.2).
    ///
    /// ```
    /// use trictrac::{ScoreState, Side, Bredouille, score::Hole};
    /// // R-8.3: 8 interrupted points and 26 more: a simple hole, a double
    /// // hole and 10 points in bredouille.
    /// let mut s: ScoreState = Default::default();
    /// s.points.white = 8;
    /// s.points.black = 4;
    /// s.bredouille = Bredouille::Neither;
    /// let m = s.mark(Side::White, 26);
    /// assert_eq!(m.holes, vec![Hole::Simple, Hole::Double]);
    /// assert_eq!((s.points.white, s.holes.white, s.points.black), (10, 3, 0));
    /// assert_eq!(s.bredouille, Bredouille::Side(Side::White));
    /// ```
    pub fn mark(&mut self, side: Side, points: u32) -> Marking {
        // Callers bound the points (MAX_MARK); the sum is checked anyway,
        // so that no count can wrap around.
        let points = points.min(MAX_MARK);
        let mut m = Marking {
            points,
            ..Marking::default()
        };
        if points == 0 || self.holes.white >= 12 || self.holes.black >= 12 {
            return m;
        }
        let own_before = *self.points.get(side) as u32;
        self.bredouille = run_after(self.bredouille, side, own_before);
        let mut total = own_before.saturating_add(points);
        let mut first = true;
        while total >= 12 {
            total -= 12;
            let double = !first || self.bredouille == Bredouille::Side(side);
            first = false;
            let hole = if double { Hole::Double } else { Hole::Simple };
            let holes_before = *self.holes.get(side) as u32;
            self.pavillon = run_after(self.pavillon, side, holes_before);
            let h = self.holes.get_mut(side);
            *h = (*h + hole.count()).min(12);
            *self.points.get_mut(!side) = 0;
            m.holes.push(hole);
            if *self.holes.get(side) >= 12 {
                m.won = true;
                total = 0;
                break;
            }
        }
        *self.points.get_mut(side) = total as u8;
        if !m.holes.is_empty() {
            self.bredouille = if total > 0 {
                Bredouille::Side(side)
            } else {
                Bredouille::Either
            };
        }
        m
    }

    /// The winner, once a side has 12 holes.
    pub fn winner(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| *self.holes.get(s) >= 12)
    }
}
