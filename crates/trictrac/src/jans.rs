//! The jans: what a roll brings to the player who rolled and what it gives
//! to his opponent (RULES.md sections 5–7), and the filling and conserving
//! obligations on the legal plays (R-6.8 step 3).
//!
//! Points are a function of the position and the roll *before* the
//! checkers move (R-2.4); only the exit (R-6.10) depends on the play.

use crate::board::{Field, Quarter, Table};
use crate::dice::{Die, Roll};
use crate::plays::{Mover, Play, PlayList};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use arrayvec::ArrayVec;
use core::fmt;

/// A scoring event of a roll (*jan*, R-5.3, section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jan {
    /// *Battre à vrai* (true hit) of a lone checker, R-6.1.
    TrueHit(Table),
    /// *Battre à faux* (false hit), R-6.2: to the opponent.
    FalseHit(Table),
    /// *Battre le coin* (hitting the corner), R-6.4.
    HitCorner,
    /// *Remplir* (filling) a quarter, R-6.5, R-6.6.
    Fill(Quarter),
    /// *Conserver* (keeping) a full quarter, R-6.7.
    Conserve(Quarter),
    /// *Dame impuissante* (unplayable die), R-6.9: to the opponent.
    Unplayable,
    /// *Sortie* (first to bear off all checkers), R-6.10.
    Exit,
    /// *Jan de trois coups* / *de six tables*, R-6.11.
    TroisCoups,
    /// *Jan de deux tables*, R-6.12.
    DeuxTables,
    /// *Contre-jan de deux tables*, R-6.12: to the opponent.
    ContreDeuxTables,
    /// *Jan de mézéas*, R-6.13.
    Mezeas,
    /// *Contre-jan de mézéas*, R-6.14: to the opponent.
    ContreMezeas,
    /// *Jan de rencontre* (option `old-jans`), R-6.15.
    Rencontre,
    /// *Margot la fendue* (option `old-jans`), R-6.16: to the opponent.
    Margot,
    /// *Pile de misère* (option `old-jans`), R-6.17.
    PileDeMisere,
}

impl Jan {
    /// The French name, as players say it.
    pub fn french_name(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(Table::PetitJan) => "battre à vrai dans la table du petit jan",
            TrueHit(Table::GrandJan) => "battre à vrai dans la table du grand jan",
            FalseHit(Table::PetitJan) => "battre à faux dans la table du petit jan",
            FalseHit(Table::GrandJan) => "battre à faux dans la table du grand jan",
            HitCorner => "battre le coin",
            Fill(Quarter::PetitJan) => "remplir le petit jan",
            Fill(Quarter::GrandJan) => "remplir le grand jan",
            Fill(_) => "remplir le jan de retour",
            Conserve(Quarter::PetitJan) => "conserver le petit jan",
            Conserve(Quarter::GrandJan) => "conserver le grand jan",
            Conserve(_) => "conserver le jan de retour",
            Unplayable => "jan qui ne peut (dame impuissante)",
            Exit => "sortie",
            TroisCoups => "jan de trois coups",
            DeuxTables => "jan de deux tables",
            ContreDeuxTables => "contre-jan de deux tables",
            Mezeas => "jan de mézéas",
            ContreMezeas => "contre-jan de mézéas",
            Rencontre => "jan de rencontre",
            Margot => "margot la fendue",
            PileDeMisere => "pile de misère",
        }
    }

    /// An English gloss.
    pub fn english_name(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(Table::PetitJan) => "true hit in the petit-jan table",
            TrueHit(Table::GrandJan) => "true hit in the grand-jan table",
            FalseHit(Table::PetitJan) => "false hit in the petit-jan table",
            FalseHit(Table::GrandJan) => "false hit in the grand-jan table",
            HitCorner => "hitting the corner",
            Fill(Quarter::PetitJan) => "filling the petit jan",
            Fill(Quarter::GrandJan) => "filling the grand jan",
            Fill(_) => "filling the jan de retour",
            Conserve(Quarter::PetitJan) => "keeping the petit jan",
            Conserve(Quarter::GrandJan) => "keeping the grand jan",
            Conserve(_) => "keeping the jan de retour",
            Unplayable => "unplayable die",
            Exit => "first to bear off all checkers",
            TroisCoups => "three-roll jan",
            DeuxTables => "two-tables jan",
            ContreDeuxTables => "counter two-tables jan",
            Mezeas => "mezeas jan",
            ContreMezeas => "counter mezeas jan",
            Rencontre => "meeting jan",
            Margot => "split Margot",
            PileDeMisere => "pile of misery",
        }
    }

    /// A short stable identifier, e.g. `true-hit`, `fill`, `unplayable`.
    pub fn id(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(_) => "true-hit",
            FalseHit(_) => "false-hit",
            HitCorner => "hit-corner",
            Fill(_) => "fill",
            Conserve(_) => "conserve",
            Unplayable => "unplayable",
            Exit => "exit",
            TroisCoups => "trois-coups",
            DeuxTables => "deux-tables",
            ContreDeuxTables => "contre-deux-tables",
            Mezeas => "mezeas",
            ContreMezeas => "contre-mezeas",
            Rencontre => "rencontre",
            Margot => "margot",
            PileDeMisere => "pile-de-misere",
        }
    }

    /// The rule id that defines it.
    pub fn rule(self) -> &'static str {
        use Jan::*;
        match self {
            TrueHit(_) => "R-6.1",
            FalseHit(_) => "R-6.2",
            HitCorner => "R-6.4",
            Fill(_) => "R-6.6",
            Conserve(_) => "R-6.7",
            Unplayable => "R-6.9",
            Exit => "R-6.10",
            TroisCoups => "R-6.11",
            DeuxTables | ContreDeuxTables => "R-6.12",
            Mezeas => "R-6.13",
            ContreMezeas => "R-6.14",
            Rencontre => "R-6.15",
            Margot => "R-6.16",
            PileDeMisere => "R-6.17",
        }
    }
}

/// Who marks the points of a jan (R-5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Beneficiary {
    /// The player who rolled (*J*).
    Mover,
    /// His opponent (*A*): jans qui ne peut.
    Opponent,
}

/// A way (*façon*, *moyen*) of achieving a jan (section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// One die alone.
    Die(Die),
    /// Both dice with one checker (*tout d'une*).
    ToutDUne,
    /// Both dice with two checkers (a fill of two missing checkers).
    BothDice,
}

impl fmt::Display for Way {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Way::Die(d) => write!(f, "{d}"),
            Way::ToutDUne => f.write_str("tout d'une"),
            Way::BothDice => f.write_str("both dice"),
        }
    }
}

/// One jan of a roll with its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JanEvent {
    /// Which jan.
    pub jan: Jan,
    /// Who marks it.
    pub beneficiary: Beneficiary,
    /// The ways that achieve it (empty for jans counted without ways; for
    /// unplayable dice, one entry per unplayed die).
    pub ways: ArrayVec<Way, 3>,
    /// Fields involved, absolute frame: for a hit the target first, then
    /// the origins; for a fill the field completed; for the corner jans
    /// the corners.
    pub fields: ArrayVec<Field, 4>,
    /// Points marked.
    pub points: u32,
    /// Scored only if the play makes it (the exit, R-4.8).
    pub depends_on_play: bool,
    /// A conserve by helplessness (R-6.7).
    pub helpless: bool,
}

/// Everything a roll brings and gives, before the checkers move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollScore {
    /// The player who rolled.
    pub side: Side,
    /// The roll.
    pub roll: Roll,
    /// The jans, mover's first.
    pub jans: Vec<JanEvent>,
    /// Points for the player who rolled.
    pub mover_points: u32,
    /// Points for his opponent.
    pub opponent_points: u32,
}

/// Game history a few jans need that a position does not hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollContext {
    /// For the jan de rencontre (R-6.15, `old-jans`): the first player's
    /// first roll of the game, when this roll is the second player's first.
    pub rencontre_with: Option<Roll>,
}

/// The quarters a player may fill (R-6.5).
const FILLABLE: [Quarter; 3] = [Quarter::PetitJan, Quarter::GrandJan, Quarter::JanDeRetour];

#[inline]
fn corner_after(cnt: &[u8; 26], play: &Play) -> u8 {
    let mut c = cnt[12];
    for m in play.moves() {
        if m.from == 12 {
            c -= 1;
        }
        if m.to == 12 {
            c += 1;
        }
    }
    c
}

/// What the mover's quarters look like before the roll.
#[derive(Clone, Copy)]
pub(crate) struct QuarterState {
    pub(crate) quarter: Quarter,
    first: u8,
    full: bool,
    /// Checkers missing to be full: sum over fields of max(0, 2 − count).
    missing: u8,
    /// Per field: count − 2 inside the quarter, a large value outside
    /// (fields outside never constrain), so that `slack + delta >= 0`
    /// tells whether a field of the quarter still holds two checkers.
    slack: [i8; 26],
    /// The fields holding fewer than two checkers (the first six; 0 for
    /// none).
    deficient: [u8; 6],
}

impl QuarterState {
    fn new(cnt: &[u8; 26], quarter: Quarter) -> QuarterState {
        let first = quarter.first();
        let mut slack = [100i8; 26];
        // Field 0 never holds a checker: unused move slots and unused
        // deficient slots point there and never constrain.
        let mut deficient = [0u8; 6];
        let mut n_deficient = 0;
        let mut missing = 0;
        for f in first..first + 6 {
            let c = cnt[f as usize];
            slack[f as usize] = c as i8 - 2;
            if c < 2 {
                missing += 2 - c;
                deficient[n_deficient as usize] = f;
                n_deficient += 1;
            }
        }
        QuarterState {
            quarter,
            first,
            full: missing == 0,
            missing,
            slack,
            deficient,
        }
    }

    fn contains(&self, f: u8) -> bool {
        (self.first..self.first + 6).contains(&f)
    }

    /// Whether `play` leaves every field of the quarter with 2+: the
    /// fields it leaves keep two, and every deficient field is made up.
    /// On the path of every legal-play list, hence the branch-light form.
    /// Meaningful when at most two checkers are missing (the only case
    /// the obligations look at): at most two deficient fields.
    #[inline(always)]
    fn full_after(&self, play: &Play) -> bool {
        let m = &play.moves;
        let (f1, t1, f2, t2) = (m[0].from, m[0].to, m[1].from, m[1].to);
        let (d1, d2) = (self.deficient[0], self.deficient[1]);
        // Every deficient field must receive a checker: most plays fail
        // here at once.
        if d1 != 0 && t1 != d1 && t2 != d1 {
            return false;
        }
        let s = &self.slack;
        let end = |x: u8| {
            s[x as usize] as i32 + (t1 == x) as i32 + (t2 == x) as i32
                - (f1 == x) as i32
                - (f2 == x) as i32
        };
        (end(f1) | end(f2) | end(d1) | end(d2)) >= 0
    }

    /// Whether `play` fills this (not full) quarter in a way that counts:
    /// the jan de retour may not be filled with the checkers that hold the
    /// corner (R-6.6).
    #[inline]
    fn filled_by(&self, cnt: &[u8; 26], play: &Play) -> bool {
        !self.full
            && self.full_after(play)
            && !(self.quarter == Quarter::JanDeRetour
                && cnt[12] >= 2
                && corner_after(cnt, play) < 2)
    }

    /// Whether a checker leaving `f` completes the quarter by itself: it
    /// comes from outside or is a surcase, and is not one of the two
    /// checkers holding the corner for the jan de retour (R-6.6).
    fn eligible_source(&self, cnt: &[u8; 26], f: u8) -> bool {
        if f == 12 && self.quarter == Quarter::JanDeRetour {
            return cnt[12] >= 3;
        }
        !self.contains(f) || cnt[f as usize] >= 3
    }
}

/// The filling and conserving analysis of a roll (R-6.5–R-6.8).
pub(crate) struct Obligations {
    /// The quarter filled (at most one can be, 15 checkers), with its ways.
    pub(crate) fill: Option<(QuarterState, ArrayVec<Way, 3>, u8)>,
    /// The full quarter kept, and whether by helplessness.
    pub(crate) conserve: Option<QuarterState>,
}

/// Bit set of the plays of a list (up to 256).
type PlaySet = [u64; 4];

fn set_bit(s: &mut PlaySet, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

fn has_bit(s: &PlaySet, i: usize) -> bool {
    s[i / 64] & (1 << (i % 64)) != 0
}

/// Applies R-6.8 step 3 to `plays` (the plays after steps 1–2) and says
/// which quarter is filled (with its ways) or kept.
/// The one quarter that can be filled or kept this roll, if any: a
/// quarter missing at most two checkers (a play brings at most two), or a
/// full one. With 15 checkers there is at most one (R-6.8: only one
/// quarter can be full at a time, and two near-full ones need 20).
pub(crate) fn relevant_quarter(cnt: &[u8; 26]) -> Option<QuarterState> {
    FILLABLE.into_iter().find_map(|q| {
        let first = q.first() as usize;
        let missing: u8 = cnt[first..first + 6]
            .iter()
            .map(|&c| 2u8.saturating_sub(c))
            .sum();
        (missing <= 2).then(|| QuarterState::new(cnt, q))
    })
}

/// Keeps the plays whose bit is set in `keep`.
fn keep_marked(plays: &mut PlayList, keep: &PlaySet) {
    let mut j = 0;
    for i in 0..plays.len() {
        if has_bit(keep, i) {
            plays[j] = plays[i];
            j += 1;
        }
    }
    plays.truncate(j);
}

/// Applies R-6.8 step 3 to `plays` (the plays after steps 1–2) for the
/// relevant quarter `qs`, and says whether it is filled (with its ways,
/// computed when `ways` is set) or kept.
pub(crate) fn obligations(
    qs: Option<&QuarterState>,
    cnt: &[u8; 26],
    roll: Roll,
    plays: &mut PlayList,
    ways: bool,
) -> Obligations {
    let mut out = Obligations {
        fill: None,
        conserve: None,
    };
    let Some(qs) = qs else {
        return out;
    };
    let mut marked: PlaySet = [0; 4];
    let mut any = false;
    if qs.full {
        for (i, p) in plays.iter().enumerate() {
            if qs.full_after(p) {
                set_bit(&mut marked, i);
                any = true;
            }
        }
        if any {
            keep_marked(plays, &marked);
            out.conserve = Some(*qs);
        }
        return out;
    }
    for (i, p) in plays.iter().enumerate() {
        if qs.filled_by(cnt, p) {
            set_bit(&mut marked, i);
            any = true;
        }
    }
    if any {
        let w = if ways {
            fill_ways(cnt, roll, qs, plays, &marked)
        } else {
            ArrayVec::new()
        };
        let n = w.len() as u8;
        keep_marked(plays, &marked);
        out.fill = Some((*qs, w, n));
    }
    out
}

/// The ways a roll fills quarter `qs` (R-6.6), given the plays that fill
/// it (`filling` marks them in `plays`).
fn fill_ways(
    cnt: &[u8; 26],
    roll: Roll,
    qs: &QuarterState,
    plays: &PlayList,
    filling: &PlaySet,
) -> ArrayVec<Way, 3> {
    let mut ways = ArrayVec::new();
    if qs.missing >= 2 {
        // Two or more checkers missing: at most one way.
        let td = plays
            .iter()
            .enumerate()
            .filter(|(i, _)| has_bit(filling, *i))
            .all(|(_, p)| p.is_tout_d_une());
        ways.push(if td { Way::ToutDUne } else { Way::BothDice });
        return ways;
    }
    // Exactly one checker missing: the demi-case h.
    let Some(h) = (qs.first..qs.first + 6).find(|&f| cnt[f as usize] < 2) else {
        return ways;
    };
    let (a, b) = (roll.high().value(), roll.low().value());
    let mut die_a = false;
    let mut die_b = false;
    let mut td = false;
    let mut mark = |from: u8, die: u8| {
        if qs.eligible_source(cnt, from) {
            if die == a {
                die_a = true;
            } else {
                die_b = true;
            }
        }
    };
    for (i, p) in plays.iter().enumerate() {
        if !has_bit(filling, i) {
            continue;
        }
        let m = p.moves();
        if p.is_tout_d_une() {
            let (s, t) = (m[0].from, m[1].to);
            if t != h {
                continue;
            }
            if qs.eligible_source(cnt, s) {
                td = true;
            }
            // The same position as a checker already on a rest moved onto
            // h and the hole repaired from s: a die way when that checker
            // is a surcase or comes from outside.
            for (x, y) in [(m[0].die, m[1].die), (m[1].die, m[0].die)] {
                let r = s + x;
                if cnt[r as usize] >= 1 && r + y == h {
                    mark(r, y);
                }
            }
        } else {
            for c in m {
                if c.to == h && !p.is_power() {
                    mark(c.from, c.die);
                }
            }
        }
    }
    if die_a {
        ways.push(Way::Die(Die::new(a)));
    }
    if die_b && a != b {
        ways.push(Way::Die(Die::new(b)));
    }
    if td {
        ways.push(Way::ToutDUne);
    }
    ways
}

/// Values of a jan per way: (single, double).
fn value(roll: Roll, single: u32, double: u32) -> u32 {
    if roll.is_double() {
        double
    } else {
        single
    }
}

impl Position {
    /// The legal plays of `roll` after every law, including the filling
    /// and conserving obligations (R-6.8).
    /// What `roll` brings to the side to move and gives to his opponent,
    /// under the default rules (see [`Position::score_roll_with`]).
    ///
    /// ```
    /// use trictrac::{Position, Roll};
    /// // Conformance case true-hit-grand-3ways: 5 from 10, 4 from 11, 9 from 6.
    /// let pos: Position = "w:1x11,6,10,11x2 b:15,24x14 w".parse().unwrap();
    /// let s = pos.score_roll(Roll::new(5, 4));
    /// assert_eq!((s.mover_points, s.opponent_points), (6, 0));
    /// assert_eq!(s.jans[0].ways.len(), 3);
    /// ```
    pub fn score_roll(&self, roll: Roll) -> RollScore {
        self.score_roll_with(roll, &Rules::DEFAULT, &RollContext::default())
            .0
    }

    /// The jans of `roll` for the side to move, and the legal plays left
    /// by the filling and conserving obligations (R-6.8).
    pub fn score_roll_with(
        &self,
        roll: Roll,
        rules: &Rules,
        ctx: &RollContext,
    ) -> (RollScore, PlayList) {
        self.scorer(rules).score(roll, ctx)
    }

    /// A scorer for this position: what does not depend on the roll is
    /// computed once, then [`RollScorer::score`] scores each roll.
    ///
    /// ```
    /// use trictrac::{Position, Roll, RollContext, Rules};
    /// let pos = Position::start();
    /// let scorer = pos.scorer(&Rules::DEFAULT);
    /// let total: u32 = Roll::ALL
    ///     .iter()
    ///     .map(|&r| scorer.score(r, &RollContext::default()).0.mover_points)
    ///     .sum();
    /// assert_eq!(total, 0);
    /// ```
    pub fn scorer(&self, rules: &Rules) -> RollScorer<'_> {
        RollScorer {
            pos: self,
            mover: Mover::new(self, rules),
            rules: *rules,
        }
    }
}

/// Scores the rolls of one position (see [`Position::scorer`]).
#[derive(Clone)]
pub struct RollScorer<'a> {
    pos: &'a Position,
    mover: Mover,
    rules: Rules,
}

impl RollScorer<'_> {
    /// The jans of `roll` for the side to move, and the legal plays left
    /// by the filling and conserving obligations (R-6.8).
    pub fn score(&self, roll: Roll, ctx: &RollContext) -> (RollScore, PlayList) {
        let mover = &self.mover;
        let rules = &self.rules;
        let mut plays = PlayList::new();
        mover.generate(roll, &mut plays);
        let side = self.pos.turn;
        let st = mover.state();
        let cnt = &st.cnt;
        let abs = |f: u8| Field::new(f).to_absolute(side);
        let (a, b) = (roll.high().value(), roll.low().value());
        let double = roll.is_double();
        let mut jans: Vec<JanEvent> = Vec::new();
        let ev = |jan: Jan, beneficiary: Beneficiary, points: u32| JanEvent {
            jan,
            beneficiary,
            ways: ArrayVec::new(),
            fields: ArrayVec::new(),
            points,
            depends_on_play: false,
            helpless: false,
        };
        let own = st.own;
        let (opp1, opp2) = mover.opp_masks();
        let opp_corner_empty = !mover.opp_on(13);

        // Rare jans at the start of a relevé (R-6.11–R-6.14).
        let off_talon = 15 - cnt[1] as u32;
        let on_board: u32 = (1..25).map(|f| cnt[f] as u32).sum();
        if !double && self.pos.rolls_played(side) == Some(2) && cnt[1] == 11 && on_board == 15 {
            let singles: Vec<u8> = (2..=7).filter(|&f| cnt[f as usize] == 1).collect();
            let elsewhere: u32 = (2..25)
                .filter(|f| !(2..=7).contains(f))
                .map(|f| cnt[f] as u32)
                .sum();
            if singles.len() == 4 && elsewhere == 0 {
                let empty: Vec<u8> = (2..=7).filter(|&f| cnt[f as usize] == 0).collect();
                let mut targets = [1 + a, 1 + b];
                targets.sort_unstable();
                if empty == targets {
                    let mut e = ev(Jan::TroisCoups, Beneficiary::Mover, 4);
                    e.ways.push(Way::BothDice);
                    e.fields.extend(empty.iter().map(|&f| abs(f)));
                    jans.push(e);
                }
            }
        }
        if off_talon == 2 && on_board == 15 && cnt[12] == 0 {
            // The two checkers off the talon.
            let mut two = ArrayVec::<u8, 2>::new();
            for f in 2..25u8 {
                for _ in 0..cnt[f as usize] {
                    let _ = two.try_push(f);
                }
            }
            if two.len() == 2 {
                let (x, y) = (two[0], two[1]);
                let reach =
                    |p: u8, q: u8| (p + a == 12 && q + b == 13) || (p + b == 12 && q + a == 13);
                if reach(x, y) || reach(y, x) {
                    let (jan, who) = if opp_corner_empty {
                        (Jan::DeuxTables, Beneficiary::Mover)
                    } else {
                        (Jan::ContreDeuxTables, Beneficiary::Opponent)
                    };
                    let mut e = ev(jan, who, value(roll, 4, 6));
                    e.ways.push(Way::BothDice);
                    e.fields.extend([abs(x), abs(y)]);
                    jans.push(e);
                }
            }
        }
        if off_talon == 2 && on_board == 15 && cnt[12] == 2 && (a == 1 || b == 1) {
            let (jan, who) = if opp_corner_empty {
                (Jan::Mezeas, Beneficiary::Mover)
            } else {
                (Jan::ContreMezeas, Beneficiary::Opponent)
            };
            let mut e = ev(jan, who, value(roll, 4, 6));
            e.fields.push(abs(12));
            jans.push(e);
        }

        // Hits (R-6.1–R-6.3), one event per lone checker.
        let mut targets = opp1;
        while targets != 0 {
            let t = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let mut ways = ArrayVec::<Way, 3>::new();
            let mut fields = ArrayVec::<Field, 4>::new();
            fields.push(abs(t));
            let dice: &[u8] = if double { &[a] } else { &[a, b] };
            for &d in dice {
                if t > d && own & (1 << (t - d)) != 0 {
                    ways.push(Way::Die(Die::new(d)));
                    fields.push(abs(t - d));
                }
            }
            let s = a + b;
            let mut false_hit = false;
            if t > s && own & (1 << (t - s)) != 0 {
                let src = t - s;
                let open = |r: u8| opp2 & (1 << r) == 0;
                let any_open = if double {
                    open(src + a)
                } else {
                    open(src + a) || open(src + b)
                };
                if any_open {
                    ways.push(Way::ToutDUne);
                    fields.push(abs(src));
                } else if ways.is_empty() {
                    false_hit = true;
                    fields.push(abs(src));
                }
            }
            let table = Field::new(t).table();
            let per_way = match table {
                Table::PetitJan => value(roll, 4, 6),
                Table::GrandJan => value(roll, 2, 4),
            };
            if !ways.is_empty() {
                let n = ways.len() as u32;
                jans.push(JanEvent {
                    jan: Jan::TrueHit(table),
                    beneficiary: Beneficiary::Mover,
                    ways,
                    fields,
                    points: n * per_way,
                    depends_on_play: false,
                    helpless: false,
                });
            } else if false_hit {
                let mut e = ev(Jan::FalseHit(table), Beneficiary::Opponent, per_way);
                e.ways.push(Way::ToutDUne);
                e.fields = fields;
                jans.push(e);
            }
        }

        // Hitting the corner (R-6.4).
        if cnt[12] >= 2 && opp_corner_empty {
            let avail = |f: u8, need: u8| {
                let extra = if f == 12 { 2 } else { 0 };
                cnt[f as usize] >= need + extra
            };
            let ok = if double {
                avail(13 - a, 2)
            } else {
                avail(13 - a, 1) && avail(13 - b, 1)
            };
            if ok {
                let mut e = ev(Jan::HitCorner, Beneficiary::Mover, value(roll, 4, 6));
                e.fields.push(abs(13));
                jans.push(e);
            }
        }

        // Filling and conserving, and the obligations they put on the play.
        let ob = obligations(mover.quarter(), cnt, roll, &mut plays, true);
        if let Some((qs, ways, n)) = ob.fill {
            let h = (qs.first..qs.first + 6).filter(|&f| cnt[f as usize] < 2);
            let mut e = ev(
                Jan::Fill(qs.quarter),
                Beneficiary::Mover,
                n as u32 * value(roll, 4, 6),
            );
            for f in h.take(4) {
                e.fields.push(abs(f));
            }
            e.ways = ways;
            jans.push(e);
        }
        let dice_used = plays.first().map_or(0, |p| p.dice_used());
        if let Some(qs) = ob.conserve {
            let mut e = ev(
                Jan::Conserve(qs.quarter),
                Beneficiary::Mover,
                value(roll, 4, 6),
            );
            e.helpless = dice_used < 2;
            jans.push(e);
        }

        // The exit (R-6.10, R-4.8): some play removes the last checker.
        let exits = on_board <= 2
            && plays
                .iter()
                .any(|p| p.moves().iter().filter(|m| m.to == 25).count() as u32 == on_board);
        if exits {
            let mut e = ev(Jan::Exit, Beneficiary::Mover, value(roll, 4, 6));
            e.depends_on_play = true;
            jans.push(e);
        }

        // Old jans (option `old-jans`, R-6.15–R-6.17).
        {
            if rules.old_jans.rencontre && ctx.rencontre_with == Some(roll) {
                let points = match rules.rencontre {
                    crate::rules::RencontreValue::FourSix => value(roll, 4, 6),
                    crate::rules::RencontreValue::TwoFour => value(roll, 2, 4),
                };
                jans.push(ev(Jan::Rencontre, Beneficiary::Mover, points));
            }
            if rules.old_jans.pile && cnt[12] == 15 && plays.first() == Some(&Play::PASS) {
                let mut e = ev(Jan::PileDeMisere, Beneficiary::Mover, value(roll, 4, 6));
                e.fields.push(abs(12));
                jans.push(e);
            }
        }

        // Unplayable dice (R-6.9), unless the last checker leaves (R-4.8).
        let unplayed = if exits { 0 } else { 2 - dice_used as u32 };
        if unplayed > 0 {
            let mut e = ev(Jan::Unplayable, Beneficiary::Opponent, 2 * unplayed);
            let first_played = plays.first().and_then(|p| p.moves().first().map(|m| m.die));
            if double {
                for _ in 0..unplayed {
                    e.ways.push(Way::Die(Die::new(a)));
                }
            } else {
                for d in [a, b] {
                    if Some(d) != first_played {
                        e.ways.push(Way::Die(Die::new(d)));
                    }
                }
            }
            jans.push(e);
        }
        if rules.old_jans.margot {
            // Margot la fendue: a lone checker of the mover between two lone
            // opponent checkers.
            for f in 2..24u8 {
                if cnt[f as usize] == 1 && opp1 & (1 << (f - 1)) != 0 && opp1 & (1 << (f + 1)) != 0
                {
                    let mut e = ev(Jan::Margot, Beneficiary::Opponent, value(roll, 2, 4));
                    e.fields.extend([abs(f - 1), abs(f), abs(f + 1)]);
                    jans.push(e);
                }
            }
        }

        jans.sort_by_key(|e| e.beneficiary == Beneficiary::Opponent);
        let mover_points = jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Mover)
            .map(|e| e.points)
            .sum();
        let opponent_points = jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Opponent)
            .map(|e| e.points)
            .sum();
        (
            RollScore {
                side,
                roll,
                jans,
                mover_points,
                opponent_points,
            },
            plays,
        )
    }
}
